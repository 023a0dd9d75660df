import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zApproveDocumentInput,
  zBulkApproveInput,
  zBulkApproveResult,
  zBulkAssignInput,
  zBulkAssignResult,
  zBulkHoldInput,
  zBulkHoldResult,
  zDisputeDocumentInput,
  zHoldDocumentInput,
  zDocument,
  zIdParam,
  zPaymentInput,
  zPaymentList,
  zPaymentListQuery,
  zRejectDocumentInput,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { assignDocuments } from '../approvals/assign';
import {
  addPayment,
  approveDocument,
  approveDocuments,
  disputeDocument,
  holdDocument,
  holdDocuments,
  releaseHold,
  listDocumentPayments,
  rejectDocument,
} from './service';

/**
 * The receiving company's workflow (issue 12; docs/document-workflow.md): approve, reject with a
 * reason, bulk approve, payments. The shared transition table decides who may do what.
 */
export const documentWorkflowRoutes: ApiModule = async (app, { db, config, mailer }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document workflow'];
  const params = z.object({ id: zIdParam });

  api.post(
    '/documents/:id/approve',
    {
      schema: {
        tags,
        summary:
          "The receiver approves the waiting step of the invoice's approval chain, with an optional comment; the last step makes it Approved",
        params,
        body: zApproveDocumentInput,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      approveDocument(
        db,
        { config, mailer, log: req.log },
        requireTenant(req),
        req.params.id,
        req.body.comment,
      ),
  );

  api.post(
    '/documents/:id/reject',
    {
      schema: {
        tags,
        summary: "The receiver rejects the document; the reason is the sender's Rejection Reason",
        params,
        body: zRejectDocumentInput,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      rejectDocument(
        db,
        { config, mailer, log: req.log },
        requireTenant(req),
        req.params.id,
        req.body.reason,
      ),
  );

  api.post(
    '/documents/:id/hold',
    {
      schema: {
        tags,
        summary:
          'The receiver puts the invoice on hold with an optional comment (internal: the sender still sees Received)',
        params,
        body: zHoldDocumentInput,
        response: { 200: zDocument },
      },
    },
    async (req) => holdDocument(db, requireTenant(req), req.params.id, req.body.comment),
  );

  api.post(
    '/documents/:id/releasehold',
    {
      schema: {
        tags,
        summary: 'The receiver releases its hold; the invoice is back to Received/Viewed',
        params,
        response: { 200: zDocument },
      },
    },
    async (req) => releaseHold(db, requireTenant(req), req.params.id),
  );

  api.post(
    '/documents/:id/dispute',
    {
      schema: {
        tags,
        summary: 'The receiver disputes the invoice; the sender sees Disputed with the comment',
        params,
        body: zDisputeDocumentInput,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      disputeDocument(
        db,
        { config, mailer, log: req.log },
        requireTenant(req),
        req.params.id,
        req.body.comment,
      ),
  );

  api.post(
    '/documents/hold',
    {
      schema: {
        tags,
        summary: 'Puts the selected invoices on hold; each refusal comes back with its reason',
        body: zBulkHoldInput,
        response: { 200: zBulkHoldResult },
      },
    },
    async (req) => holdDocuments(db, requireTenant(req), req.body.documentIds, req.body.comment),
  );

  api.post(
    '/documents/approve',
    {
      schema: {
        tags,
        summary:
          'Approves the selected documents (each in its own transaction, with the optional comment); each refusal comes back with its reason',
        body: zBulkApproveInput,
        response: { 200: zBulkApproveResult },
      },
    },
    async (req) =>
      approveDocuments(
        db,
        { config, mailer, log: req.log },
        requireTenant(req),
        req.body.documentIds,
        req.body.comment,
      ),
  );

  api.post(
    '/documents/assign',
    {
      schema: {
        tags,
        summary:
          "Assigns the waiting approval step of the selected invoices to a user of the company who may approve it (issue 29 'Assign to'); each refusal comes back with its reason",
        body: zBulkAssignInput,
        response: { 200: zBulkAssignResult },
      },
    },
    async (req) =>
      assignDocuments(db, { config, mailer, log: req.log }, requireTenant(req), req.body),
  );

  api.get(
    '/payment',
    {
      schema: {
        tags,
        summary: "The document's payments, what was paid and its total",
        querystring: zPaymentListQuery,
        response: { 200: zPaymentList },
      },
    },
    async (req) => listDocumentPayments(db, requireTenant(req), req.query.documentId),
  );

  api.post(
    '/payment',
    {
      schema: {
        tags,
        summary: 'The receiver records a payment or a cancellation of an approved invoice',
        body: zPaymentInput,
        response: { 201: zPaymentList },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await addPayment(db, { config, mailer, log: req.log }, requireTenant(req), req.body)),
  );
};
