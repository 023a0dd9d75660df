import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role } from '@flowline/shared';
import { companies, parties } from '../src/db/schema/index';
import { refreshMatchesForCompany } from '../src/modules/network/matching';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type OrgUnitRow } from './helpers/ach-factories';
import { buildRegistration, randomAddress } from './helpers/registration';

let t: TestApp;
let acme: CompanyRow;
let admin: UserRow;
let west: OrgUnitRow;
let hawthorne: CompanyRow;

const connection = (overrides: Record<string, unknown> = {}) => ({
  partyTypeId: PartyType.Vendor,
  name: 'Unrelated Supply',
  number: `A-${Math.random().toString(36).slice(2, 8)}`,
  emails: 'ap@unrelated.example',
  taxIdentifier: '11-1111111',
  taxTypeId: 'EIN',
  country: 'US',
  state: 'OK',
  zipCode: '73101',
  companyOrgUnitIds: [west.id],
  ...overrides,
});
const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  t.as(admin, acme.id)({ method, url: `/api${url}`, ...(body ? { payload: body } : {}) });
const create = async (overrides: Record<string, unknown>) => {
  const res = await api('POST', '/party', connection(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; partyStatus: string; suggestedCompanyId: number | null };
};
const matchCount = async () =>
  (await api('GET', '/party/searchForPartyNetworkMatchesCount')).json().count as number;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Acme Operating LLC', taxNumber: '55-5555555' });
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  west = await buildOrgUnit(t.db, acme, { name: 'West' });
  hawthorne = await buildCompany(t.db, {
    name: 'Hawthorne Royalty Trust, Inc.',
    taxNumber: '74-1234567',
    state: 'TX',
    country: 'US',
    zipCode: '79701',
  });
});
afterAll(() => t.close());

describe('network matching on create and update', () => {
  it('keeps normalised keys in generated columns', async () => {
    const [row] = await t.db.select().from(companies).where(eq(companies.id, hawthorne.id));
    expect(row).toMatchObject({
      normalizedName: 'hawthorne royalty trust',
      taxDigits: '741234567',
    });
  });

  it('matches by tax digits, whatever the name and place', async () => {
    const party = await create({ name: 'HRT', taxIdentifier: '741234567', state: 'CA' });
    expect(party).toMatchObject({ partyStatus: 'onNetwork', suggestedCompanyId: hawthorne.id });
  });

  it('matches by name despite suffix and punctuation when the state is the same', async () => {
    const party = await create({ name: 'HAWTHORNE ROYALTY-TRUST Co.', state: 'TX' });
    expect(party).toMatchObject({ partyStatus: 'onNetwork', suggestedCompanyId: hawthorne.id });
  });

  it('needs more than the name: another state, zip and domain is no hit', async () => {
    const party = await create({ name: 'Hawthorne Royalty Trust' });
    expect(party).toMatchObject({ partyStatus: 'notOnNetwork', suggestedCompanyId: null });
  });

  it('matches a name with an e-mail domain of the company users', async () => {
    await buildMember(t.db, hawthorne, [Role.User], { emailAddress: 'ann@hawthorne-rt.example' });
    const party = await create({
      name: 'Hawthorne Royalty Trust',
      emails: 'ap@Hawthorne-RT.example',
    });
    expect(party.suggestedCompanyId).toBe(hawthorne.id);
  });

  it('clears the suggestion when an update no longer matches', async () => {
    const party = await create({ name: 'Hawthorne Royalty Trust', state: 'TX' });
    const res = await api('PUT', `/party/${party.id}`, connection({ name: 'Someone Else' }));
    expect(res.json()).toMatchObject({ partyStatus: 'notOnNetwork', suggestedCompanyId: null });
  });

  it('never suggests the own company', async () => {
    const party = await create({ name: 'Acme Operating', taxIdentifier: '555555555' });
    expect(party.suggestedCompanyId).toBeNull();
  });

  it('leaves connected, invited and disconnected connections alone', async () => {
    const other = await buildCompany(t.db);
    const kept = await Promise.all([
      buildParty(t.db, acme, [], { taxIdentifier: '741234567', connectedCompanyId: other.id }),
      buildParty(t.db, acme, [], { taxIdentifier: '741234567', isInviteSent: true }),
      buildParty(t.db, acme, [], { taxIdentifier: '741234567', isDisconnected: true }),
    ]);
    await refreshMatchesForCompany(t.db, hawthorne.id);
    const rows = await Promise.all(
      kept.map(async (p) => (await t.db.select().from(parties).where(eq(parties.id, p.id)))[0]),
    );
    expect(rows.map((r) => r?.suggestedCompanyId)).toEqual([null, null, null]);
  });
});

describe('registration and the count', () => {
  it('turns a matching connection of another company into onNetwork', async () => {
    const before = await matchCount();
    const party = await create({
      name: 'Pecos Valley Water',
      state: 'NM',
      taxIdentifier: '22-2222222',
    });
    expect(party.partyStatus).toBe('notOnNetwork');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companyRegistration',
      payload: buildRegistration({ legalName: 'Pecos Valley Water, LLC', state: 'NM' }),
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(201);
    const read = (await api('GET', `/party/${party.id}`)).json();
    expect(read).toMatchObject({ partyStatus: 'onNetwork', suggestedCompanyId: res.json().id });
    expect(await matchCount()).toBe(before + 1);
  });

  it('counts only open onNetwork rows of the selected company', async () => {
    const own = await matchCount();
    await buildParty(t.db, hawthorne, [], { suggestedCompanyId: acme.id });
    await buildParty(t.db, acme, [], { suggestedCompanyId: hawthorne.id, isInviteSent: true });
    expect(await matchCount()).toBe(own);
  });
});
