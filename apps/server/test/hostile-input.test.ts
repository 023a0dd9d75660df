// Issue 10 item 4: no input answers 5xx. The routes come from the OpenAPI document, so a new
// route is attacked without anyone adding it here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const HUGE = '99999999999999999999';
const LONG = 'x'.repeat(100 * 1024);
const NUL = 'a\u0000b';
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const PATH_VALUES = [HUGE, 'abc', '%00', '-1', '1.5', encodeURIComponent(LONG.slice(0, 4000))];
const FIELD_VALUES: unknown[] = [NUL, Number(HUGE), HUGE, LONG, { a: [1] }, [NUL], true, -1];

let t: TestApp;
let acme: CompanyRow;
let admin: UserRow;
let spec: OpenApi;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Hostile Test Co' });
  admin = await buildMember(t.db, acme, [Role.Administrator, Role.User], {
    emailAddress: 'hostile-admin@acme.example',
  });
  spec = (t.app as unknown as { swagger(): OpenApi }).swagger();
});
afterAll(() => t.close());

interface Probe {
  method: string;
  url: string;
  payload?: unknown;
  raw?: string;
}

function probesFor(path: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const fill = (value: string) =>
    pathNames.reduce((url, name) => url.replace(`{${name}}`, value), path);
  const probes: Probe[] = [];
  const upper = method.toUpperCase();
  for (const value of pathNames.length ? PATH_VALUES : [''])
    probes.push({ method: upper, url: fill(value) });
  const base = fill('1');
  for (const value of [HUGE, '%00', encodeURIComponent(LONG), '-1', 'abc']) {
    const names = [...queryNames, 'page', 'pageSize', 'ids', 'query'];
    const qs = names.map((n) => `${encodeURIComponent(n)}=${value}`).join('&');
    probes.push({ method: upper, url: `${base}?${qs}` });
    probes.push({
      method: upper,
      url: `${base}?${names.map((n) => `${n}[]=1&${n}[x]=2`).join('&')}`,
    });
  }
  if (['POST', 'PUT', 'PATCH'].includes(upper)) {
    const props = Object.keys(
      op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
    );
    for (const value of FIELD_VALUES)
      probes.push({
        method: upper,
        url: base,
        payload: Object.fromEntries(props.map((p) => [p, value])),
      });
    for (const payload of [[], 'text', 12, null])
      probes.push({ method: upper, url: base, payload });
    probes.push({ method: upper, url: base, raw: DEEP });
    probes.push({ method: upper, url: base, raw: `{"a":"${'\\u0000'}"}` });
  }
  return probes;
}

describe('hostile input over every route of the OpenAPI document', () => {
  it('never answers 5xx', async () => {
    const probes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .flatMap(([method, op]) => probesFor(path, method, op)),
    );
    expect(probes.length).toBeGreaterThan(500);
    const failures: string[] = [];
    const send = t.as(admin, acme.id);
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const res = await send({
          method: probe.method as 'GET',
          url: probe.url,
          ...(probe.raw !== undefined
            ? { payload: probe.raw, headers: { 'content-type': 'application/json' } }
            : probe.payload !== undefined
              ? {
                  payload: JSON.stringify(probe.payload),
                  headers: { 'content-type': 'application/json' },
                }
              : {}),
        });
        if (res.statusCode >= 500)
          failures.push(
            `${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.payload)?.slice(0, 80) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
  }, 240_000);

  it('refuses NUL with a clear 400', async () => {
    const res = await t.as(admin, acme.id)({ method: 'GET', url: '/api/users?query=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Text must not contain NUL characters.');
  });

  it('caps ids inside a list', async () => {
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'GET',
      url: `/api/companyorgunit?ids=${HUGE}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Must be a comma-separated list of ids');
  });

  it('answers 400 for non-string e-mails on a party', async () => {
    const res = await t.as(
      admin,
      acme.id,
    )({ method: 'POST', url: '/api/party', payload: { emails: 12 } });
    expect(res.statusCode).toBe(400);
  });
});
