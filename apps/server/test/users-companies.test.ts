import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PartyType, Role, UserType } from '@flowline/shared';
import { memberships } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  addMembership,
  buildCompany,
  buildMember,
  buildUser,
  type CompanyRow,
  type UserRow,
} from './helpers/factories';

let t: TestApp;
let vendor: CompanyRow;
let operator: CompanyRow;
let cloud: CompanyRow;
let stranger: CompanyRow;
let dana: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db, { name: 'Bravo Vendor', partyTypes: [PartyType.Vendor] });
  operator = await buildCompany(t.db, {
    name: 'Alpha Operating',
    partyTypes: [PartyType.Purchaser, PartyType.Operator],
  });
  cloud = await buildCompany(t.db, {
    name: 'Cloud Minerals',
    isCloud: true,
    url: 'https://cloud.example',
  });
  stranger = await buildCompany(t.db, { name: 'Stranger Co' });
  dana = await buildUser(t.db, { firstName: 'Dana', lastName: 'Brooks', title: 'Controller' });
  await addMembership(t.db, dana, vendor, [Role.Administrator]);
  await addMembership(t.db, dana, operator, [Role.User, Role.ReadOnly]);
  await addMembership(t.db, dana, cloud, [Role.User]);
  admin = await buildMember(t.db, stranger, [Role.Administrator]);
});
afterAll(() => t.close());

describe('GET /api/company/allCompanies', () => {
  it("lists the user's companies by name with party types and cloud attributes", async () => {
    const res = await t.as(dana)({ method: 'GET', url: '/api/company/allCompanies' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((c: { name: string }) => c.name)).toEqual([
      'Alpha Operating',
      'Bravo Vendor',
      'Cloud Minerals',
    ]);
    expect(body[0]).toMatchObject({
      id: operator.id,
      code: operator.code,
      isCloud: false,
      url: null,
      partyTypeIds: [3, 5],
    });
    expect(body[2]).toMatchObject({ isCloud: true, url: 'https://cloud.example' });
    expect(body[0].serviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never lists a company the user left or is blocked in', async () => {
    await t.db
      .update(memberships)
      .set({ blocked: true })
      .where(and(eq(memberships.userId, dana.id), eq(memberships.companyId, cloud.id)));
    const res = await t.as(dana)({ method: 'GET', url: '/api/company/allCompanies' });
    expect(res.json().map((c: { id: number }) => c.id)).not.toContain(cloud.id);
    await t.db
      .update(memberships)
      .set({ blocked: false })
      .where(and(eq(memberships.userId, dana.id), eq(memberships.companyId, cloud.id)));
  });

  it('is empty for a user without companies', async () => {
    const loner = await buildUser(t.db);
    const res = await t.as(loner)({ method: 'GET', url: '/api/company/allCompanies' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs a token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/company/allCompanies' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/users/current', () => {
  it('returns the user with companies and no roles without a company', async () => {
    const res = await t.as(dana)({ method: 'GET', url: '/api/users/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: dana.id,
      displayName: 'Dana Brooks',
      title: 'Controller',
      userType: UserType.Regular,
      roles: [],
      mainRole: null,
      isTemporaryPassword: false,
      showWelcomeMessage: false,
    });
    expect(res.json().companies).toHaveLength(3);
  });

  it('returns the roles in the selected company, main role first', async () => {
    const inVendor = await t.as(dana, vendor.id)({ method: 'GET', url: '/api/users/current' });
    expect(inVendor.json()).toMatchObject({
      roles: [Role.Administrator],
      mainRole: Role.Administrator,
      showWelcomeMessage: true,
    });
    const inOperator = await t.as(dana, operator.id)({ method: 'GET', url: '/api/users/current' });
    expect(inOperator.json()).toMatchObject({
      roles: [Role.User, Role.ReadOnly],
      mainRole: Role.User,
    });
  });

  it("refuses another company's id (403)", async () => {
    const res = await t.as(dana, stranger.id)({ method: 'GET', url: '/api/users/current' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('company_forbidden');
  });
});

describe('GET /api/exchangeusers/external/:externalId', () => {
  it('returns the signed-in user by subject, with roles for ?companyId', async () => {
    const res = await t.as(dana)({
      method: 'GET',
      url: `/api/exchangeusers/external/${dana.externalId}?companyId=${vendor.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dana.id, roles: [Role.Administrator] });
  });

  it("is 404 for someone else's subject, even an administrator's", async () => {
    const res = await t.as(
      admin,
      stranger.id,
    )({ method: 'GET', url: `/api/exchangeusers/external/${dana.externalId}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('user_not_found');
  });

  it('refuses a company the user does not belong to', async () => {
    const res = await t.as(dana)({
      method: 'GET',
      url: `/api/exchangeusers/external/${dana.externalId}?companyId=${stranger.id}`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('rejects a bad companyId with a 400', async () => {
    const res = await t.as(dana)({
      method: 'GET',
      url: `/api/exchangeusers/external/${dana.externalId}?companyId=abc`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('POST /api/exchangeusers/welcomeMessageDisplayed', () => {
  it("remembers 'Do not show this message again' for that company only", async () => {
    const skip = await t.as(
      dana,
      vendor.id,
    )({
      method: 'POST',
      url: '/api/exchangeusers/welcomeMessageDisplayed',
      payload: { doNotShowAgain: false },
    });
    expect(skip.statusCode).toBe(204);
    expect(
      (await t.as(dana, vendor.id)({ method: 'GET', url: '/api/users/current' })).json()
        .showWelcomeMessage,
    ).toBe(true);

    const optOut = await t.as(
      dana,
      vendor.id,
    )({
      method: 'POST',
      url: '/api/exchangeusers/welcomeMessageDisplayed',
      payload: { doNotShowAgain: true },
    });
    expect(optOut.statusCode).toBe(204);
    expect(
      (await t.as(dana, vendor.id)({ method: 'GET', url: '/api/users/current' })).json()
        .showWelcomeMessage,
    ).toBe(false);
    expect(
      (await t.as(dana, operator.id)({ method: 'GET', url: '/api/users/current' })).json()
        .showWelcomeMessage,
    ).toBe(true);
  });

  it('remembers the dialog as displayed for a Global (support) user whatever they chose', async () => {
    const support = await buildUser(t.db, { userTypeId: UserType.Global });
    await addMembership(t.db, support, vendor, [Role.Administrator]);
    const current = () => t.as(support, vendor.id)({ method: 'GET', url: '/api/users/current' });
    expect((await current()).json().showWelcomeMessage).toBe(true);

    const skip = await t.as(
      support,
      vendor.id,
    )({
      method: 'POST',
      url: '/api/exchangeusers/welcomeMessageDisplayed',
      payload: { doNotShowAgain: false },
    });
    expect(skip.statusCode).toBe(204);
    expect((await current()).json().showWelcomeMessage).toBe(false);
  });

  it('rejects a body without the choice (400), changing nothing', async () => {
    const res = await t.as(
      dana,
      operator.id,
    )({
      method: 'POST',
      url: '/api/exchangeusers/welcomeMessageDisplayed',
      payload: { doNotShowAgain: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await t.as(dana, operator.id)({ method: 'GET', url: '/api/users/current' })).json()
        .showWelcomeMessage,
    ).toBe(true);
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const res = await t.as(
      dana,
      operator.id,
    )({
      method: 'POST',
      url: '/api/exchangeusers/welcomeMessageDisplayed',
      headers: { 'content-type': 'application/json' },
      payload: '{"doNotShowAgain":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('needs the company header and a membership', async () => {
    expect(
      (
        await t.as(dana)({
          method: 'POST',
          url: '/api/exchangeusers/welcomeMessageDisplayed',
          payload: { doNotShowAgain: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as(
          dana,
          stranger.id,
        )({
          method: 'POST',
          url: '/api/exchangeusers/welcomeMessageDisplayed',
          payload: { doNotShowAgain: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/company/:id/name', () => {
  it("returns one of the user's companies", async () => {
    const res = await t.as(
      dana,
      vendor.id,
    )({ method: 'GET', url: `/api/company/${operator.id}/name` });
    expect(res.json()).toEqual({ id: operator.id, name: 'Alpha Operating' });
  });

  it('is 404 for an unrelated company and 400 for a bad id', async () => {
    expect(
      (await t.as(dana, vendor.id)({ method: 'GET', url: `/api/company/${stranger.id}/name` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as(dana, vendor.id)({ method: 'GET', url: '/api/company/abc/name' })).statusCode,
    ).toBe(400);
  });
});
