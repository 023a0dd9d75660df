// The real app on a loaded bench database, and the measurement of one company's calls: each call
// through the HTTP API and, alternating run by run, the repository/service function behind it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { generateSigningKeys, type SigningKeys } from '../../apps/server/src/auth/keys';
import { loadConfig, type AppConfig } from '../../apps/server/src/config';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { withTenantScope } from '../../apps/server/src/db/tenant-scope';
import { ms, rowsOf, sample, sampleInterleaved, type Latency } from '../lib/measure';
import { signAccessToken } from '../lib/token';
import type { Company, Measured } from './report';
import type { Scenario } from './scenarios';

export interface Harness {
  app: FastifyInstance;
  baseUrl: string;
  config: AppConfig;
  keys: SigningKeys;
  /** A separate pool for the SQL side, the plans and the bench's own queries. */
  direct: Database;
  close: () => Promise<void>;
}

export async function startHarness(url: string, port: number): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bench-documents-'));
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const appDatabase = await openDatabase({ url });
  const keys = await generateSigningKeys();
  const app = await buildApp({ config, database: appDatabase, keys, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const direct = await openDatabase({ url, poolSize: 4 });
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    keys,
    direct,
    close: async () => {
      await app.close();
      await appDatabase.close();
      await direct.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The company with the most routes, and the one in the middle. */
export async function measuredCompanies(db: Db): Promise<Company[]> {
  const rows = rowsOf<Omit<Company, 'label'> & { rank: number; total: number }>(
    await db.execute(sql`
      WITH sizes AS (
        SELECT company_id AS id, count(*)::int AS routes,
          count(*) FILTER (WHERE document_type_id = 93 AND route_status_id = 2)::int AS "receivedInvoices"
        FROM document_routes GROUP BY company_id
      ), ranked AS (
        SELECT *, row_number() OVER (ORDER BY routes DESC, id)::int AS rank, count(*) OVER ()::int AS total
        FROM sizes
      )
      SELECT r.id, c.name, r.routes, r."receivedInvoices", r.rank, r.total
      FROM ranked r JOIN companies c ON c.id = r.id
      WHERE r.rank = 1 OR r.rank = (r.total + 1) / 2
      ORDER BY r.rank`),
  );
  return rows.map((r) => ({ ...r, label: r.rank === 1 ? 'LARGE' : 'MEDIAN' }));
}

/** The same companies, their sizes now (the staged bench measures the same ids at every stage). */
export async function companiesNow(db: Db, companies: Company[]): Promise<Company[]> {
  const out: Company[] = [];
  for (const c of companies) {
    const [row] = rowsOf<{ routes: number; receivedInvoices: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS routes,
          count(*) FILTER (WHERE document_type_id = 93 AND route_status_id = 2)::int AS "receivedInvoices"
        FROM document_routes WHERE company_id = ${c.id}`),
    );
    out.push({ ...c, routes: row?.routes ?? 0, receivedInvoices: row?.receivedInvoices ?? 0 });
  }
  return out;
}

export function headersFor(token: string, companyId: number): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'company-id': String(companyId),
    'content-type': 'application/json',
  };
}

export function tokenFor(h: Harness, companyId: number): Promise<string> {
  return signAccessToken(h.keys, h.config, `bench-${companyId}`, `ap${companyId}@bench.example`);
}

type Body = { totalRecords?: number; items?: unknown[]; rows?: unknown[] };

export async function callApi(
  h: Harness,
  headers: Record<string, string>,
  scenario: Scenario,
  n: number,
): Promise<Body> {
  const call = scenario.http(n);
  const res = await fetch(`${h.baseUrl}${call.path}`, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${call.method} ${call.path}: ${res.status} ${text}`);
  return JSON.parse(text) as Body;
}

/** What the first call returned: a page of total matches, or suggestions. */
export function resultOf(body: Body): string {
  if (body.totalRecords !== undefined)
    return `${(body.rows ?? body.items)?.length ?? 0} of ${body.totalRecords.toLocaleString('en-US')}`;
  return `${body.items?.length ?? 0} suggestions`;
}

/** Every scenario of one company: `runs` measured runs after warm-up, SQL and API alternating. */
export async function measureCompany(
  h: Harness,
  company: Company,
  scenarios: Scenario[],
  runs: number,
): Promise<Measured[]> {
  const headers = headersFor(await tokenFor(h, company.id), company.id);
  const out: Measured[] = [];
  // What every call pays before its own work: token check, user, membership (+ one small query).
  const auth = await sample(runs, async () => {
    const res = await fetch(`${h.baseUrl}/api/featureflags`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/featureflags: ${res.status}`);
    await res.arrayBuffer();
  });
  console.log(
    `  ${company.label} auth path alone (GET /api/featureflags): p50 ${ms(auth.p50)} ms, p95 ${ms(auth.p95)} ms`,
  );
  for (const scenario of scenarios) {
    const result = resultOf(await callApi(h, headers, scenario, 0));
    const [sqlLatency, apiLatency] = (await sampleInterleaved(
      Math.min(runs, scenario.maxRuns ?? runs),
      // The SQL side runs as a request does: as the tenant role, under row-level security.
      [
        (n) => withTenantScope(company.id, () => scenario.sql(h.direct.db, n)),
        (n) => callApi(h, headers, scenario, n),
      ],
    )) as [Latency, Latency];
    out.push({ company, scenario, sql: sqlLatency, api: apiLatency, result });
    console.log(
      `  ${company.label} ${scenario.name}: SQL p95 ${ms(sqlLatency.p95)} ms, API p95 ${ms(apiLatency.p95)} ms (${result})`,
    );
  }
  return out;
}
