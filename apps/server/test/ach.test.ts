import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Ach, AchPage } from '@flowline/shared';
import { achParties, achs } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildAchWorld, type OrgUnitRow, type PartyRow } from './helpers/ach-factories';
import type { CompanyRow, UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let otherAdmin: UserRow;
let west: OrgUnitRow;
let east: OrgUnitRow;
let foreignProfile: OrgUnitRow;
let westParty: PartyRow;
let bothParty: PartyRow;
let eastParty: PartyRow;
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

async function createAch(overrides: Record<string, unknown> = {}): Promise<Ach> {
  const res = await asAdmin()({ method: 'POST', url: '/api/ach', payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Ach>();
}

beforeAll(async () => {
  t = await buildTestApp();
  ({
    acme,
    other,
    admin,
    otherAdmin,
    west,
    east,
    foreignProfile,
    westParty,
    bothParty,
    eastParty,
    foreignParty,
  } = await buildAchWorld(t.db));
});

afterAll(() => t.close());

describe('POST /ach and GET /ach/{id}', () => {
  it('stores the ACH with its profiles and connections', async () => {
    const ach = await createAch({ bankName: '  First Bank of Midland ' });
    expect(ach).toMatchObject({
      bankName: 'First Bank of Midland',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountNumberMasked: '••••6789',
      accountTypeId: 1,
      accountTypeName: 'Checking',
      isActive: true,
      orgUnitIds: [west.id],
      partyIds: [westParty.id, bothParty.id],
      profiles: [{ id: west.id, name: 'West Texas' }],
      partiesByOrgUnitId: [
        {
          key: west.id,
          value: [
            { id: westParty.id, name: 'Apex Oil' },
            { id: bothParty.id, name: 'Basin Gas' },
          ],
        },
      ],
    });
    const res = await asAdmin()({ method: 'GET', url: `/api/ach/${ach.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ach);
  });

  it('links a connection to every chosen profile it belongs to', async () => {
    const ach = await createAch({
      orgUnitIds: [west.id, east.id],
      partyIds: [bothParty.id, eastParty.id],
      country: 'O',
      routingNumber: '42',
      accountTypeId: 2,
    });
    expect(ach.partiesByOrgUnitId).toEqual([
      {
        key: east.id,
        value: [
          { id: bothParty.id, name: 'Basin Gas' },
          { id: eastParty.id, name: 'Cedar Energy' },
        ],
      },
      { key: west.id, value: [{ id: bothParty.id, name: 'Basin Gas' }] },
    ]);
    const rows = await t.db.select().from(achParties).where(eq(achParties.achId, ach.id));
    expect(rows).toHaveLength(3);
  });

  it("answers 404 for another company's ACH and for a missing one", async () => {
    const ach = await createAch();
    const res = await t.as(otherAdmin, other.id)({ method: 'GET', url: `/api/ach/${ach.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'ACH not found', code: 'ach_not_found' } });
    expect((await asAdmin()({ method: 'GET', url: '/api/ach/999999' })).statusCode).toBe(404);
  });
});

describe('PUT /ach/{id} and DELETE /ach/{id}', () => {
  it('replaces the fields and the links', async () => {
    const ach = await createAch();
    const res = await asAdmin()({
      method: 'PUT',
      url: `/api/ach/${ach.id}`,
      payload: body({
        bankName: 'Second Bank',
        accountNumber: '99887766',
        accountTypeId: 2,
        isActive: false,
        orgUnitIds: [east.id],
        partyIds: [eastParty.id],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      bankName: 'Second Bank',
      accountNumberMasked: '••••7766',
      accountTypeName: 'Savings',
      isActive: false,
      partiesByOrgUnitId: [{ key: east.id, value: [{ id: eastParty.id, name: 'Cedar Energy' }] }],
    });
  });

  it('leaves the ACH untouched when the input is refused', async () => {
    const ach = await createAch();
    const res = await asAdmin()({
      method: 'PUT',
      url: `/api/ach/${ach.id}`,
      payload: body({ bankName: 'Changed', partyIds: [eastParty.id] }),
    });
    expect(res.statusCode).toBe(400);
    const after = await asAdmin()({ method: 'GET', url: `/api/ach/${ach.id}` });
    expect(after.json()).toEqual(ach);
  });

  it("answers 404 for another company's ACH, on update and delete", async () => {
    const ach = await createAch();
    const foreign = t.as(otherAdmin, other.id);
    const put = await foreign({
      method: 'PUT',
      url: `/api/ach/${ach.id}`,
      payload: body({ orgUnitIds: [foreignProfile.id], partyIds: [foreignParty.id] }),
    });
    expect(put.statusCode).toBe(404);
    expect((await foreign({ method: 'DELETE', url: `/api/ach/${ach.id}` })).statusCode).toBe(404);
    expect((await asAdmin()({ method: 'GET', url: `/api/ach/${ach.id}` })).json()).toEqual(ach);
  });

  it('deletes an ACH', async () => {
    const ach = await createAch();
    expect((await asAdmin()({ method: 'DELETE', url: `/api/ach/${ach.id}` })).statusCode).toBe(204);
    expect((await asAdmin()({ method: 'GET', url: `/api/ach/${ach.id}` })).statusCode).toBe(404);
  });
});

describe('GET /ach', () => {
  it('pages, searches and sorts, with masked account numbers only', async () => {
    const zed = await createAch({ bankName: 'Zed Bank', accountNumber: '5550001111' });
    const page = await asAdmin()({
      method: 'GET',
      url: '/api/ach?page=1&pageSize=2&orderBy=bankName&orderByDirection=desc',
    });
    expect(page.statusCode).toBe(200);
    const { items, totalRecords } = page.json<AchPage>();
    expect(items).toHaveLength(2);
    expect(totalRecords).toBe(await achCount());
    expect(items[0]).toEqual({
      id: zed.id,
      bankName: 'Zed Bank',
      country: 'US',
      // Stored encrypted: lists show the last four digits only (docs/secrets-at-rest.md).
      routingNumber: '••••0021',
      accountNumberMasked: '••••1111',
      accountTypeId: 1,
      accountTypeName: 'Checking',
      isActive: true,
      profiles: [{ id: west.id, name: 'West Texas' }],
      connections: [
        { id: westParty.id, name: 'Apex Oil' },
        { id: bothParty.id, name: 'Basin Gas' },
      ],
    });
    expect(page.body).not.toContain('5550001111');
    expect(page.body).not.toContain('021000021');
    const found = await asAdmin()({ method: 'GET', url: '/api/ach?query=zed' });
    expect(found.json<AchPage>().items.map((a) => a.id)).toEqual([zed.id]);
  });

  it("never shows another company's ACHs", async () => {
    const res = await t.as(otherAdmin, other.id)({ method: 'GET', url: '/api/ach' });
    expect(res.json()).toEqual({ items: [], totalRecords: 0 });
  });
});
