import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { JOB_SCHEMA, queueNames } from '../../platform/jobs/index';

export interface FailedJobRow {
  id: string;
  queue: string;
  label: string | null;
  companyId: number | null;
  createdOn: Date;
  completedOn: Date | null;
  attempts: number;
  error: string | null;
}

/** Which failed jobs a caller sees: one company's, or every one (Global users). */
export type FailedJobScope = { companyId: number } | { allCompanies: true };

const jobTable = sql.raw(`${JOB_SCHEMA}.job`);

/**
 * pg-boss's tables belong to the job engine, not to one company: the row-level-security role has
 * no rights on them, so these queries run outside the tenant scope and filter by the job's
 * companyId themselves (scopeOf).
 */
const engineExecute = (db: Db, query: SQL) => withoutTenantScope(() => db.execute(query));

function scopeOf(scope: FailedJobScope): SQL {
  return 'companyId' in scope ? sql`AND (data->>'companyId')::int = ${scope.companyId}` : sql``;
}

/** Only our queues: pg-boss's own (e.g. its cron queue) are no business of an Administrator. */
const ourQueues = sql`name IN (${sql.join(
  queueNames.map((q) => sql`${q}`),
  sql`, `,
)})`;

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Dead-lettered jobs, newest failure first; pg-boss keeps them 14 days (docs/jobs.md). */
export async function listFailedJobs(
  db: Db,
  scope: FailedJobScope,
  page: { offset: number; limit: number },
): Promise<{ rows: FailedJobRow[]; total: number }> {
  const where = sql`state = 'failed' AND ${ourQueues} ${scopeOf(scope)}`;
  const rows = rowsOf<FailedJobRow>(
    await engineExecute(
      db,
      sql`
      SELECT id::text AS "id", name AS "queue", data->>'label' AS "label",
        (data->>'companyId')::int AS "companyId", created_on AS "createdOn",
        completed_on AS "completedOn", retry_count + 1 AS "attempts",
        COALESCE(output->>'message', output->>'value', output::text) AS "error"
      FROM ${jobTable}
      WHERE ${where}
      ORDER BY completed_on DESC NULLS LAST, id
      LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
  );
  const [count] = rowsOf<{ n: number }>(
    await engineExecute(db, sql`SELECT count(*)::int AS "n" FROM ${jobTable} WHERE ${where}`),
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** One failed job the scope may see, or undefined (missing, not failed, or another company's). */
export async function findFailedJob(
  db: Db,
  scope: FailedJobScope,
  id: string,
): Promise<{ id: string; queue: string } | undefined> {
  const [row] = rowsOf<{ id: string; queue: string }>(
    await engineExecute(
      db,
      sql`
      SELECT id::text AS "id", name AS "queue" FROM ${jobTable}
      WHERE id = ${id}::uuid AND state = 'failed' AND ${ourQueues} ${scopeOf(scope)}`,
    ),
  );
  return row;
}
