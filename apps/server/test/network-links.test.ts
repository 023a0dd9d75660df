import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role, connectionMessages } from '@flowline/shared';
import { invitations, parties } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type OrgUnitRow } from './helpers/ach-factories';

/**
 * One link per pair of companies (issue 11 item 18): a company already connected or asked through
 * one connection is not matched, counted or connected again through another, and two companies
 * asking each other end up connected instead of holding crossed requests.
 */
let t: TestApp;
let acme: CompanyRow;
let acmeAdmin: UserRow;
let acmeWest: OrgUnitRow;

const as =
  (user: UserRow, company: CompanyRow) =>
  (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.as(user, company.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const acmeApi = () => as(acmeAdmin, acme);
const partyRow = async (id: number) =>
  (await t.db.select().from(parties).where(eq(parties.id, id)))[0];
const matchCount = async () =>
  (await acmeApi()('GET', '/party/searchForPartyNetworkMatchesCount')).json().count as number;
const onNetworkIds = async () =>
  (
    (await acmeApi()('GET', '/party/grid/search?partyStatus=onNetwork&itemsPerPage=100')).json()
      .items as { id: number }[]
  ).map((r) => r.id);

/** A connection typed in by hand with the other company's tax number: the matcher finds it. */
const createMatching = async (target: CompanyRow, name: string) => {
  const res = await acmeApi()('POST', '/party', {
    partyTypeId: PartyType.Vendor,
    name,
    number: `N-${Math.random().toString(36).slice(2, 8)}`,
    emails: 'ap@example.com',
    taxTypeId: 'EIN',
    taxIdentifier: target.taxNumber,
    companyOrgUnitIds: [acmeWest.id],
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; partyStatus: string; suggestedCompanyId: number | null };
};

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Acme Operating LLC', taxNumber: '55-5555555' });
  acmeAdmin = await buildMember(t.db, acme, [Role.Administrator]);
  acmeWest = await buildOrgUnit(t.db, acme, { name: 'West' });
});
afterAll(() => t.close());

describe('a company already connected through another connection', () => {
  let hawthorne: CompanyRow;
  let connected: { id: number };

  beforeAll(async () => {
    hawthorne = await buildCompany(t.db, { name: 'Hawthorne Trust', taxNumber: '74-1234567' });
    connected = await buildParty(t.db, acme, [acmeWest], {
      name: 'Hawthorne (connected)',
      connectedCompanyId: hawthorne.id,
      suggestedCompanyId: hawthorne.id,
    });
  });

  it('is not matched again, not counted and not listed as a match', async () => {
    const before = await matchCount();
    const second = await createMatching(hawthorne, 'Hawthorne again');
    expect(second).toMatchObject({ partyStatus: 'notOnNetwork', suggestedCompanyId: null });
    expect(await matchCount()).toBe(before);
    expect(await onNetworkIds()).not.toContain(second.id);
  });

  it('refuses Connect through a connection whose stored match predates the link', async () => {
    const stale = await buildParty(t.db, acme, [acmeWest], {
      name: 'Hawthorne stale',
      suggestedCompanyId: hawthorne.id,
    });
    const check = await acmeApi()('GET', `/party/${stale.id}/checkAlreadyConnected`);
    expect(check.json()).toEqual({
      alreadyConnected: true,
      connectedPartyId: connected.id,
      connectedPartyName: 'Hawthorne (connected)',
    });
    const res = await acmeApi()('PUT', `/party/${stale.id}/connect`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'already_connected',
      message: connectionMessages.alreadyConnected('Hawthorne (connected)'),
    });
    const requests = await t.db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.senderCompanyId, acme.id),
          eq(invitations.receiverCompanyId, hawthorne.id),
        ),
      );
    expect(requests).toHaveLength(0);
  });

  it('is offered again once that connection is disconnected', async () => {
    const second = await createMatching(hawthorne, 'Hawthorne third');
    expect(second.partyStatus).toBe('notOnNetwork');
    const off = await acmeApi()('POST', `/party/${connected.id}/disconnect`);
    expect(off.statusCode).toBe(204);
    expect(await partyRow(second.id)).toMatchObject({ suggestedCompanyId: hawthorne.id });
    expect(await onNetworkIds()).toContain(second.id);
  });
});

describe('a pending connection request through another connection', () => {
  it('clears the other matches of that company and refuses a second request', async () => {
    const redMesa = await buildCompany(t.db, { name: 'Red Mesa', taxNumber: '66-6666666' });
    await buildMember(t.db, redMesa, [Role.Administrator]);
    const first = await createMatching(redMesa, 'Red Mesa one');
    const second = await createMatching(redMesa, 'Red Mesa two');
    expect([first.partyStatus, second.partyStatus]).toEqual(['onNetwork', 'onNetwork']);
    const before = await matchCount();

    expect((await acmeApi()('PUT', `/party/${first.id}/connect`)).statusCode).toBe(204);
    expect(await partyRow(second.id)).toMatchObject({ suggestedCompanyId: null });
    expect(await matchCount()).toBe(before - 2);
    expect((await acmeApi()('PUT', `/party/${second.id}/connect`)).statusCode).toBe(409);
  });
});

describe('two companies asking each other', () => {
  it('connects them: the second Connect accepts the first request', async () => {
    const caprock = await buildCompany(t.db, { name: 'Caprock Supply', taxNumber: '77-7777777' });
    const caprockAdmin = await buildMember(t.db, caprock, [Role.Administrator]);
    const caprockMain = await buildOrgUnit(t.db, caprock, { name: 'Main' });
    const acmeSide = await buildParty(t.db, acme, [acmeWest], {
      name: 'Caprock record',
      suggestedCompanyId: caprock.id,
    });
    const caprockSide = await buildParty(t.db, caprock, [caprockMain], {
      name: 'Acme record',
      suggestedCompanyId: acme.id,
    });

    expect((await acmeApi()('PUT', `/party/${acmeSide.id}/connect`)).statusCode).toBe(204);
    expect(await partyRow(acmeSide.id)).toMatchObject({ isInviteSent: true });

    const back = await as(caprockAdmin, caprock)('PUT', `/party/${caprockSide.id}/connect`);
    expect(back.statusCode).toBe(204);

    expect(await partyRow(acmeSide.id)).toMatchObject({
      connectedCompanyId: caprock.id,
      isInviteSent: false,
    });
    expect(await partyRow(caprockSide.id)).toMatchObject({
      connectedCompanyId: acme.id,
      isInviteSent: false,
    });
    const between = await t.db
      .select({ status: invitations.status, senderCompanyId: invitations.senderCompanyId })
      .from(invitations)
      .where(eq(invitations.receiverCompanyId, caprock.id));
    expect(between).toEqual([{ status: 'accepted', senderCompanyId: acme.id }]);
    const toAcme = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.receiverCompanyId, acme.id));
    expect(toAcme).toHaveLength(0);
    // Neither side is left with an invitation to answer.
    const pending = (await as(caprockAdmin, caprock)('GET', '/invitation/pending')).json();
    expect(pending).toHaveLength(0);
  });
});
