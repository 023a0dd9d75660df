import { is, type SQL } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';
import { tenantScopeCompanyId, withTenantScope, withoutTenantScope } from './tenant-scope';

/**
 * Server-side cursors (PostgreSQL only): one statement's rows read in batches over one pooled
 * connection, so reading a whole list is one execution of its query (one sort, whatever the
 * order) while memory holds a single batch. PGlite has one connection for every request, so it
 * reads lists in keyset pages instead (other requests run between them); `hasServerCursors` says
 * which applies.
 */

export const hasServerCursors = (db: Db): boolean => is(db, NodePgDatabase);

const dialect = new PgDialect();
let cursorSeq = 0;

/**
 * The query's rows, `batch` at a time, through `DECLARE … NO SCROLL CURSOR` in a read-only
 * transaction on a connection of its own; the connection goes back to the pool when the reading
 * ends, fails or is abandoned (the consumer stops early: the generator's `finally`).
 * Every statement runs in the caller's tenant scope as it was when the reading began (row-level
 * security applies as to the list reads), whichever async context later pulls the batches.
 */
export async function* cursorBatches<T>(db: Db, query: SQL, batch: number): AsyncGenerator<T[]> {
  const pool = (db as unknown as { $client: { connect(): Promise<pg.PoolClient> } }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `flowline_cursor_${++cursorSeq}`;
  const scope = tenantScopeCompanyId();
  const inScope = <R>(fn: () => R | PromiseLike<R>) =>
    scope === null ? withoutTenantScope(fn) : withTenantScope(scope, fn);
  const run = <R extends pg.QueryResultRow>(statement: string, values?: unknown[]) =>
    inScope(() => client.query<R>(statement, values));
  const client = await inScope(() => pool.connect());
  let done = false;
  let broken: Error | undefined;
  try {
    await run('BEGIN READ ONLY');
    await run(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const { rows } = await run<T & pg.QueryResultRow>(`FETCH ${batch} FROM ${name}`);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
    await run('COMMIT');
    done = true;
  } finally {
    // A connection that cannot even roll back is dropped rather than pooled.
    if (!done)
      broken = await run('ROLLBACK').then(
        () => undefined,
        (error: Error) => error,
      );
    client.release(broken);
  }
}
