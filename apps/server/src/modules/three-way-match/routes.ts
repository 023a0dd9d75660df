import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAcceptMatchInput,
  zIdParam,
  zInvoiceMatchDto,
  zMatchExceptionsPage,
  zMatchExceptionsQuery,
  zOperatorMatchDashboard,
  zVendorTicketDashboard,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import {
  acceptException,
  getDocumentMatch,
  listExceptions,
  operatorDashboard,
  vendorDashboard,
} from './service';

const zMonths = z.object({
  months: z.coerce
    .number({ error: 'months must be a whole number from 1 to 36' })
    .int('months must be a whole number from 1 to 36')
    .min(1, 'months must be a whole number from 1 to 36')
    .max(36, 'months must be a whole number from 1 to 36')
    .default(12),
});

/** The three-way match (issue 32 items 4–5; docs/three-way-match.md). */
export const threeWayMatchRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['three-way match'];

  api.get(
    '/match/exceptions',
    {
      schema: {
        tags,
        summary:
          "The operator's invoices whose three-way match failed and are not yet resolved, newest first, each saying why",
        querystring: zMatchExceptionsQuery,
        response: { 200: zMatchExceptionsPage },
      },
    },
    async (req) => listExceptions(db, requireTenant(req), req.query),
  );

  api.post(
    '/match/exceptions/:documentId/accept',
    {
      schema: {
        tags,
        summary:
          'Accepts the match difference with a comment; the invoice continues in its approval chain',
        params: z.object({ documentId: zIdParam }),
        body: zAcceptMatchInput,
        response: { 200: zInvoiceMatchDto },
      },
    },
    async (req) => acceptException(db, requireTenant(req), req.params.documentId, req.body.comment),
  );

  api.get(
    '/documents/:id/match',
    {
      schema: {
        tags,
        summary: "The invoice's three-way match per line and its verdict (the receiver only)",
        params: z.object({ id: zIdParam }),
        response: { 200: zInvoiceMatchDto },
      },
    },
    async (req) => getDocumentMatch(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/match/dashboard',
    {
      schema: {
        tags,
        summary:
          'Operator: touchless rate by vendor and month, open exceptions by reason, received → approved cycle time',
        querystring: zMonths,
        response: { 200: zOperatorMatchDashboard },
      },
    },
    async (req) => operatorDashboard(db, requireTenant(req), req.query.months),
  );

  api.get(
    '/match/vendor-dashboard',
    {
      schema: {
        tags,
        summary:
          'Vendor: field tickets signed vs invoiced by month, days from ticket to invoice to payment',
        querystring: zMonths,
        response: { 200: zVendorTicketDashboard },
      },
    },
    async (req) => vendorDashboard(db, requireTenant(req), req.query.months),
  );
};
