import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DocumentTypeId,
  Role,
  UserType,
  featureFlagMessages,
  zCompanyFeatureFlags,
  zCompanyFeatureFlagsList,
  zFeatureFlagChangeList,
  type CompanyFeatureFlags,
} from '@flowline/shared';
import { featureFlagChanges } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let home: CompanyRow;
let a: CompanyRow;
let b: CompanyRow;
let support: UserRow;
let admin: UserRow;
let userA: UserRow;
let userB: UserRow;

const call = (
  user: UserRow,
  companyId: number,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
) => t.as(user, companyId)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const put = (companyId: number | string, payload: object, user = support) =>
  call(user, home.id, 'PUT', `/admin/featureflags/${companyId}`, payload);
const flagsOf = async (user: UserRow, companyId: number) =>
  (await call(user, companyId, 'GET', '/featureflags')).json();
const stateOf = (row: CompanyFeatureFlags, flag: string) => row.flags.find((f) => f.flag === flag);

beforeAll(async () => {
  // The environment switches messaging on for the whole deployment: the default companies inherit.
  t = await buildTestApp({ FEATURE_FLAGS: 'in-app-messaging' });
  home = await buildCompany(t.db, { name: 'Flowline Support' });
  a = await buildCompany(t.db, { name: 'Acme Flags Oil' });
  b = await buildCompany(t.db, { name: 'Bravo Flags Gas' });
  support = await buildMember(t.db, home, [Role.User], { userTypeId: UserType.Global });
  admin = await buildMember(t.db, home, [Role.Administrator]);
  userA = await buildMember(t.db, a, [Role.Administrator]);
  userB = await buildMember(t.db, b, [Role.User]);
});
afterAll(() => t.close());

describe('GET /admin/featureflags', () => {
  it('pages the companies with each flag, own or inherited, and the deployment defaults', async () => {
    const res = await call(support, home.id, 'GET', '/admin/featureflags?search=flags&pageSize=1');
    expect(res.statusCode).toBe(200);
    const body = zCompanyFeatureFlagsList.parse(res.json());
    expect(body.totalRecords).toBe(2);
    expect(body.items.map((c) => c.companyName)).toEqual(['Acme Flags Oil']);
    expect(body.items[0]!.flags).toEqual([
      { flag: 'in-app-messaging', enabled: true, source: 'default' },
      { flag: 'network-match-enhancement', enabled: false, source: 'default' },
      { flag: 'accounting-reports', enabled: false, source: 'default' },
      { flag: 'ai-doctype-detection-and-extraction', enabled: false, source: 'default' },
    ]);
    expect(body.defaults[0]).toEqual({
      flag: 'in-app-messaging',
      enabled: true,
      source: 'environment',
    });
    const page2 = (
      await call(support, home.id, 'GET', '/admin/featureflags?search=flags&pageSize=1&page=2')
    ).json();
    expect(page2.items[0].companyName).toBe('Bravo Flags Gas');
    const one = (
      await call(support, home.id, 'GET', `/admin/featureflags?companyId=${b.id}`)
    ).json();
    expect(one.items.map((c: CompanyFeatureFlags) => c.companyId)).toEqual([b.id]);
  });

  it('treats search text literally', async () => {
    const res = await call(support, home.id, 'GET', '/admin/featureflags?search=%25');
    expect(res.json().totalRecords).toBe(0);
  });

  it('is for Global users only', async () => {
    for (const user of [admin, userA]) {
      const companyId = user === admin ? home.id : a.id;
      const res = await call(user, companyId, 'GET', '/admin/featureflags');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('global_user_required');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/featureflags' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown company and 400 for bad paging', async () => {
    expect(
      (await call(support, home.id, 'GET', '/admin/featureflags?companyId=999999')).statusCode,
    ).toBe(404);
    expect((await call(support, home.id, 'GET', '/admin/featureflags?page=0')).statusCode).toBe(
      400,
    );
    expect(
      (await call(support, home.id, 'GET', '/admin/featureflags?pageSize=1000')).statusCode,
    ).toBe(400);
  });
});

describe('PUT /admin/featureflags/{companyId}', () => {
  it("switches one company's flag without touching another company's", async () => {
    const res = await put(a.id, { flag: 'accounting-reports', enabled: true });
    expect(res.statusCode).toBe(200);
    const row = zCompanyFeatureFlags.parse(res.json());
    expect(stateOf(row, 'accounting-reports')).toEqual({
      flag: 'accounting-reports',
      enabled: true,
      source: 'company',
    });
    expect(await flagsOf(userA, a.id)).toMatchObject({
      accountingReportFlag: true,
      messagingFlag: true,
    });
    expect(await flagsOf(userB, b.id)).toMatchObject({ accountingReportFlag: false });

    // An own 'off' wins over the deployment's 'on'.
    await put(a.id, { flag: 'in-app-messaging', enabled: false });
    expect(await flagsOf(userA, a.id)).toMatchObject({ messagingFlag: false });
    expect(await flagsOf(userB, b.id)).toMatchObject({ messagingFlag: true });
  });

  it('goes back to the default with enabled null, and records every change', async () => {
    const res = await put(a.id, { flag: 'in-app-messaging', enabled: null });
    expect(stateOf(res.json(), 'in-app-messaging')).toEqual({
      flag: 'in-app-messaging',
      enabled: true,
      source: 'default',
    });
    expect(await flagsOf(userA, a.id)).toMatchObject({ messagingFlag: true });
    // The same value again is no change and is not recorded.
    await put(a.id, { flag: 'in-app-messaging', enabled: null });

    const rows = await t.db
      .select()
      .from(featureFlagChanges)
      .where(eq(featureFlagChanges.companyId, a.id))
      .orderBy(featureFlagChanges.id);
    expect(rows.map((r) => [r.flag, r.oldEnabled, r.newEnabled, r.changedByUserId])).toEqual([
      ['accounting-reports', null, true, support.id],
      ['in-app-messaging', null, false, support.id],
      ['in-app-messaging', false, null, support.id],
    ]);
    expect(rows.every((r) => r.changedAt instanceof Date)).toBe(true);

    const changes = zFeatureFlagChangeList.parse(
      (await call(support, home.id, 'GET', `/admin/featureflags/${a.id}/changes`)).json(),
    );
    expect(changes.items[0]).toMatchObject({
      flag: 'in-app-messaging',
      oldEnabled: false,
      newEnabled: null,
      changedByName: `${support.firstName} ${support.lastName}`,
    });
  });

  it('refuses everyone but Global users, whatever the body', async () => {
    const res = await put(a.id, { flag: 'nope' }, userA);
    expect(res.statusCode).toBe(403);
    expect((await put(a.id, { flag: 'accounting-reports', enabled: true }, admin)).statusCode).toBe(
      403,
    );
    expect((await call(userA, a.id, 'GET', `/admin/featureflags/${a.id}/changes`)).statusCode).toBe(
      403,
    );
  });

  it('answers 404 for an unknown company', async () => {
    const res = await put(999999, { flag: 'accounting-reports', enabled: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(featureFlagMessages.companyNotFound);
    expect(
      (await call(support, home.id, 'GET', '/admin/featureflags/999999/changes')).statusCode,
    ).toBe(404);
  });

  it('answers 400 with a clear message for a bad flag or value', async () => {
    const bad = await put(a.id, { flag: 'dark-mode', enabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(featureFlagMessages.unknownFlag);
    const noValue = await put(a.id, { flag: 'accounting-reports' });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().error.message).toContain(featureFlagMessages.enabledRequired);
    expect((await put(a.id, { flag: 'accounting-reports', enabled: 'yes' })).statusCode).toBe(400);
    expect((await put('abc', { flag: 'accounting-reports', enabled: true })).statusCode).toBe(400);
    expect((await put(0, { flag: 'accounting-reports', enabled: true })).statusCode).toBe(400);
  });
});

describe('PUT /admin/featureflags/default', () => {
  it('sets the deployment default that companies without their own setting inherit', async () => {
    const res = await put('default', { flag: 'network-match-enhancement', enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      flag: 'network-match-enhancement',
      enabled: true,
      source: 'database',
    });
    expect(await flagsOf(userB, b.id)).toMatchObject({ networkMatchEnhancementFlag: true });
    await put(b.id, { flag: 'network-match-enhancement', enabled: false });
    expect(await flagsOf(userB, b.id)).toMatchObject({ networkMatchEnhancementFlag: false });
    await put(b.id, { flag: 'network-match-enhancement', enabled: null });
    await put('default', { flag: 'network-match-enhancement', enabled: null });
    expect(await flagsOf(userB, b.id)).toMatchObject({ networkMatchEnhancementFlag: false });
    expect((await put('default', { flag: 'x', enabled: true })).statusCode).toBe(400);
    expect(
      (await put('default', { flag: 'accounting-reports', enabled: true }, admin)).statusCode,
    ).toBe(403);
  });
});

describe('accounting reports on the server', () => {
  it('lists the report types only for a company with the flag', async () => {
    const type = DocumentTypeId.OperatorExpenseReport;
    const forA = await call(userA, a.id, 'GET', `/documentroute/all/${type}`);
    expect(forA.statusCode).toBe(200);
    const forB = await call(userB, b.id, 'GET', `/documentroute/all/${type}`);
    expect(forB.statusCode).toBe(403);
    expect(forB.json().error).toMatchObject({
      code: 'feature_disabled',
      message: featureFlagMessages.featureDisabled,
    });
    const mixed = await call(userB, b.id, 'GET', `/documentroute/getByDocumentTypes/93,${type}`);
    expect(mixed.statusCode).toBe(403);
    const plain = await call(userB, b.id, 'GET', `/documentroute/all/${DocumentTypeId.ArInvoice}`);
    expect(plain.statusCode).toBe(200);
  });
});
