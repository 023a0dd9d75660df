import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role, deriveConnectionStatus, orgUnitMessages } from '@flowline/shared';
import {
  invitations,
  orgUnits,
  parties,
  partyOrgUnits,
  userOrgUnits,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildParty } from './helpers/ach-factories';

let t: TestApp;
let permian: CompanyRow;
let newco: CompanyRow;
let stranger: CompanyRow;
let permianAdmin: UserRow;
let permianClerk: UserRow;
let permianReader: UserRow;
let strangerAdmin: UserRow;

const call =
  (user: UserRow, company: CompanyRow) => (method: 'PUT', url: string, payload?: object) =>
    t.as(user, company.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

const profileNamed = async (companyId: number, name: string) =>
  t.db
    .select()
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.name, name)));

const requestsOf = async (partyId: number) =>
  t.db.select().from(invitations).where(eq(invitations.senderPartyId, partyId));

const onNetworkParty = () =>
  buildParty(t.db, permian, [], { suggestedCompanyId: newco.id, name: 'New Co record' });

beforeAll(async () => {
  t = await buildTestApp();
  permian = await buildCompany(t.db, { name: 'Permian Connect', partyTypes: [PartyType.Operator] });
  newco = await buildCompany(t.db, { name: 'New Co Connect' });
  stranger = await buildCompany(t.db, { name: 'Stranger Connect' });
  permianAdmin = await buildMember(t.db, permian, [Role.Administrator]);
  permianClerk = await buildMember(t.db, permian, [Role.User]);
  permianReader = await buildMember(t.db, permian, [Role.ReadOnly]);
  strangerAdmin = await buildMember(t.db, stranger, [Role.Administrator]);
  await buildMember(t.db, newco, [Role.Administrator]);
});
afterAll(() => t.close());

describe('PUT /party/{id}/connectAndCreateOrgUnit', () => {
  it('creates the profile with its users and the connection, and sends the request', async () => {
    const party = await onNetworkParty();
    const res = await call(permianAdmin, permian)(
      'PUT',
      `/party/${party.id}/connectAndCreateOrgUnit`,
      {
        name: 'Connect desk',
        code: 'CD-1',
        addressLineOne: '1 Main St',
        country: 'US',
        state: 'TX',
        city: 'Midland',
        zipCode: '79701',
        taxIdentificationType: '',
        taxIdentificationNumber: '',
        users: [permianAdmin.id, permianClerk.id],
      },
    );
    expect(res.statusCode).toBe(204);

    const [unit] = await profileNamed(permian.id, 'Connect desk');
    expect(unit).toMatchObject({ code: 'CD-1', city: 'Midland', state: 'TX' });
    const members = await t.db
      .select()
      .from(userOrgUnits)
      .where(eq(userOrgUnits.orgUnitId, unit!.id));
    expect(members.map((m) => m.userId).sort()).toEqual([permianAdmin.id, permianClerk.id].sort());
    const links = await t.db
      .select()
      .from(partyOrgUnits)
      .where(eq(partyOrgUnits.partyId, party.id));
    expect(links.map((l) => l.orgUnitId)).toEqual([unit!.id]);

    const [request] = await requestsOf(party.id);
    expect(request).toMatchObject({
      kind: 'connectionRequest',
      status: 'pending',
      receiverCompanyId: newco.id,
      senderOrgUnitId: unit!.id,
    });
    const [row] = await t.db.select().from(parties).where(eq(parties.id, party.id));
    expect(deriveConnectionStatus(row!, new Date())).toBe('connecting');
  });

  it('is for Administrators only', async () => {
    const party = await onNetworkParty();
    for (const user of [permianClerk, permianReader]) {
      const res = await call(user, permian)('PUT', `/party/${party.id}/connectAndCreateOrgUnit`, {
        name: 'Refused',
        code: 'REF-1',
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await profileNamed(permian.id, 'Refused')).toEqual([]);
    expect(await requestsOf(party.id)).toEqual([]);
  });

  it("does not find another company's connection", async () => {
    const party = await onNetworkParty();
    const res = await call(strangerAdmin, stranger)(
      'PUT',
      `/party/${party.id}/connectAndCreateOrgUnit`,
      { name: 'Foreign', code: 'FOR-1' },
    );
    expect(res.statusCode).toBe(404);
    expect(await profileNamed(stranger.id, 'Foreign')).toEqual([]);
    expect(await requestsOf(party.id)).toEqual([]);
  });

  it('refuses an invalid profile with its message and writes nothing', async () => {
    const party = await onNetworkParty();
    const res = await call(permianAdmin, permian)(
      'PUT',
      `/party/${party.id}/connectAndCreateOrgUnit`,
      { name: 'Half address', code: 'HA-1', addressLineOne: '1 Main St', country: 'US' },
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(orgUnitMessages.invalidAddress);
    expect(await profileNamed(permian.id, 'Half address')).toEqual([]);
    expect(await requestsOf(party.id)).toEqual([]);
    const [row] = await t.db.select().from(parties).where(eq(parties.id, party.id));
    expect(deriveConnectionStatus(row!, new Date())).toBe('onNetwork');
  });
});
