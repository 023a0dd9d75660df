import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role, connectionMessages } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type OrgUnitRow } from './helpers/ach-factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let west: OrgUnitRow;
let foreignProfile: OrgUnitRow;

const connection = (overrides: Record<string, unknown> = {}) => ({
  partyTypeId: PartyType.Vendor,
  name: 'Apex Oil',
  number: `A-${Math.random().toString(36).slice(2, 8)}`,
  emails: 'ap@apex.example billing@apex.example',
  taxIdentifier: '123456789',
  taxTypeId: 'EIN',
  country: 'US',
  state: 'TX',
  zipCode: '79701',
  companyOrgUnitIds: [west.id],
  ...overrides,
});
const call = (
  user: UserRow,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) => t.as(user, acme.id)({ method, url: `/api${url}`, ...(body ? { payload: body } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  clerk = await buildMember(t.db, acme, [Role.User]);
  reader = await buildMember(t.db, acme, [Role.ReadOnly]);
  west = await buildOrgUnit(t.db, acme, { name: 'West' });
  foreignProfile = await buildOrgUnit(t.db, other);
});
afterAll(() => t.close());

describe('POST/PUT/GET /api/party', () => {
  it('creates, reads and saves a connection', async () => {
    const created = await call(admin, 'POST', '/party', connection({ externalSystem: 'X' }));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Apex Oil',
      partyTypeName: 'Vendor',
      emails: ['ap@apex.example', 'billing@apex.example'],
      isTaxValid: true,
      externalSystem: null,
      partyStatus: 'notOnNetwork',
      companyOrgUnits: [{ id: west.id, name: 'West' }],
    });
    const saved = await call(
      admin,
      'PUT',
      `/party/${body.id}`,
      connection({ name: 'Apex 2', effectiveFromDate: '2024-01-01T00:00:00Z' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Apex 2', effectiveFromDate: '2024-01-01' });
    const read = await call(reader, 'GET', `/party/${body.id}`);
    expect(read.json().name).toBe('Apex 2');
    const withUnits = await call(clerk, 'GET', `/party/getByIdWithConnectedOrgUnits/${body.id}`);
    expect(withUnits.json().connectedOrgUnits).toEqual({});
  });

  it('refuses writes to User and ReadOnly members', async () => {
    for (const user of [clerk, reader]) {
      expect((await call(user, 'POST', '/party', connection())).statusCode).toBe(403);
    }
    const party = await buildParty(t.db, acme, [west]);
    expect((await call(clerk, 'PUT', `/party/${party.id}`, connection())).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `/party/${party.id}`)).statusCode).toBe(403);
  });

  it('answers 404 for another company’s connection and profile', async () => {
    const foreign = await buildParty(t.db, other, [foreignProfile]);
    expect((await call(admin, 'GET', `/party/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/party/${foreign.id}`, connection())).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/party/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', `/party/${foreign.id}/checkAlreadyConnected`)).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'GET', `/party/partiesByOrgUnitId/${foreignProfile.id}`)).statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', `/party/partyTypesByCompanyId/${other.id}`)).statusCode).toBe(
      404,
    );
    const res = await call(
      admin,
      'POST',
      '/party',
      connection({ companyOrgUnitIds: [foreignProfile.id] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(connectionMessages.unknownProfiles);
  });

  it.each([
    [{ name: '' }, 'name', 'Required'],
    [{ number: '' }, 'number', 'Required'],
    [{ partyTypeId: null }, 'partyTypeId', 'Required'],
    [{ emails: '' }, 'emails', 'Required'],
    [{ taxIdentifier: '' }, 'taxIdentifier', 'Required'],
    [{ companyOrgUnitIds: [] }, 'companyOrgUnitIds', 'Required'],
    [{ emails: 'ok@x.com bad' }, 'emails', 'bad is not a valid email'],
    [
      { effectiveFromDate: '2024-02-01', effectiveThruDate: '2024-01-01' },
      'effectiveFromDate',
      'Effective From Date must be before Effective Thru Date',
    ],
    [{ zipCode: '12' }, 'zipCode', 'Must be a 5 or 9 digit code'],
    [
      { altCountry: 'CA', altZipCode: '12345' },
      'altZipCode',
      'Must be a 6 character code arranged in the form ANANAN',
    ],
    [{ phone: '1'.repeat(17) }, 'phone', 'Must be at most 16 characters'],
  ])('validates %j', async (overrides, field, message) => {
    const res = await call(admin, 'POST', '/party', connection(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });
});

describe('DELETE /api/party/{id}', () => {
  it('deletes a plain connection', async () => {
    const party = await buildParty(t.db, acme, [west]);
    expect((await call(admin, 'DELETE', `/party/${party.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/party/${party.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['connected', { connectedCompanyId: 0 }],
    ['invited', { isInviteSent: true, inviteSentAt: new Date() }],
    ['connecting', { isInviteSent: true, inviteSentAt: new Date(), suggestedCompanyId: 0 }],
  ])('refuses a %s connection', async (_name, overrides) => {
    const values = { ...overrides } as Record<string, unknown>;
    for (const key of ['connectedCompanyId', 'suggestedCompanyId'])
      if (key in values) values[key] = other.id;
    const party = await buildParty(t.db, acme, [west], values);
    const res = await call(admin, 'DELETE', `/party/${party.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Connected connection or connections with pending invites cannot be deleted',
    );
  });
});

describe('other reads', () => {
  it('lists the connections of a profile, party types and already-connected', async () => {
    const east = await buildOrgUnit(t.db, acme, { name: 'East' });
    const a = await buildParty(t.db, acme, [east], { name: 'Aa', suggestedCompanyId: other.id });
    await buildParty(t.db, acme, [east], { name: 'Bb', connectedCompanyId: other.id });
    const list = await call(reader, 'GET', `/party/partiesByOrgUnitId/${east.id}`);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Aa', 'Bb']);
    const check = await call(reader, 'GET', `/party/${a.id}/checkAlreadyConnected`);
    expect(check.json().alreadyConnected).toBe(true);
    const types = await call(reader, 'GET', `/party/partyTypesByCompanyId/${acme.id}`);
    expect(types.statusCode).toBe(200);
  });
});

describe('GET /api/party/searchForPartyNetworkMatchesCount', () => {
  it('counts the on-network connections not yet connected or invited', async () => {
    const company = await buildCompany(t.db);
    const boss = await buildMember(t.db, company, [Role.ReadOnly]);
    await buildParty(t.db, company, [], { suggestedCompanyId: other.id });
    await buildParty(t.db, company, [], { suggestedCompanyId: other.id, isInviteSent: true });
    await buildParty(t.db, company, []);
    const res = await t.as(
      boss,
      company.id,
    )({
      method: 'GET',
      url: '/api/party/searchForPartyNetworkMatchesCount',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 1 });
  });
});
