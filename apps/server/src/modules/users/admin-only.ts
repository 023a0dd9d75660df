import type { FastifyRequest } from 'fastify';
import { assertAdministrator } from '../../auth/policy';
import { requireTenant } from '../../auth/request-context';

/**
 * Route-level onRequest hook for Administrator-only calls: it runs after the tenant is known and
 * before body validation, so other roles get 403 whatever they send (never a 400 hinting at rules).
 */
export async function administratorsOnly(req: FastifyRequest): Promise<void> {
  assertAdministrator(requireTenant(req));
}
