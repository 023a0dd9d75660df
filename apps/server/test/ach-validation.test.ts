import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import { achs } from '../src/db/schema/index';
import { seedDemoAch } from '../src/modules/ach/demo';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildAchWorld, type OrgUnitRow, type PartyRow } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let west: OrgUnitRow;
let east: OrgUnitRow;
let closed: OrgUnitRow;
let foreignProfile: OrgUnitRow;
let westParty: PartyRow;
let bothParty: PartyRow;
let eastParty: PartyRow;
let inactiveParty: PartyRow;
let foreignParty: PartyRow;

const asAdmin = () => t.as(admin, acme.id);
const achCount = async () => (await t.db.select({ n: count() }).from(achs))[0]?.n ?? 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  bankName: 'First Bank of Midland',
  country: 'US',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  accountTypeId: 1,
  orgUnitIds: [west.id],
  partyIds: [westParty.id, bothParty.id],
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  ({
    acme,
    other,
    admin,
    west,
    east,
    closed,
    foreignProfile,
    westParty,
    bothParty,
    eastParty,
    inactiveParty,
    foreignParty,
  } = await buildAchWorld(t.db));
});

afterAll(() => t.close());

describe('validation (spec 2 §5.1)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['bank name missing', { bankName: '' }, 'bankName', 'Required'],
    [
      'bank name too long',
      { bankName: 'B'.repeat(256) },
      'bankName',
      'Must be at most 255 characters',
    ],
    ['country unknown', { country: 'CA' }, 'country', 'Required'],
    ['routing missing', { routingNumber: '' }, 'routingNumber', 'Required'],
    ['routing not a number', { routingNumber: '0210-0002' }, 'routingNumber', 'Must be a number'],
    [
      'US routing of 8 digits',
      { routingNumber: '02100002' },
      'routingNumber',
      'Must be 9 digits and begin with 0, 1, 2, or 3',
    ],
    [
      'US routing starting with 5',
      { routingNumber: '521000021' },
      'routingNumber',
      'Must be 9 digits and begin with 0, 1, 2, or 3',
    ],
    [
      'US routing check digit',
      { routingNumber: '021000022' },
      'routingNumber',
      'Invalid routing number: the check digit does not match',
    ],
    ['account not a number', { accountNumber: '12x4' }, 'accountNumber', 'Must be a number'],
    ['account type missing', { accountTypeId: null }, 'accountTypeId', 'Required'],
    ['no profile', { orgUnitIds: [] }, 'orgUnitIds', 'Required'],
    ['no connection', { partyIds: [] }, 'partyIds', 'Required'],
  ];
  it.each(cases)(
    '%s → 400 with the message, nothing written',
    async (_, overrides, field, message) => {
      const before = await achCount();
      const res = await asAdmin()({ method: 'POST', url: '/api/ach', payload: body(overrides) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { message, code: 'validation_failed', fields: { [field]: message } },
      });
      expect(await achCount()).toBe(before);
    },
  );

  const references: [string, () => Record<string, unknown>, string][] = [
    [
      "another company's profile",
      () => ({ orgUnitIds: [west.id, foreignProfile.id] }),
      'One or more selected Profiles were not found or are inactive',
    ],
    [
      'an inactive profile',
      () => ({ orgUnitIds: [west.id, closed.id] }),
      'One or more selected Profiles were not found or are inactive',
    ],
    [
      "another company's connection",
      () => ({ partyIds: [westParty.id, foreignParty.id] }),
      'One or more selected Connections were not found or are inactive',
    ],
    [
      'an inactive connection',
      () => ({ partyIds: [inactiveParty.id] }),
      'One or more selected Connections were not found or are inactive',
    ],
    [
      'a connection of no chosen profile',
      () => ({ partyIds: [westParty.id, eastParty.id] }),
      'Connection Cedar Energy does not belong to any of the selected Profiles',
    ],
  ];
  it.each(references)('%s → 400, nothing written', async (_, overrides, message) => {
    const before = await achCount();
    const res = await asAdmin()({ method: 'POST', url: '/api/ach', payload: body(overrides()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.body).not.toContain(String(foreignProfile.id) + ',');
    expect(await achCount()).toBe(before);
  });
});

describe('pickers', () => {
  it('lists active profiles and the active connections of the chosen ones', async () => {
    const profiles = await asAdmin()({ method: 'GET', url: '/api/ach/availableProfiles' });
    expect(profiles.json()).toEqual([
      { id: east.id, name: 'East Texas' },
      { id: west.id, name: 'West Texas' },
    ]);
    const res = await asAdmin()({
      method: 'GET',
      url: `/api/ach/availableParties?orgUnitIds=${west.id},${east.id},${foreignProfile.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: westParty.id, name: 'Apex Oil', orgUnitIds: [west.id] },
      {
        id: bothParty.id,
        name: 'Basin Gas',
        orgUnitIds: expect.arrayContaining([west.id, east.id]),
      },
      { id: eastParty.id, name: 'Cedar Energy', orgUnitIds: [east.id] },
    ]);
    const foreign = await asAdmin()({
      method: 'GET',
      url: `/api/ach/availableParties?orgUnitIds=${foreignProfile.id}`,
    });
    expect(foreign.json()).toEqual([]);
  });
});

describe('demo data', () => {
  it('gives the vendor one profile with two connections, once', async () => {
    const vendor = await buildCompany(t.db);
    const ids = new Map([
      ['vendor', vendor.id],
      ['operator', other.id],
    ]);
    await t.db.transaction(async (tx) => {
      await seedDemoAch(tx, ids);
      await seedDemoAch(tx, ids);
    });
    const vendorAdmin = await buildMember(t.db, vendor, [Role.Administrator]);
    const [profile] = (
      await t.as(vendorAdmin, vendor.id)({ method: 'GET', url: '/api/ach/availableProfiles' })
    ).json<{ id: number }[]>();
    const res = await t.as(
      vendorAdmin,
      vendor.id,
    )({ method: 'GET', url: `/api/ach/availableParties?orgUnitIds=${profile?.id}` });
    expect(res.json()).toHaveLength(2);
  });
});

describe('malformed requests', () => {
  it('refuses bad ids, sort fields and update bodies', async () => {
    const created = await asAdmin()({ method: 'POST', url: '/api/ach', payload: body() });
    const id = created.json<{ id: number }>().id;
    const put = await asAdmin()({
      method: 'PUT',
      url: `/api/ach/${id}`,
      payload: body({ bankName: 'Changed', routingNumber: '121000359' }),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.message).toBe('Invalid routing number: the check digit does not match');
    const after = await asAdmin()({ method: 'GET', url: `/api/ach/${id}` });
    expect(after.json()).toMatchObject({ bankName: 'First Bank of Midland' });
    for (const url of ['/api/ach/abc', '/api/ach?orderBy=accountNumber', '/api/ach?page=0']) {
      expect((await asAdmin()({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect((await asAdmin()({ method: 'DELETE', url: '/api/ach/0' })).statusCode).toBe(400);
  });
});
