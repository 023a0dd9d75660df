import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zFeatureFlags } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { flagsForCompany } from './service';

export const featureFlagsRoutes: ApiModule = async (app, { db, config }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/featureflags',
    {
      schema: {
        tags: ['feature flags'],
        summary: 'Feature flags of the selected company',
        response: { 200: zFeatureFlags },
      },
    },
    async (req) => flagsForCompany(db, requireTenant(req).companyId, config.featureFlags),
  );
};
