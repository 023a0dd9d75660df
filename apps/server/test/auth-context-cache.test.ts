// The request path's caches (issue 16 item 1): verified tokens and the user + membership + roles
// context are reused, yet a block, a role change, a revoked key or an expired token takes effect
// on the very next request — on the instance that made the change and on another one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import { companies, memberships, orgUnits, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
/** A second API instance on the same database (two processes behind a load balancer). */
let t2: TestApp;
let acme: CompanyRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  t2 = await buildTestApp({}, t);
  acme = await buildCompany(t.db, { name: 'Acme Oil' });
  admin = await buildMember(t.db, acme, [Role.Administrator]);
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

/** A GET with one fixed token (so the verified-token cache is hit) on the given instance. */
async function caller(user: UserRow, companyId: number, expiresIn = '10m') {
  const token = await t.tokenFor(user, { expiresIn });
  return (app: TestApp, url = '/api/featureflags') =>
    app.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'company-id': String(companyId) },
    });
}
const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(admin, acme.id)({ method, url, ...(payload ? { payload } : {}) });

describe('cached request context', () => {
  it('refuses a user blocked through the admin API on their very next request, on both instances', async () => {
    const clerk = await buildMember(t.db, acme, [Role.User]);
    const get = await caller(clerk, acme.id);
    for (let i = 0; i < 3; i++) {
      expect((await get(t)).statusCode).toBe(200);
      expect((await get(t2)).statusCode).toBe(200);
    }
    expect((await asAdmin('POST', `/api/users/${clerk.id}/block`)).statusCode).toBe(200);
    const [here, there] = [await get(t), await get(t2)];
    expect(here.statusCode).toBe(403);
    expect(here.json().error.code).toBe('company_forbidden');
    expect(there.statusCode).toBe(403);

    expect((await asAdmin('POST', `/api/users/${clerk.id}/unblock`)).statusCode).toBe(200);
    expect((await get(t)).statusCode).toBe(200);
    expect((await get(t2)).statusCode).toBe(200);
  });

  it('applies a role change on the next request, on both instances', async () => {
    const clerk = await buildMember(t.db, acme, [Role.User]);
    const get = await caller(clerk, acme.id);
    const adminList = '/api/users/exchange';
    expect((await get(t, adminList)).statusCode).toBe(403);
    expect((await get(t2, adminList)).statusCode).toBe(403);
    expect((await get(t)).statusCode).toBe(200); // cached now

    const [profile] = await t.db
      .insert(orgUnits)
      .values({ companyId: acme.id, name: 'HQ', code: 'HQ' })
      .returning();
    const before = (
      await t.as(admin, acme.id)({ method: 'GET', url: `/api/users/${clerk.id}` })
    ).json();
    const promote = await asAdmin('PUT', `/api/users/${clerk.id}`, {
      firstName: before.firstName,
      lastName: before.lastName,
      title: before.title,
      phoneNumber: before.phoneNumber,
      mainRole: Role.Administrator,
      additionalRoles: [],
      userOrgUnitIds: [profile!.id],
      isActive: true,
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect((await get(t, adminList)).statusCode).toBe(200);
    expect((await get(t2, adminList)).statusCode).toBe(200);
  });

  it('drops the context when the database changes behind the API (a script, a job, another app)', async () => {
    const clerk = await buildMember(t.db, acme, [Role.User]);
    const get = await caller(clerk, acme.id);
    expect((await get(t)).statusCode).toBe(200);
    expect((await get(t2)).statusCode).toBe(200);
    await t.db
      .update(memberships)
      .set({ blocked: true })
      .where(and(eq(memberships.userId, clerk.id), eq(memberships.companyId, acme.id)));
    await settled();
    expect((await get(t)).statusCode).toBe(403);
    expect((await get(t2)).statusCode).toBe(403);

    const other = await buildCompany(t.db);
    const worker = await buildMember(t.db, other, [Role.User]);
    const getOther = await caller(worker, other.id);
    expect((await getOther(t)).statusCode).toBe(200);
    await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, other.id));
    await settled();
    expect((await getOther(t)).statusCode).toBe(403);
    expect((await getOther(t2)).statusCode).toBe(403);
  });

  it('sees a changed user (names, type) on the next request', async () => {
    const clerk = await buildMember(t.db, acme, [Role.User]);
    const get = await caller(clerk, acme.id);
    expect((await get(t, '/api/users/current')).json().firstName).toBe(clerk.firstName);
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, clerk.id));
    await settled();
    expect((await get(t, '/api/users/current')).json().firstName).toBe('Renamed');
    expect((await get(t2, '/api/users/current')).json().firstName).toBe('Renamed');
  });

  it('refuses a token once past its exp even though it was verified and cached', async () => {
    const clerk = await buildMember(t.db, acme, [Role.User]);
    const get = await caller(clerk, acme.id, '2s');
    expect((await get(t)).statusCode).toBe(200);
    expect((await get(t)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const res = await get(t);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('token_expired');
  });

  it('stops a revoked API key on its very next request', async () => {
    const created = await asAdmin('POST', '/api/apikeys', { name: 'ERP', role: Role.ReadOnly });
    expect(created.statusCode, created.body).toBe(201);
    const { id, key } = created.json();
    const call = (app: TestApp) =>
      app.app.inject({ method: 'GET', url: '/api/featureflags', headers: { 'x-api-key': key } });
    expect((await call(t)).statusCode).toBe(200);
    expect((await call(t2)).statusCode).toBe(200);
    expect(
      (await t.as(admin, acme.id)({ method: 'DELETE', url: `/api/apikeys/${id}` })).statusCode,
    ).toBeLessThan(300);
    expect((await call(t)).statusCode).toBe(401);
    expect((await call(t2)).statusCode).toBe(401);
  });
});

/**
 * A direct database write has no request to wait on: on the PostgreSQL server its announcement
 * arrives on the LISTEN connections a moment after the commit. Give it that moment.
 */
async function settled() {
  if (t.database.kind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 100));
}
