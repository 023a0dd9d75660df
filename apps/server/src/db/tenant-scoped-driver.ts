import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { TENANT_ROLE, tenantScopeCompanyId } from './tenant-scope';

/**
 * The driver side of row-level security (docs/row-level-security.md). Every statement runs as
 * the scope of the code that makes it (src/db/tenant-scope.ts): in a company's scope as the
 * `flowline_tenant` role with `app.company_id` set, otherwise as the connecting role. Inside a
 * transaction the switch is made with SET LOCAL semantics just before a statement whose scope
 * differs from the transaction's current one, so `withoutTenantScope` works in a transaction too
 * and nothing outlives the transaction.
 */

/** Not yet known (after ROLLBACK TO SAVEPOINT a local setting may have been undone). */
const UNKNOWN = Symbol('unknown scope');
type Scope = number | null | typeof UNKNOWN;

function companyIdText(companyId: number): string {
  if (!Number.isSafeInteger(companyId)) throw new Error('Invalid tenant company id');
  return String(companyId);
}

/** One statement that sets role and company; local = until the end of the transaction. */
function switchStatement(scope: number | null, local: boolean): string {
  const role = scope === null ? 'none' : TENANT_ROLE;
  const company = scope === null ? '' : companyIdText(scope);
  return `SELECT set_config('role', '${role}', ${local}), set_config('app.company_id', '${company}', ${local})`;
}

type Control = 'begin' | 'end' | 'rollback-to' | null;

/** Transaction control statements change what the current scope is; everything else is data. */
function controlOf(text: string): Control {
  const head = text.trimStart().slice(0, 24).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start transaction')) return 'begin';
  if (head.startsWith('rollback to') || head.startsWith('rollback  to')) return 'rollback-to';
  if (head.startsWith('commit') || head.startsWith('rollback') || head.startsWith('end'))
    return 'end';
  return null;
}

/**
 * Keeps one transaction's role and company in step with the scope of each statement's caller.
 * `base` is the scope the transaction starts (and ends) in.
 */
class TransactionScope {
  private current: Scope;

  constructor(private readonly base: number | null) {
    this.current = base;
  }

  /** The statement to run before `text`, if any. */
  before(text: string): string | null {
    const control = controlOf(text);
    if (control === 'begin' || control === 'end') return null;
    if (control === 'rollback-to') return null;
    const wanted = tenantScopeCompanyId();
    if (wanted === this.current) return null;
    this.current = wanted;
    return switchStatement(wanted, true);
  }

  after(text: string): void {
    const control = controlOf(text);
    if (control === 'end') this.current = this.base;
    else if (control === 'rollback-to') this.current = UNKNOWN;
  }
}

/**
 * PGlite is one session shared by everything (pg-boss too), so no session state is ever left
 * behind: a statement in a tenant scope outside a transaction runs in a transaction of its own
 * that first switches locally; a transaction follows its statements' scopes (TransactionScope).
 * Unscoped statements outside a transaction pass through untouched.
 */
export function tenantScopedPglite(pglite: PGlite): PGlite {
  const scopedTx = (tx: Transaction): Transaction => {
    const scope = new TransactionScope(null);
    return new Proxy(tx, {
      get(target, prop) {
        if (prop === 'query')
          return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
            const switchTo = scope.before(text);
            if (switchTo) await target.query(switchTo);
            const result = await target.query<T>(text, params, options);
            scope.after(text);
            return result;
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(pglite, {
    get(target, prop) {
      if (prop === 'query')
        return <T>(
          text: string,
          params?: unknown[],
          options?: QueryOptions,
        ): Promise<Results<T>> => {
          if (tenantScopeCompanyId() === null) return target.query<T>(text, params, options);
          return target.transaction((tx) => scopedTx(tx).query<T>(text, params, options));
        };
      if (prop === 'transaction')
        return <T>(fn: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => fn(scopedTx(tx)));
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The PostgreSQL server: each pooled connection keeps the scope of its last checkout as session
 * state, applied on checkout only when it differs from the scope checking it out — one round trip
 * on a change, none when the same company (or none) uses the connection again; measured cheaper
 * than a transaction per statement (docs/row-level-security.md). Transactions follow their
 * statements' scopes locally (TransactionScope). The class name contains 'Pool' because drizzle
 * checks it to check out a client for a transaction.
 */
/**
 * pg-pool takes its error listener off a client while it is checked out, and a pg client whose
 * connection drops emits 'error' even when a query is in flight (the query fails with it too):
 * without a listener that is an uncaught exception, which ends the process when the database
 * restarts. Listen for the whole checkout and hand the error to release, so the pool discards
 * the broken client instead of reusing it.
 */
function guardCheckedOut(client: pg.PoolClient): pg.PoolClient {
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost = err;
  };
  client.on('error', onError);
  const release = client.release.bind(client);
  client.release = (err?: Error | boolean) => {
    client.removeListener('error', onError);
    return release(err ?? lost);
  };
  return client;
}

export class TenantScopedPool {
  /** The session scope of each pooled connection; absent = unscoped. */
  private readonly scopes = new WeakMap<pg.PoolClient, number>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<pg.PoolClient> {
    const client = guardCheckedOut(await this.pool.connect());
    const wanted = tenantScopeCompanyId();
    if (wanted !== (this.scopes.get(client) ?? null)) {
      try {
        await client.query(switchStatement(wanted, false));
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      if (wanted === null) this.scopes.delete(client);
      else this.scopes.set(client, wanted);
    }
    return this.followScopes(client, wanted);
  }

  /** The client drizzle runs a transaction on: each statement in its caller's scope. */
  private followScopes(client: pg.PoolClient, base: number | null): pg.PoolClient {
    const scope = new TransactionScope(base);
    let inTransaction = false;
    const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const control = controlOf(text);
      if (inTransaction) {
        const switchTo = scope.before(text);
        if (switchTo) await client.query(switchTo);
      } else if (control === null && tenantScopeCompanyId() !== base) {
        // A statement outside a transaction from another scope: not how the app uses a checked
        // out client (pool.query scopes on checkout); refuse rather than run it wrongly scoped.
        throw new Error('A checked-out connection was used from another tenant scope');
      }
      const result = await client.query(config, values);
      if (control === 'begin') inTransaction = true;
      if (control === 'end') inTransaction = false;
      scope.after(text);
      return result;
    };
    return new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') return query;
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
