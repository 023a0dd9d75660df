import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PartyType, Role, Terminology } from '@flowline/shared';
import {
  achOrgUnits,
  achs,
  orgUnits,
  parties,
  partyOrgUnits,
  terminology,
  userOrgUnits,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let outsider: UserRow;
let foreignId: number;

const address = {
  addressLineOne: '500 W Wall St',
  city: 'Midland',
  state: 'TX',
  zipCode: '79701',
  country: 'US',
};
const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Midland Office',
  code: `MID-${Math.random().toString(36).slice(2, 8)}`,
  ...address,
  ...overrides,
});

const post = (user: UserRow, body: unknown, companyId = acme.id) =>
  t.as(user, companyId)({ method: 'POST', url: '/api/companyorgunit', payload: body as object });
const countOrgUnits = async () =>
  (await t.db.select({ n: count() }).from(orgUnits).where(eq(orgUnits.companyId, acme.id)))[0]?.n;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  clerk = await buildMember(t.db, acme, [Role.User]);
  reader = await buildMember(t.db, acme, [Role.ReadOnly]);
  outsider = await buildMember(t.db, other, [Role.Administrator]);
  const res = await post(outsider, profile({ name: 'Elsewhere' }), other.id);
  foreignId = res.json().id;
});
afterAll(() => t.close());

describe('POST /api/companyorgunit', () => {
  it('creates a profile with its three addresses, tax id and users', async () => {
    const res = await post(
      admin,
      profile({
        code: 'HQ',
        zipCode: '79701-1234',
        paymentAddressLineOne: '1 Bay St',
        paymentAddressCity: 'Toronto',
        paymentAddressCountry: 'ca',
        paymentAddressState: 'ON',
        paymentAddressZipCode: 'm5j 2n8',
        taxIdentificationType: 'EIN',
        taxIdentificationNumber: '75-1234567',
        users: [admin.id, clerk.id],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'HQ',
      zipCode: '79701-1234',
      paymentAddressCountry: 'CA',
      paymentAddressZipCode: 'M5J 2N8',
      taxAddressLineOne: null,
      knownAs: null,
      isTaxIdValid: true,
      isActive: true,
      users: [admin.id, clerk.id].sort((a, b) => a - b),
    });
  });

  it('accepts a profile without any address', async () => {
    const res = await post(admin, { name: 'Bare', code: 'BARE' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ addressLineOne: null, country: null, users: [] });
  });

  it.each([
    [{ name: '' }, 'Required'],
    [
      { addressLineOne: '' },
      'Valid address should contain Line one, City, Country, State and Zip/postal code',
    ],
    [
      { paymentAddressCity: 'Odessa' },
      'Valid address should contain Line one, City, Country, State and Zip/postal code',
    ],
    [{ zipCode: '7970' }, 'Must be a 5 or 9 digit code'],
    [
      { country: 'CA', state: 'ON', zipCode: '12345' },
      'Must be a 6 character code arranged in the form ANANAN',
    ],
    [
      { taxIdentificationNumber: '75-1234567' },
      'Required when Tax Identification Number is populated',
    ],
    [{ knownAs: 'x'.repeat(251) }, 'Must be at most 250 characters'],
    [{ state: 'ZZ' }, 'Must be a state or province of the chosen country'],
  ])('refuses %o with the spec message and writes nothing', async (overrides, message) => {
    const before = await countOrgUnits();
    const res = await post(admin, profile(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countOrgUnits()).toBe(before);
  });

  it('needs no state for a country without states', async () => {
    const res = await post(admin, profile({ country: 'MX', state: '', zipCode: '06600' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a code the company already uses, in the company term', async () => {
    expect((await post(admin, profile({ code: 'hq' }))).json()).toEqual({
      error: { code: 'code_taken', message: 'A Profile with this code already exists' },
    });
    await t.db.insert(terminology).values({
      companyId: acme.id,
      terminologyId: Terminology.OrgUnit,
      customizedName: 'Division',
    });
    const res = await post(admin, profile({ code: 'HQ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A Division with this code already exists');
    await t.db.delete(terminology).where(eq(terminology.companyId, acme.id));
    // Codes are per company: another company may use the same one.
    expect((await post(outsider, profile({ code: 'HQ' }), other.id)).statusCode).toBe(201);
  });

  it('refuses users who are not members of the company', async () => {
    const before = await countOrgUnits();
    const res = await post(admin, profile({ users: [outsider.id] }));
    expect(res.statusCode).toBe(400);
    expect(await countOrgUnits()).toBe(before);
  });

  it('is for Administrators only', async () => {
    expect((await post(clerk, profile())).statusCode).toBe(403);
    expect((await post(reader, profile())).statusCode).toBe(403);
    // Refused before validation: the rules are not revealed to other roles.
    expect((await post(reader, {})).statusCode).toBe(403);
  });
});

describe('GET /api/companyorgunit', () => {
  it('lists every profile of the company for any member, by name', async () => {
    for (const user of [admin, clerk, reader]) {
      const res = await t.as(user, acme.id)({ method: 'GET', url: '/api/companyorgunit' });
      expect(res.statusCode).toBe(200);
      const names = res.json().items.map((i: { name: string }) => i.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      expect(names).not.toContain('Elsewhere');
      expect(res.json().totalRecords).toBe(names.length);
    }
  });

  it('pages, searches, sorts and filters', async () => {
    const get = (qs: string) =>
      t.as(admin, acme.id)({ method: 'GET', url: `/api/companyorgunit?${qs}` });
    const page = (await get('page=1&pageSize=1&orderBy=code&orderByDirection=desc')).json();
    expect(page.items).toHaveLength(1);
    expect(page.totalRecords).toBeGreaterThan(1);
    expect(page.items[0].code).toMatch(/^MID-/);
    expect((await get('query=bare')).json().items.map((i: { code: string }) => i.code)).toEqual([
      'BARE',
    ]);
    const bare = (await get('query=bare')).json().items[0].id;
    expect((await get(`ids=${bare}`)).json().totalRecords).toBe(1);
    expect((await get(`ids=${foreignId}`)).json().totalRecords).toBe(0);
    expect((await get('isActive=false')).json().totalRecords).toBe(0);
    expect((await get('orderBy=password')).statusCode).toBe(400);
  });
});

describe('GET, PUT and DELETE /api/companyorgunit/{id}', () => {
  let id: number;
  beforeAll(async () => {
    id = (await post(admin, profile({ code: 'EDIT', users: [clerk.id] }))).json().id;
  });

  it('returns one profile with its users; another company’s is 404', async () => {
    const res = await t.as(reader, acme.id)({ method: 'GET', url: `/api/companyorgunit/${id}` });
    expect(res.json()).toMatchObject({ id, code: 'EDIT', users: [clerk.id] });
    const foreign = await t.as(
      admin,
      acme.id,
    )({ method: 'GET', url: `/api/companyorgunit/${foreignId}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('saves the profile and replaces its users', async () => {
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'PUT',
      url: `/api/companyorgunit/${id}`,
      payload: profile({ code: 'EDIT', name: 'Renamed', isActive: false, users: [reader.id] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', isActive: false, users: [reader.id] });
  });

  it('refuses bad input, other roles and other companies', async () => {
    const put = (user: UserRow, target: number, body: object) =>
      t.as(user, acme.id)({ method: 'PUT', url: `/api/companyorgunit/${target}`, payload: body });
    const bad = await put(admin, id, profile({ code: 'EDIT', city: '' }));
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.as(admin, acme.id)({ method: 'GET', url: `/api/companyorgunit/${id}` })).json().city,
    ).toBe('Midland');
    expect((await put(admin, id, profile({ code: 'HQ' }))).statusCode).toBe(409);
    expect((await put(clerk, id, profile())).statusCode).toBe(403);
    expect((await put(reader, id, profile())).statusCode).toBe(403);
    expect((await put(admin, foreignId, profile())).statusCode).toBe(404);
  });

  it('refuses to delete while users, connections or ACH forms depend on it', async () => {
    const del = (user: UserRow, target = id) =>
      t.as(user, acme.id)({ method: 'DELETE', url: `/api/companyorgunit/${target}` });
    const inUse =
      'This Profile cannot be deleted because connections, ACH forms or users are assigned to it.';
    expect((await del(admin)).json().error.message).toBe(inUse);
    await t.db.delete(userOrgUnits).where(eq(userOrgUnits.orgUnitId, id));

    const [party] = await t.db
      .insert(parties)
      .values({ companyId: acme.id, partyTypeId: PartyType.Vendor, name: 'Caprock', number: 'C1' })
      .returning();
    await t.db
      .insert(partyOrgUnits)
      .values({ partyId: party!.id, orgUnitId: id, companyId: acme.id });
    expect((await del(admin)).statusCode).toBe(409);
    await t.db.delete(partyOrgUnits).where(eq(partyOrgUnits.orgUnitId, id));

    const [ach] = await t.db
      .insert(achs)
      .values({
        companyId: acme.id,
        bankName: 'First',
        country: 'US',
        legacyRoutingNumber: '1',
        legacyAccountNumber: '2',
        accountTypeId: 1,
      })
      .returning();
    await t.db.insert(achOrgUnits).values({ achId: ach!.id, orgUnitId: id, companyId: acme.id });
    expect((await del(admin)).statusCode).toBe(409);
    await t.db.delete(achOrgUnits).where(eq(achOrgUnits.orgUnitId, id));

    expect((await del(clerk)).statusCode).toBe(403);
    expect((await del(reader)).statusCode).toBe(403);
    expect((await del(admin, foreignId)).statusCode).toBe(404);
    expect((await del(admin)).statusCode).toBe(204);
    expect((await del(admin)).statusCode).toBe(404);
  });
});
