import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zDailyDocumentCounts,
  zDashboardStats,
  zDocumentResultSet,
  zDocumentStatusCounts,
  zDocumentStatusCountsQuery,
  zDocumentStatusListQuery,
  zSearchRequest,
  zTypeaheadQuery,
  zTypeaheadResponse,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { search, typeahead } from './search-service';
import { listByType } from './service';
import { dashboardStats, ownerDocumentCounts, statusCounts } from './stats-service';

/** Search, type-ahead, status counts and dashboard data (spec 3 §7, spec 2 §7.3–7.4). */
export const searchRoutes: ApiModule = async (app, { readDb: db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search and dashboard'];

  api.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Full-text search over the company’s documents, best match first',
        body: zSearchRequest,
        response: { 200: zDocumentResultSet },
      },
    },
    async (req) => search(db, requireTenant(req), req.body),
  );

  api.get(
    '/typeahead',
    {
      schema: {
        tags,
        summary: 'Suggestions for the top-bar search',
        querystring: zTypeaheadQuery,
        response: { 200: zTypeaheadResponse },
      },
    },
    async (req) => typeahead(db, requireTenant(req), req.query.query),
  );

  api.get(
    '/documentstatus',
    {
      schema: {
        tags,
        summary: 'The list of one document type in one status (e.g. rejected AR invoices)',
        querystring: zDocumentStatusListQuery,
        response: { 200: zDocumentResultSet },
      },
    },
    async (req) => listByType(db, requireTenant(req), req.query.documentTypeId, req.query),
  );

  api.get(
    '/documentstatus/counts',
    {
      schema: {
        tags,
        summary: 'Counts per document type and route status (status tabs, widgets)',
        querystring: zDocumentStatusCountsQuery,
        response: { 200: zDocumentStatusCounts },
      },
    },
    async (req) => statusCounts(db, requireTenant(req), req.query.documentTypeId),
  );

  api.get(
    '/documentroute/stats',
    {
      schema: {
        tags,
        summary: 'Vendor dashboard: AR invoices sent by month, documents by type, payment status',
        response: { 200: zDashboardStats },
      },
    },
    async (req) => dashboardStats(db, requireTenant(req)),
  );

  for (const side of ['received', 'sent'] as const) {
    api.get(
      side === 'received'
        ? '/documentroute/ownerDocReceivedCounts'
        : '/documentroute/ownerDocSentCounts',
      {
        schema: {
          tags,
          summary: `Owner documents ${side} per day over the last 30 days`,
          response: { 200: zDailyDocumentCounts },
        },
      },
      async (req) => ownerDocumentCounts(db, requireTenant(req), side),
    );
  }
};
