import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zCompanyName,
  zIdParam,
  zResolveCompanyQuery,
  zResolvedCompany,
  zUserCompany,
} from '@flowline/shared';
import { requireTenant, requireUser } from '../../auth/request-context';
import { notFound } from '../../errors';
import type { ApiModule } from '../types';
import { listCompaniesOfUser } from './membership-repository';

export const companiesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/company/allCompanies',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: 'Every company (account) of the signed-in user',
        response: { 200: z.array(zUserCompany) },
      },
    },
    async (req) => listCompaniesOfUser(db, requireUser(req).id),
  );

  api.get(
    '/companyResolving/resolveCompanyByServiceId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary:
          'Where a company of the user is served: here, or on its own cloud host (isCloud, url)',
        querystring: zResolveCompanyQuery,
        response: { 200: zResolvedCompany },
      },
    },
    async (req) => {
      // Only the user's own (active) companies resolve; any other id is 404, like a missing one.
      const company = (await listCompaniesOfUser(db, requireUser(req).id)).find(
        (c) => c.id === req.query.companyId,
      );
      if (!company) throw notFound('Company not found', 'company_not_found');
      const { id, name, serviceId, isCloud, url } = company;
      return { id, name, serviceId, isCloud, url };
    },
  );

  api.get(
    '/company/:id/name',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's name",
        params: z.object({ id: zIdParam }),
        response: { 200: zCompanyName },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      // Until connections exist, a user sees the names of their own companies only.
      const company = (await listCompaniesOfUser(db, ctx.userId)).find(
        (c) => c.id === req.params.id,
      );
      if (!company) throw notFound('Company not found', 'company_not_found');
      return { id: company.id, name: company.name };
    },
  );
};
