import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingReportTypeIds,
  zDocumentListQuery,
  zDocumentResultSet,
  zDocumentTypeIdsParam,
  zIdParam,
  zInbox,
  zInboxQuery,
  zMyApprovalsCount,
  zInboxUnreadCount,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { assertFlag } from '../feature-flags/service';
import type { ApiModule } from '../types';
import { searchRoutes } from './search-routes';
import * as service from './service';
import { inboxUnreadCount } from './stats-service';

/**
 * Document route lists (spec 2 §7.3), status tabs, dashboard data, search and type-ahead: reads,
 * open to every role of the selected company; see docs/document-lists-and-search.md.
 */
export const documentListsRoutes: ApiModule = async (app, opts) => {
  // Every route here only reads: a caught-up replica may answer (docs/read-replicas.md).
  const db = opts.readDb;
  // The six report types answer only with the accounting-reports flag (docs/feature-flags.md).
  const assertReportsAllowed = async (companyId: number, typeIds: readonly number[]) => {
    if (typeIds.some((id) => accountingReportTypeIds.includes(id)))
      await assertFlag(db, companyId, opts.config.featureFlags, 'accountingReportFlag');
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document lists'];
  const list = (summary: string) => ({
    tags,
    summary,
    querystring: zDocumentListQuery,
    response: { 200: zDocumentResultSet },
  });

  for (const url of ['/documentroute', '/documentroute/']) {
    api.get(url, { schema: list('All the company’s documents (sent and received)') }, async (req) =>
      service.listGeneric(db, requireTenant(req), req.query),
    );
  }

  api.get(
    '/documentroute/sent',
    { schema: list('Documents the company sent (drafts excluded)') },
    async (req) =>
      service.listGeneric(db, requireTenant(req), req.query, { side: 'sent', hasStatus: true }),
  );

  api.get(
    '/documentroute/inbox',
    {
      schema: {
        tags,
        summary: 'Documents the company received, all types, newest first',
        querystring: zInboxQuery,
        response: { 200: zInbox },
      },
    },
    async (req) => service.listInbox(db, requireTenant(req), req.query),
  );

  api.get(
    '/documentroute/inbox/myApprovalsCount',
    {
      schema: {
        tags,
        summary: "How many invoices wait for the caller's approval (the 'My approvals' link)",
        response: { 200: zMyApprovalsCount },
      },
    },
    async (req) => service.myApprovalsCount(db, requireTenant(req)),
  );

  api.get(
    '/documentroute/inbox/unreadCount',
    {
      schema: {
        tags,
        summary: 'How many received documents the company has not opened yet (the Inbox link)',
        response: { 200: zInboxUnreadCount },
      },
    },
    async (req) => inboxUnreadCount(db, requireTenant(req)),
  );

  api.get(
    '/documentroute/all/:documentTypeId',
    {
      schema: {
        ...list('The list of one document type: its list columns and the rows of both sides'),
        params: z.object({ documentTypeId: zIdParam }),
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      await assertReportsAllowed(ctx.companyId, [req.params.documentTypeId]);
      return service.listByType(db, ctx, req.params.documentTypeId, req.query);
    },
  );

  api.get(
    '/documentroute/getByDocumentTypes/:ids',
    {
      schema: {
        ...list('Documents of several types (comma-separated ids), generic columns'),
        params: z.object({ ids: zDocumentTypeIdsParam }),
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      await assertReportsAllowed(ctx.companyId, req.params.ids);
      return service.listGeneric(db, ctx, req.query, { documentTypeIds: req.params.ids });
    },
  );

  api.get(
    '/documentroute/notReturnedDOs',
    { schema: list('Pending division orders received and not returned yet') },
    async (req) => service.listNotReturnedDivisionOrders(db, requireTenant(req), req.query),
  );

  await app.register(searchRoutes, opts);
};
