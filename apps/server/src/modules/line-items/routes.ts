import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAccountCode,
  zAccountCodeParams,
  zAccountCodeQuery,
  zDocumentLineItems,
  zIdParam,
  zProposedLineItems,
  zProposedLineItemsParams,
  zSaveLineCodingInput,
  zSaveLineItemsInput,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { codingRuleResults, mailAutoApproval } from '../coding-rules/evaluate';
import { applyCodingEditRules } from '../three-way-match/arrival';
import { findChain } from '../approvals/repository';
import {
  findWaitingApproval,
  mailWaitingApproval,
  notifyWaitingApproval,
} from '../approvals/waiting-mail';
import { loadDocument } from '../documents/policy';
import type { ApiModule } from '../types';
import { proposedLineItems } from './proposals';
import {
  listAccountCodes,
  presentLineItems,
  saveLineCoding,
  saveLineItems,
  type RuleResultsLoader,
} from './service';

/**
 * Detail line items (issue 12 item 3; docs/line-items.md): the sender's lines, the receiver's
 * coding on its own side, proposed line items and the receiving company's account codes.
 */
export const lineItemsRoutes: ApiModule = async (app, { db, config, mailer }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['line items'];
  const params = z.object({ id: zIdParam });
  const ruleResults: RuleResultsLoader = (tx, ctx, loaded) =>
    codingRuleResults(tx, ctx.companyId, loaded.document.id);

  api.get(
    '/documents/:id/lineItems',
    {
      schema: {
        tags,
        summary: "The document's lines with this company's coding, and what the caller may change",
        params,
        response: { 200: zDocumentLineItems },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      return presentLineItems(db, ctx, await loadDocument(db, ctx, req.params.id), ruleResults);
    },
  );

  api.put(
    '/documents/:id/lineItems',
    {
      schema: {
        tags,
        summary: 'The sender replaces its lines (in order) while the document is editable',
        params,
        body: zSaveLineItemsInput,
        response: { 200: zDocumentLineItems },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      await saveLineItems(db, ctx, req.params.id, req.body);
      return presentLineItems(db, ctx, await loadDocument(db, ctx, req.params.id));
    },
  );

  api.put(
    '/documents/:id/lineItems/coding',
    {
      schema: {
        tags,
        summary: "The receiver codes lines on its own side (the sender's values never change)",
        params,
        body: zSaveLineCodingInput,
        response: { 200: zDocumentLineItems },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      // The receiver's coding rules run on the saved coding (touchless approval); an invoice with
      // a three-way match is matched again first (docs/three-way-match.md 'Re-match').
      const { approval, waiting } = await db.transaction(async (tx) => {
        await saveLineCoding(tx, ctx, req.params.id, req.body);
        const before = await findChain(tx, req.params.id);
        const approval = await applyCodingEditRules(tx, ctx.companyId, req.params.id);
        // A rule that approved steps moves the chain on: the next step's approvers are told.
        const after = approval ? null : await findChain(tx, req.params.id);
        const moved = before && after && after.waitingStep !== before.waitingStep;
        const waiting = moved ? await findWaitingApproval(tx, ctx.companyId, req.params.id) : null;
        await notifyWaitingApproval(tx, waiting);
        return { approval, waiting };
      });
      const deps = { config, mailer, log: req.log };
      await mailAutoApproval(db, deps, approval);
      await mailWaitingApproval(db, deps, waiting);
      return presentLineItems(db, ctx, await loadDocument(db, ctx, req.params.id), ruleResults);
    },
  );

  api.get(
    '/documents/:id/ProposedLineItems/:page/:pageSize',
    {
      schema: {
        tags,
        summary: 'Proposed line items: a page of lines (pageSize -1 = all) and suggested rows',
        params: zProposedLineItemsParams,
        response: { 200: zProposedLineItems },
      },
    },
    async (req) =>
      proposedLineItems(
        db,
        requireTenant(req),
        req.params.id,
        req.params.page,
        req.params.pageSize,
      ),
  );

  api.get(
    '/accountcodes/:kind',
    {
      schema: {
        tags,
        summary: "This company's known codes of an account kind (type-ahead on code or name)",
        params: zAccountCodeParams,
        querystring: zAccountCodeQuery,
        response: { 200: z.array(zAccountCode) },
      },
    },
    async (req) =>
      listAccountCodes(db, requireTenant(req), req.params.kind, req.query.query, req.query.limit),
  );
};
