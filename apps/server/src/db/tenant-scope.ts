import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Row-level security's request side (docs/row-level-security.md). While the current async context
 * holds a company, every query made through `Database.db` runs as the `flowline_tenant` role with
 * `app.company_id` set to it, and PostgreSQL's policies hide other companies' rows. Outside a
 * scope (start-up, jobs, migrations, the auth lookup itself) queries run as the connecting role.
 */
interface TenantScopeStore {
  /** Set once the request's tenant is known (auth/request-context.ts). */
  companyId: number | null;
}

const storage = new AsyncLocalStorage<TenantScopeStore>();

/** The role tenant-scoped queries run as (created by migration 0034). */
export const TENANT_ROLE = 'flowline_tenant';

/** The company the current query is scoped to, or null when it runs unrestricted. */
export function tenantScopeCompanyId(): number | null {
  return storage.getStore()?.companyId ?? null;
}

/**
 * Opens an empty, mutable scope for one request; `scopeRequestToCompany` fills it once the tenant
 * is established. Used as a callback-style onRequest hook so that later hooks and the handler run
 * inside it.
 */
export function runInRequestScope(next: () => void): void {
  storage.run({ companyId: null }, next);
}

/** Scopes the rest of the current request to the company (no-op outside a request scope). */
export function scopeRequestToCompany(companyId: number): void {
  const store = storage.getStore();
  if (store) store.companyId = companyId;
}

/**
 * Runs fn with every query scoped to the company (tests, and work done for one company). Awaits
 * inside the scope: a drizzle query is a lazy thenable that runs when awaited, so returning one
 * unawaited would run it outside.
 */
export function withTenantScope<T>(companyId: number, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ companyId }, async () => await fn());
}

/**
 * The one escape from row-level security: fn's queries through `db` run as the connecting role,
 * unrestricted. Every use names why the rows of another company are legitimately touched. It does
 * not affect an open transaction (`tx`), which keeps the scope it began with.
 */
export function withoutTenantScope<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ companyId: null }, async () => await fn());
}
