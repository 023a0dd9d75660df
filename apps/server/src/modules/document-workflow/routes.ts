import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zBulkApproveInput,
  zBulkApproveResult,
  zDocument,
  zIdParam,
  zPaymentInput,
  zPaymentList,
  zPaymentListQuery,
  zRejectDocumentInput,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import {
  addPayment,
  approveDocument,
  approveDocuments,
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
        summary: 'The receiver approves the document (Received or Viewed → Approved)',
        params,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      approveDocument(db, { config, mailer, log: req.log }, requireTenant(req), req.params.id),
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
    '/documents/approve',
    {
      schema: {
        tags,
        summary: 'Approves the selected documents; each refusal comes back with its reason',
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
      ),
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
