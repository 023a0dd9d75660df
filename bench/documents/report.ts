// The benchmark's output: the side-by-side table with targets, and the plans of every statement.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { withTenantScope, withoutTenantScope } from '../../apps/server/src/db/tenant-scope';
import { ms, rowsOf, table, type Latency } from '../lib/measure';
import { recordingDb, scenariosFor, type RecordedStatement, type Scenario } from './scenarios';

export interface Company {
  label: string;
  id: number;
  name: string;
  routes: number;
  receivedInvoices: number;
}

export interface Measured {
  company: Company;
  scenario: Scenario;
  sql: Latency;
  api: Latency;
  result: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement the repository sends for each call's first input. */
export async function explainAll(db: Db, companies: Company[]): Promise<string> {
  const calls: { company: Company; scenario: Scenario }[] = [];
  for (const company of companies)
    for (const scenario of await scenariosFor(db, company.id)) calls.push({ company, scenario });
  return explainCalls(db, calls);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements these calls send (their first input). */
export async function explainCalls(
  db: Db,
  calls: { company: Company; scenario: Scenario; note?: string }[],
): Promise<string> {
  const parts: string[] = [];
  for (const { company, scenario, note } of calls) {
    const statements: RecordedStatement[] = [];
    // As a request runs it: scoped to the company, escaping where the repository escapes.
    await withTenantScope(company.id, () => scenario.sql(recordingDb(db, statements), 0));
    for (const [i, statement] of statements.entries()) {
      const explain = () => db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`);
      const plan = rowsOf<Record<string, string>>(
        await (statement.companyId === null
          ? withoutTenantScope(explain)
          : withTenantScope(statement.companyId, explain)),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
      const rls =
        statement.companyId === null ? 'outside row-level security' : 'under row-level security';
      const title = `${company.label} company ${company.id} — ${scenario.name}${statements.length > 1 ? ` (statement ${i + 1} of ${statements.length})` : ''}${note ? ` — ${note}` : ''}`;
      parts.push(`=== ${title}\n--- ${scenario.describe} (${rls})\n${plan}\n`);
    }
  }
  return parts.join('\n');
}

/** What a call's statements read: shared buffers (hit + read) and server execution time. */
export interface Work {
  buffers: number;
  executionMs: number;
}

/**
 * The work of a call's statements for its first input, from EXPLAIN (ANALYZE, BUFFERS): buffers
 * do not depend on how busy the machine is, so their growth between sizes is the data's own.
 */
export async function workOf(db: Db, company: Company, scenario: Scenario): Promise<Work> {
  const statements: RecordedStatement[] = [];
  await withTenantScope(company.id, () => scenario.sql(recordingDb(db, statements), 0));
  const work = { buffers: 0, executionMs: 0 };
  for (const statement of statements) {
    const explain = () =>
      db.execute(sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.query}`);
    const [row] = rowsOf<Record<string, unknown>>(
      await (statement.companyId === null
        ? withoutTenantScope(explain)
        : withTenantScope(statement.companyId, explain)),
    );
    const raw = Object.values(row ?? {})[0];
    const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      Plan: Record<string, number>;
      'Execution Time': number;
    }[];
    work.buffers +=
      (result?.Plan['Shared Hit Blocks'] ?? 0) + (result?.Plan['Shared Read Blocks'] ?? 0);
    work.executionMs += result?.['Execution Time'] ?? 0;
  }
  return work;
}

export function report(results: Measured[]): string {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const rows = results.map((m) => {
    const ratio = m.api.p95 / m.sql.p95;
    return [
      `${m.company.label} ${m.scenario.name}`,
      ms(m.sql.p50),
      ms(m.sql.p95),
      ms(m.api.p50),
      ms(m.api.p95),
      ms(m.api.p99),
      `≤ ${m.scenario.target}`,
      pass(m.api.p95 <= m.scenario.target),
      `${ratio.toFixed(2)}×`,
      pass(ratio <= 2),
      `${m.api.p95 >= m.sql.p95 ? '+' : '−'}${ms(Math.abs(m.api.p95 - m.sql.p95))}`,
      // Issue 16: ≤ 2× the bare SQL or ≤ SQL + 3 ms (the fixed cost of a request on 1–5 ms SQL).
      pass(ratio <= 2 || m.api.p95 - m.sql.p95 <= 3),
      m.result,
    ];
  });
  return table(
    [
      'call',
      'SQL p50',
      'SQL p95',
      'API p50',
      'API p95',
      'API p99',
      'target',
      'p95',
      'API/SQL p95',
      '≤ 2×',
      'API−SQL p95',
      '≤ 2× or +3 ms',
      'result',
    ],
    rows,
  );
}
