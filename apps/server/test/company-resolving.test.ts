import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
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
let cloud: CompanyRow;
let stranger: CompanyRow;
let dana: UserRow;

const resolve = (user: UserRow, companyId: string | number, selected?: number) =>
  t.as(
    user,
    selected,
  )({
    method: 'GET',
    url: `/api/companyResolving/resolveCompanyByServiceId?companyId=${companyId}`,
  });

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db, { name: 'Bravo Vendor' });
  cloud = await buildCompany(t.db, {
    name: 'Cloud Minerals',
    isCloud: true,
    url: 'https://cloud.example',
  });
  stranger = await buildCompany(t.db, { name: 'Stranger Co' });
  await buildMember(t.db, stranger, [Role.Administrator]);
  dana = await buildUser(t.db, { firstName: 'Dana', lastName: 'Brooks' });
  await addMembership(t.db, dana, vendor, [Role.Administrator]);
  await addMembership(t.db, dana, cloud, [Role.User]);
});
afterAll(() => t.close());

describe('GET /api/companyResolving/resolveCompanyByServiceId', () => {
  it("answers where each of the user's companies is served", async () => {
    const here = await resolve(dana, vendor.id);
    expect(here.statusCode).toBe(200);
    expect(here.json()).toEqual({
      id: vendor.id,
      name: 'Bravo Vendor',
      serviceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isCloud: false,
      url: null,
    });
    // Asked from another selected company of the user, too.
    const elsewhere = await resolve(dana, cloud.id, vendor.id);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({
      id: cloud.id,
      isCloud: true,
      url: 'https://cloud.example',
    });
  });

  it('is 404 for a company the user does not belong to, as for a missing one', async () => {
    for (const id of [stranger.id, 2_000_000_000]) {
      const res = await resolve(dana, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { message: 'Company not found', code: 'company_not_found' },
      });
    }
  });

  it('is 400 for a missing or malformed companyId', async () => {
    for (const q of ['', 'abc', '-1', '0', '1.5', '99999999999']) {
      const res = await resolve(dana, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const none = await t.as(dana)({
      method: 'GET',
      url: '/api/companyResolving/resolveCompanyByServiceId',
    });
    expect(none.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companyResolving/resolveCompanyByServiceId?companyId=${vendor.id}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
