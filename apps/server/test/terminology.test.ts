import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, Terminology } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let otherAdmin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
});
afterAll(() => t.close());

const defaults = [
  { terminologyId: 1, terminologyName: 'Profile', customizedName: null },
  { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
  { terminologyId: 3, terminologyName: 'Connection', customizedName: null },
];

const put = (user: UserRow, company: CompanyRow, id: number, customizedName: unknown) =>
  t.as(
    user,
    company.id,
  )({
    method: 'PUT',
    url: `/api/terminology/${id}`,
    payload: { customizedName },
  });

describe('terminology', () => {
  it('lists the default terms for a company that renamed nothing', async () => {
    const user = await buildMember(t.db, acme, [Role.ReadOnly]);
    const res = await t.as(user, acme.id)({ method: 'GET', url: '/api/terminology' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaults);
  });

  it('needs a selected company', async () => {
    const res = await t.as(admin)({ method: 'GET', url: '/api/terminology' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('company_required');
  });

  it('lets an Administrator rename a term, for their company only', async () => {
    const res = await put(admin, acme, Terminology.OrgUnit, '  Division  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      terminologyId: 1,
      terminologyName: 'Profile',
      customizedName: 'Division',
    });

    const mine = await t.as(admin, acme.id)({ method: 'GET', url: '/api/terminology' });
    expect(mine.json()[0]).toEqual({
      terminologyId: 1,
      terminologyName: 'Profile',
      customizedName: 'Division',
    });
    const theirs = await t.as(otherAdmin, other.id)({ method: 'GET', url: '/api/terminology' });
    expect(theirs.json()).toEqual(defaults);

    expect(
      (await put(admin, acme, Terminology.OrgUnit, 'Business Unit')).json().customizedName,
    ).toBe('Business Unit');
  });

  it('restores the default with null or a blank name', async () => {
    await put(admin, acme, Terminology.Vendor, 'Supplier');
    const reset = await put(admin, acme, Terminology.Vendor, null);
    expect(reset.json()).toEqual({
      terminologyId: 2,
      terminologyName: 'Vendor',
      customizedName: null,
    });
    await put(admin, acme, Terminology.Vendor, 'Supplier');
    expect((await put(admin, acme, Terminology.Vendor, '   ')).json().customizedName).toBeNull();
    const list = await t.as(admin, acme.id)({ method: 'GET', url: '/api/terminology' });
    expect(list.json()[1].customizedName).toBeNull();
  });

  it('refuses User, ReadOnly and Processor members', async () => {
    for (const role of [Role.User, Role.ReadOnly, Role.Processor]) {
      const member = await buildMember(t.db, acme, [role]);
      const res = await put(member, acme, Terminology.Party, 'Partner');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('administrator_required');
    }
  });

  it("refuses another company's administrator", async () => {
    const res = await put(otherAdmin, acme, Terminology.Party, 'Partner');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('company_forbidden');
  });

  it('validates the id and the name', async () => {
    expect((await put(admin, acme, 99, 'X')).statusCode).toBe(404);
    expect((await put(admin, acme, 0, 'X')).statusCode).toBe(400);
    const long = await put(admin, acme, Terminology.Party, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Must be at most 100 characters');
    expect((await put(admin, acme, Terminology.Party, 'x'.repeat(100))).statusCode).toBe(200);
    expect((await put(admin, acme, Terminology.Party, 12)).statusCode).toBe(400);
  });
});
