import { clientLogsRoutes } from './client-logs/routes';
import { companiesRoutes } from './companies/routes';
import { documentTypesRoutes } from './document-types/routes';
import { featureFlagsRoutes } from './feature-flags/routes';
import { healthRoutes } from './health/routes';
import { notificationsRoutes } from './notifications/routes';
import type { ApiModule } from './types';
import { usersRoutes } from './users/routes';

/** Every API module, registered under /api by app.ts. */
export const apiModules: ApiModule[] = [
  healthRoutes,
  usersRoutes,
  companiesRoutes,
  documentTypesRoutes,
  featureFlagsRoutes,
  clientLogsRoutes,
  notificationsRoutes,
];
