import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zApprovalDelegateChoices,
  zApprovalDelegation,
  zApprovalDelegationInput,
  zApprovalDelegationList,
  zApprovalLimit,
  zApprovalLimitInput,
  zApprovalSettings,
  zApprovalPolicy,
  zApprovalPolicyInput,
  zDocumentApprovals,
  zIdParam,
} from '@flowline/shared';
import { assertAdministrator, assertCanChangeData } from '../../auth/policy';
import { requireTenant } from '../../auth/request-context';
import { loadDocument } from '../documents/policy';
import type { ApiModule } from '../types';
import { presentApprovals } from './chain';
import {
  createDelegation,
  deleteDelegation,
  getApprovalSettings,
  listDelegateChoices,
  listDelegations,
  putApprovalSettings,
} from './delegations';
import { getApprovalLimit, setApprovalLimit } from './limits';
import {
  createApprovalPolicy,
  deleteApprovalPolicy,
  listApprovalPolicies,
  updateApprovalPolicy,
} from './policies';

/**
 * Approval chains (issue 29 item 1; docs/approvals.md): the policies and limits Administrators
 * set, and the chain an invoice's receiver sees.
 */
export const approvalsRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/approvalpolicies',
    {
      schema: {
        tags,
        summary: "The company's approval policies in the order they are tried",
        response: { 200: z.array(zApprovalPolicy) },
      },
    },
    async (req) => listApprovalPolicies(db, requireTenant(req)),
  );

  api.post(
    '/approvalpolicies',
    {
      schema: {
        tags,
        summary: 'Adds an approval policy (invoices arriving afterwards use it)',
        body: zApprovalPolicyInput,
        response: { 201: zApprovalPolicy },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createApprovalPolicy(db, requireTenant(req), req.body)),
  );

  api.put(
    '/approvalpolicies/:id',
    {
      schema: {
        tags,
        summary: 'Changes an approval policy; invoices in flight keep their chain',
        params,
        body: zApprovalPolicyInput,
        response: { 200: zApprovalPolicy },
      },
    },
    async (req) => updateApprovalPolicy(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/approvalpolicies/:id',
    {
      schema: { tags, summary: 'Deletes an approval policy', params, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteApprovalPolicy(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/documents/:id/approvals',
    {
      schema: {
        tags,
        summary: "The receiver's approval chain of the invoice and whether the caller may approve",
        params,
        response: { 200: zDocumentApprovals },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      return presentApprovals(db, ctx, await loadDocument(db, ctx, req.params.id));
    },
  );

  api.get(
    '/users/:id/approvallimit',
    {
      schema: {
        tags,
        summary: "The user's approval limit (null: no limit)",
        params,
        response: { 200: zApprovalLimit },
      },
    },
    async (req) => getApprovalLimit(db, requireTenant(req), req.params.id),
  );

  api.put(
    '/users/:id/approvallimit',
    {
      schema: {
        tags,
        summary: "Sets the user's approval limit (empty: no limit)",
        params,
        body: zApprovalLimitInput,
        response: { 200: zApprovalLimit },
      },
    },
    async (req) => setApprovalLimit(db, requireTenant(req), req.params.id, req.body.approvalLimit),
  );

  api.get(
    '/approvals/delegates',
    {
      schema: {
        tags,
        summary: "The company's people who may approve (the 'Out of office' choices)",
        response: { 200: zApprovalDelegateChoices },
      },
    },
    async (req) => listDelegateChoices(db, requireTenant(req)),
  );

  api.get(
    '/approvals/delegations',
    {
      schema: {
        tags,
        summary: "'Out of office' delegations not yet ended: the caller's (Administrators: all)",
        response: { 200: zApprovalDelegationList },
      },
    },
    async (req) => listDelegations(db, requireTenant(req)),
  );

  api.post(
    '/approvals/delegations',
    {
      schema: {
        tags,
        summary: "Delegates the caller's approvals (Administrators: a user's) for a date range",
        body: zApprovalDelegationInput,
        response: { 201: zApprovalDelegation },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      assertCanChangeData(ctx);
      return reply.status(201).send(await createDelegation(db, ctx, req.body));
    },
  );

  api.delete(
    '/approvals/delegations/:id',
    {
      schema: { tags, summary: 'Ends a delegation', params, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      assertCanChangeData(ctx);
      await deleteDelegation(db, ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/approvals/settings',
    {
      schema: {
        tags,
        summary: 'Reminders and escalation of waiting approvals (business days; null: off)',
        response: { 200: zApprovalSettings },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      assertAdministrator(ctx);
      return getApprovalSettings(db, ctx.companyId);
    },
  );

  api.put(
    '/approvals/settings',
    {
      schema: {
        tags,
        summary: 'Sets the reminders and escalation of waiting approvals (Administrators)',
        body: zApprovalSettings,
        response: { 200: zApprovalSettings },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      assertAdministrator(ctx);
      return putApprovalSettings(db, ctx.companyId, req.body);
    },
  );
};
