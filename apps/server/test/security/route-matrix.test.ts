// Issue 17 item 1: tenant and role matrices generated from the route table. Every registered
// /api route must have an entry in route-access.ts; each entry is checked against the running
// server: (a) no token, (b) company B's Administrator with A's ids, (c) every refused role and
// user type of A, (d) company B's API key. See docs/security.md, 'Route matrix'.
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureFlag } from '@flowline/shared';
import { apiModules } from '../../src/modules/index';
import { buildTestApp, type TestApp } from '../helpers/app';
import { multipartBody } from '../helpers/multipart';
import { pdf } from '../helpers/legal-files';
import { MARK, buildRouteWorld, type RouteWorld } from './factories';
import { routeRoles } from '../../src/auth/route-roles';
import { routeAccess, type Allow, type RouteAccessEntry } from './route-access';

interface Registered {
  key: string;
  access: 'public' | 'user' | 'company';
  hidden: boolean;
}

// Every route of every API module, hidden ones (schema.hide, the WebSocket) included: an onRoute
// hook registered first inside the /api scope sees each route the modules add after it. HEAD
// routes are Fastify's automatic twins of GET routes and share their handler.
const registered: Registered[] = [];
apiModules.unshift(
  fp(async (api: FastifyInstance) => {
    api.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of methods)
        registered.push({
          key: `${method} ${path}`,
          access: route.config?.access ?? 'company',
          hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        });
    });
  }),
);

let t: TestApp;
let w: RouteWorld;

beforeAll(async () => {
  t = await buildTestApp({
    FEATURE_FLAGS: FeatureFlag.messaging,
  });
  w = await buildRouteWorld(t);
}, 120_000);
afterAll(() => t?.close());

type Caller = (opts: InjectOptions) => Promise<LightMyRequestResponse>;
const entries = Object.entries(routeAccess).filter(([, e]) => !e.websocket);
const guarded = entries.filter(([, e]) => e.access !== 'public');

async function request(key: string, entry: RouteAccessEntry): Promise<InjectOptions> {
  const [method, path] = key.split(' ') as [InjectOptions['method'], string];
  const params = entry.params?.(w) ?? {};
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '1')),
  );
  const query = entry.query?.(w);
  if (query) url += `?${new URLSearchParams(query).toString()}`;
  if (entry.multipart) {
    const fields = Object.entries(entry.multipart(w)).map(
      ([name, value]) => [name, JSON.stringify(value)] as [string, string],
    );
    const { payload, headers } = await multipartBody([
      ...fields,
      ['file', { name: 'a.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    return { method, url, payload, headers };
  }
  const body = entry.body?.(w);
  if (entry.contentType && typeof body === 'string') {
    return { method, url, payload: body, headers: { 'content-type': entry.contentType } };
  }
  return { method, url, ...(body !== undefined ? { payload: body as object } : {}) };
}

const withKey =
  (key: string, companyId?: number): Caller =>
  (opts) =>
    t.app.inject({
      ...opts,
      headers: {
        ...(opts.headers as Record<string, string>),
        'x-api-key': key,
        ...(companyId !== undefined ? { 'company-id': String(companyId) } : {}),
      },
    });

/** A's members and keys a route must refuse, by what the entry allows. */
function refusedCallers(entry: RouteAccessEntry): string[] {
  if (entry.access !== 'company') return [];
  const byAllow: Record<Allow, string[]> = {
    anyone: [],
    'any-user': [],
    'any-member': [],
    writers: ['readOnly', 'readOnlyKey'],
    administrators: ['user', 'readOnly', 'processor', 'readOnlyKey'],
    'global-only': ['admin', 'user', 'readOnly', 'processor'],
  };
  const refused = [...byAllow[entry.allow]];
  if (!entry.apiKey) refused.push('adminKey', 'readOnlyKey');
  return [...new Set(refused)];
}

function callerOfA(name: string): Caller {
  const people = w.aPeople as Record<string, RouteWorld['aPeople']['admin']>;
  if (name === 'adminKey') return withKey(w.aKey.key);
  if (name === 'readOnlyKey') return withKey(w.aReadOnlyKey.key);
  return t.as(people[name]!, w.a.id);
}

/** The answer holds none of company A's planted names, numbers or ids in text. */
function expectNoDataOfA(res: LightMyRequestResponse) {
  expect(res.body).not.toContain(MARK);
  expect(res.body).not.toContain(w.a.name);
}

/** 403/404 (or 200 with every item refused) for A's objects; never A's data in the body. */
function expectRefusedOrOwn(entry: RouteAccessEntry, res: LightMyRequestResponse) {
  if (entry.refusal === 'per-item') {
    expect(res.statusCode, res.body).toBe(200);
    // Bulk approve answers `approved`, bulk hold `held`: nothing done either way.
    const body = res.json<{ approved?: number[]; held?: number[] }>();
    expect(body.approved ?? body.held, res.body).toEqual([]);
  } else if ((entry.crossCompany ?? 'refused') === 'refused') {
    const allowed = entry.validatesFirst ? [400, 403, 404] : [403, 404];
    expect(allowed, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  }
  expectNoDataOfA(res);
}

/** Columns a refused call may touch: a key's last use is recorded when it authenticates. */
const volatileColumns: Record<string, string[]> = { api_keys: ['last_used_at'] };

/** Every row of every table, hashed: a refused call leaves it as it was. */
async function fingerprint(): Promise<Record<string, string>> {
  const rowsOf = (r: unknown) =>
    (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const tables = rowsOf(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((r) => String(r.name));
  const out: Record<string, string> = {};
  for (const name of tables) {
    const [row] = rowsOf(
      await t.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(r, ',' order by r), '')) as h
           from (select (to_jsonb(x) ${(volatileColumns[name] ?? []).map((c) => `- '${c}'`).join(' ')})::text as r
                 from "${name}" x) rows`,
        ),
      ),
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
}

describe('the route table', () => {
  it('has an entry for every registered /api route, and a route for every entry', () => {
    const keys = registered.map((r) => r.key);
    expect(keys.length).toBeGreaterThan(150);
    expect(
      keys.filter((k) => !routeAccess[k]),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(routeAccess).filter((k) => !keys.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it("declares each route's access as the route does (config.access)", () => {
    const wrong = registered
      .filter((r) => routeAccess[r.key] && routeAccess[r.key]!.access !== r.access)
      .map((r) => `${r.key}: registered ${r.access}, table ${routeAccess[r.key]!.access}`);
    expect(wrong).toEqual([]);
  });

  it('keeps allow consistent with access', () => {
    const wrong = Object.entries(routeAccess).filter(
      ([, e]) =>
        (e.access === 'public') !== (e.allow === 'anyone') ||
        (e.access === 'user') !== (e.allow === 'any-user'),
    );
    expect(wrong.map(([k]) => k)).toEqual([]);
  });

  it("declares each route's role requirement in the server's route-roles table, where it comes first", () => {
    // Issue 28 item 8: the role is checked before the body (src/auth/route-roles.ts).
    const wrong = Object.entries(routeAccess)
      .map(([key, e]) => {
        const expected =
          ['writers', 'administrators', 'global-only'].includes(e.allow) && !e.refusal
            ? e.allow
            : undefined;
        const role = routeRoles[key];
        const actual = typeof role === 'object' ? role.allow : role;
        return actual === expected ? null : `${key}: table ${expected}, server ${actual}`;
      })
      .filter(Boolean);
    expect(wrong).toEqual([]);
    expect(Object.keys(routeRoles).filter((k) => !routeAccess[k])).toEqual([]);
  });

  it('lists the routes hidden from the OpenAPI document too', () => {
    const hidden = registered.filter((r) => r.hidden).map((r) => r.key);
    expect(hidden).toContain('GET /api/notifications/subscribe');
  });
});

describe('(a) without a token', () => {
  it.each(guarded.map(([k]) => k))('%s → 401', async (key) => {
    const res = await t.app.inject(await request(key, routeAccess[key]!));
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe("(b) company B's Administrator with B's Company-Id and A's ids", () => {
  const rows = guarded.filter(([, e]) => e.crossCompany !== 'token-holder').map(([k]) => k);
  it.each(rows)('%s → 403/404 or only B’s own data, never A’s', async (key) => {
    const entry = routeAccess[key]!;
    const res = await t.as(w.bAdmin, w.b.id)(await request(key, entry));
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.statusCode, res.body).not.toBe(401);
    expectRefusedOrOwn(entry, res);
  });
});

describe('(c) each role and user type of company A that the route refuses', () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await fingerprint();
  }, 120_000);
  const rows = guarded.flatMap(([key, entry]) =>
    refusedCallers(entry).map((caller) => [key, caller] as const),
  );
  it.each(rows)('%s as %s → 403', async (key, caller) => {
    const entry = routeAccess[key]!;
    const res = await callerOfA(caller)(await request(key, entry));
    if (entry.refusal === 'per-item') {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refused.length, res.body).toBeGreaterThan(0);
    } else if (entry.refusal === 'lookup-first')
      expect([403, 404, 409], res.body).toContain(res.statusCode);
    else expect(res.statusCode, res.body).toBe(403);
  });
  it('wrote nothing', async () => {
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});

describe('(c2) each refused role with an INVALID body or query (issue 28 item 8)', () => {
  // The role is checked before validation: a refused role learns nothing about the input's
  // shape (403, never 400). Bulk (per-item) and lookup-first routes are the listed exceptions.
  const byAllow: Partial<Record<Allow, string[]>> = {
    writers: ['readOnly', 'readOnlyKey'],
    administrators: ['user', 'readOnly', 'processor', 'readOnlyKey'],
    'global-only': ['admin', 'user', 'readOnly', 'processor'],
  };
  const rows = guarded
    .filter(([, e]) => e.access === 'company' && !e.refusal)
    .flatMap(([key, entry]) => (byAllow[entry.allow] ?? []).map((c) => [key, c] as const));
  it('covers every route with a role requirement', () => {
    expect(new Set(rows.map(([k]) => k)).size).toBe(Object.keys(routeRoles).length);
  });
  it.each(rows)('%s as %s with nonsense → 403', async (key, caller) => {
    const entry = routeAccess[key]!;
    const valid = await request(key, entry);
    const url = String(valid.url);
    const nonsense: InjectOptions =
      valid.method === 'GET'
        ? { ...valid, url: `${url}${url.includes('?') ? '&' : '?'}page=-1&pageSize=x` }
        : {
            method: valid.method,
            url,
            payload: { name: ['not', 'a', 'name'], role: 'x'.repeat(5000), page: -1 },
          };
    const res = await callerOfA(caller)(nonsense);
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe("(d) company B's API key (Administrator role)", () => {
  const onA = guarded.filter(([, e]) => e.access === 'company').map(([k]) => k);
  it.each(onA)("%s with A's Company-Id → 403", async (key) => {
    const res = await withKey(w.bKey.key, w.a.id)(await request(key, routeAccess[key]!));
    expect(res.statusCode, res.body).toBe(403);
    expectNoDataOfA(res);
  });
  const rows = guarded.filter(([, e]) => e.crossCompany !== 'token-holder').map(([k]) => k);
  it.each(rows)("%s on A's ids → refused, or only B's own data", async (key) => {
    const entry = routeAccess[key]!;
    const res = await withKey(w.bKey.key)(await request(key, entry));
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (!entry.apiKey) {
      expect([401, 403, 404], res.body).toContain(res.statusCode);
      expectNoDataOfA(res);
    } else expectRefusedOrOwn(entry, res);
  });
});
