import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCompanyFeatureFlags,
  zCompanyFeatureFlagsList,
  zCompanyFeatureFlagsQuery,
  zFeatureFlagChangeList,
  zFeatureFlagDefault,
  zFeatureFlags,
  zIdParam,
  zSetFeatureFlagInput,
} from '@flowline/shared';
import type { FastifyRequest } from 'fastify';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import * as service from './service';

/** Before body validation: anyone but a Global user gets 403 whatever they send. */
async function globalUsersOnly(req: FastifyRequest): Promise<void> {
  service.assertGlobalUser(requireTenant(req));
}

export const featureFlagsRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const env = config.featureFlags;

  api.get(
    '/featureflags',
    {
      schema: {
        tags: ['feature flags'],
        summary: 'Feature flags of the selected company',
        response: { 200: zFeatureFlags },
      },
    },
    async (req) => service.flagsForCompany(db, requireTenant(req).companyId, env),
  );

  // Global users switch the flags per company (issue 15 item 2; docs/feature-flags.md).
  const tags = ['feature flags (admin)'];
  const onRequest = globalUsersOnly;

  api.get(
    '/admin/featureflags',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Companies with each flag: its value and whether it is their own or the default',
        querystring: zCompanyFeatureFlagsQuery,
        response: { 200: zCompanyFeatureFlagsList },
      },
    },
    async (req) => service.listCompanyFlags(db, requireTenant(req), req.query, env),
  );

  api.put(
    '/admin/featureflags/default',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The deployment-wide default of one flag (null: back to FEATURE_FLAGS)',
        body: zSetFeatureFlagInput,
        response: { 200: z.array(zFeatureFlagDefault) },
      },
    },
    async (req) => service.setDefaultFlag(db, requireTenant(req), req.body, env),
  );

  api.put(
    '/admin/featureflags/:companyId',
    {
      onRequest,
      schema: {
        tags,
        summary: "A company's own setting of one flag (null: back to the default)",
        params: z.object({ companyId: zIdParam }),
        body: zSetFeatureFlagInput,
        response: { 200: zCompanyFeatureFlags },
      },
    },
    async (req) =>
      service.setCompanyFlag(db, requireTenant(req), req.params.companyId, req.body, env),
  );

  api.get(
    '/admin/featureflags/:companyId/changes',
    {
      onRequest,
      schema: {
        tags,
        summary: "The latest changes of a company's flags, newest first",
        params: z.object({ companyId: zIdParam }),
        response: { 200: zFeatureFlagChangeList },
      },
    },
    async (req) => service.listChanges(db, requireTenant(req), req.params.companyId),
  );
};
