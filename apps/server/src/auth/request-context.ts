import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_KEY_HEADER,
  API_KEY_PREFIX,
  COMPANY_ID_HEADER,
  apiKeyMessages,
} from '@flowline/shared';
import type { Database, Db } from '../db/client';
import { scopeRequestToCompany } from '../db/tenant-scope';
import { forbidden, rateLimited, unauthorized } from '../errors';
import { countInWindow, peekWindow } from '../platform/throttle';
import {
  findActiveMembership,
  type ActiveMembership,
} from '../modules/companies/membership-repository';
import { resolveUserForIdentity, type UserRow } from '../modules/users/repository';
import { authenticateApiKey, recordFailedApiKey, type ApiKeyStore } from './api-key-auth';
import { createAuthContextCache } from './context-cache';
import { assertRouteRole } from './route-roles';
import type { TokenVerifier } from './verify-token';

/**
 * Who may call a route: `public` needs nothing, `user` needs a valid token of a known user,
 * `company` (the default — deny by default) also needs a Company-Id the user is a member of.
 */
export type RouteAccess = 'public' | 'user' | 'company';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set for `user` and `company` routes. */
    user: UserRow | null;
    /** Set for `company` routes: everything the call touches is scoped by it. */
    tenant: TenantContext | null;
    /**
     * A signed-in person naming a company (Company-Id): their active membership of it, or null.
     * Undefined when no company was named, or for an API key.
     */
    membership: ActiveMembership | null | undefined;
  }
}

/** The request context every tenant-scoped service and repository function takes. */
export interface TenantContext {
  companyId: number;
  userId: number;
  userType: number;
  /** Main role first, then additional roles. */
  roles: number[];
  /** The request's id (x-request-id), kept with audited changes (docs/admin-audit.md). */
  requestId?: string;
}

export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireTenant(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw forbidden('A company must be selected', 'company_required');
  return req.tenant;
}

/** Parses the Company-Id header; undefined when absent. */
export function companyIdFromHeader(req: FastifyRequest): number | undefined {
  const raw = req.headers[COMPANY_ID_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw forbidden('The selected company is not valid', 'company_forbidden');
  return id;
}

export async function loadTenant(db: Db, user: UserRow, companyId: number): Promise<TenantContext> {
  return tenantOf(user, companyId, await findActiveMembership(db, user.id, companyId));
}

function tenantOf(
  user: UserRow,
  companyId: number,
  membership: ActiveMembership | null,
): TenantContext {
  if (!membership)
    throw forbidden('You are not a member of the selected company', 'company_forbidden');
  return { companyId, userId: user.id, userType: user.userTypeId, roles: membership.roles };
}

/** Methods that never change data: they need not wait for the auth cache to settle. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The OpenAPI document and its UI are public (registered by @fastify/swagger-ui). */
const OPENAPI_PREFIX = '/api/docs';

/** The caller's credential: an API key (X-Api-Key, or a Bearer starting flk_) or a token. */
function credentialOf(req: FastifyRequest): { apiKey: string } | { token: string } {
  const header = req.headers[API_KEY_HEADER.toLowerCase()];
  if (typeof header === 'string' && header) return { apiKey: header.trim() };
  const match = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized('Authentication required', 'unauthorized');
  return match[1].startsWith(API_KEY_PREFIX) ? { apiKey: match[1] } : { token: match[1] };
}

/**
 * An API key speaks for its one company: a Company-Id naming another is refused. Wrong keys are
 * limited per client address (issue 28 item 6): past `failuresPerMinute` in a minute, every key
 * call from that address answers 429 with Retry-After until the minute is over; each wrong key
 * is logged and counted on the keys whose public prefix it starts with.
 */
async function authenticateKey(
  req: FastifyRequest,
  db: Db,
  store: ApiKeyStore<UserRow>,
  key: string,
  companyId: number | undefined,
  failuresPerMinute: number,
) {
  const throttleKey = `apikey-ip:${req.ip}`;
  const recent = await peekWindow(db, throttleKey);
  if (recent.count >= failuresPerMinute) throw rateLimited(recent.secondsLeft);
  const found = await authenticateApiKey(store, key);
  if (!found) {
    const failures = await countInWindow(db, throttleKey);
    const keyPrefix = await recordFailedApiKey(store, key);
    req.log.warn(
      { ip: req.ip, keyPrefix, failuresThisMinute: failures.count },
      'refused a wrong API key',
    );
    throw unauthorized(apiKeyMessages.invalid, 'invalid_api_key');
  }
  if (companyId !== undefined && companyId !== found.companyId)
    throw forbidden(apiKeyMessages.wrongCompany, 'company_forbidden');
  return found;
}

/**
 * Authenticates every API call. A bearer token's user, membership and roles come from one query,
 * reused for a few seconds and dropped at once on any change (auth/context-cache.ts); an API key
 * is looked up on every call, so revoking it is immediate. A request that may have changed data
 * answers only once this instance's cache has caught up with the database (`settle`).
 */
export const requestContextPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      db: Db;
      database: Database;
      verifyToken: TokenVerifier;
      /** Wrong API keys a minute from one address before 429 (API_KEY_FAILURES_PER_MINUTE). */
      apiKeyFailuresPerMinute: number;
      /** The stored API keys (modules/api-keys/store.ts), reached only through this interface. */
      apiKeys: ApiKeyStore<UserRow>;
    },
  ) => {
    const contexts = createAuthContextCache(opts.database);
    app.addHook('onClose', () => contexts.close());
    app.addHook('onSend', async (req) => {
      // Only an authenticated caller can have changed anything.
      if (req.user && !READ_METHODS.has(req.method)) await contexts.settle();
    });
    app.decorateRequest('user', null);
    app.decorateRequest('tenant', null);
    app.decorateRequest('membership', undefined);
    app.addHook('onRequest', async (req) => {
      // Only API routes are guarded here; the SPA and the issuer have their own rules.
      const route = req.routeOptions.url;
      if (!route?.startsWith('/api/') || route.startsWith(OPENAPI_PREFIX)) return;
      const access = req.routeOptions.config.access ?? 'company';
      if (access === 'public') return;
      const credential = credentialOf(req);
      const companyId = companyIdFromHeader(req);
      if ('apiKey' in credential) {
        const found = await authenticateKey(
          req,
          opts.db,
          opts.apiKeys,
          credential.apiKey,
          companyId,
          opts.apiKeyFailuresPerMinute,
        );
        req.user = found.user;
        if (access === 'company') {
          req.tenant = {
            ...(await loadTenant(opts.db, found.user, found.companyId)),
            requestId: req.id,
          };
          scopeRequestToCompany(found.companyId);
        }
        // The role before the body: a refused role gets 403 whatever it sends (route-roles.ts).
        assertRouteRole(req);
        return;
      }
      const identity = await opts.verifyToken(credential.token);
      let context = await contexts.load(identity.subject, companyId);
      if (!context) {
        // Not known by subject: a first sign-in matched by e-mail binds it (a write, not cached).
        const user = await resolveUserForIdentity(opts.db, identity);
        if (!user)
          throw forbidden('Your sign-in is not linked to a Flowline user', 'user_not_registered');
        const membership =
          companyId === undefined ? null : await findActiveMembership(opts.db, user.id, companyId);
        context = { user, membership };
      }
      req.user = context.user;
      if (companyId !== undefined) req.membership = context.membership;
      if (access === 'company') {
        if (companyId === undefined)
          throw forbidden('A company must be selected', 'company_required');
        req.tenant = {
          ...tenantOf(context.user, companyId, context.membership),
          requestId: req.id,
        };
        // From here on the request's queries see only this company's rows (row-level security).
        scopeRequestToCompany(companyId);
      }
      assertRouteRole(req);
    });
  },
  { name: 'request-context' },
);
