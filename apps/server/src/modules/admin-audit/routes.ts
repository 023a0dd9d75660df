import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zAdminAuditPage, zAdminAuditQuery } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { listAdminAudit } from './service';

/** The audit of administration (Administrators of the selected company; docs/admin-audit.md). */
export const adminAuditRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/audit',
    {
      onRequest: administratorsOnly,
      schema: {
        tags: ['admin audit'],
        summary: "Changes to the company's users, keys, flags, rules and settings, newest first",
        querystring: zAdminAuditQuery,
        response: { 200: zAdminAuditPage },
      },
    },
    async (req) => listAdminAudit(db, requireTenant(req), req.query),
  );
};
