import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role } from '@flowline/shared';
import { devMailbox, invitations, notifications, parties } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type OrgUnitRow } from './helpers/ach-factories';

/**
 * Issue 27 items 16, 17, 18, 20 (docs/connections.md, docs/invitations.md): invitation rows name
 * the inviting company; a rejection (and its reason) shows on the sender's connection; a company
 * that deleted the relationship leaves the other side 'Disconnected by the other connection';
 * members read the lists, only Administrators write.
 */
let t: TestApp;
let permian: CompanyRow;
let caprock: CompanyRow;
let permianAdmin: UserRow;
let caprockAdmin: UserRow;
let caprockClerk: UserRow;
let caprockReader: UserRow;
let caprockProfile: OrgUnitRow;

const call =
  (user: UserRow, company: CompanyRow) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.as(user, company.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

const latestMail = async (to: string) => {
  const rows = await t.db
    .select()
    .from(devMailbox)
    .where(sql`${devMailbox.to} @> ${JSON.stringify([to])}::jsonb`);
  return rows.at(-1);
};
const tokenOf = (text: string) =>
  /\/(?:register|onboarding)\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

type Row = { id: number; partyStatus: string; inviteRejectionReason: string | null };
async function listRow(user: UserRow, company: CompanyRow, id: number): Promise<Row | undefined> {
  const res = await call(user, company)('GET', '/party/grid/search?itemsPerPage=100000');
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Row[] }).items.find((r) => r.id === id);
}

/** Permian invites a connection by e-mail; returns the connection and the mailed token. */
async function invite(email: string, partyTypeId: number = PartyType.Purchaser) {
  const party = await buildParty(t.db, permian, [], { name: `Invitee ${email}`, partyTypeId });
  const res = await call(permianAdmin, permian)('PUT', `/party/${party.id}/invite`, { email });
  expect(res.statusCode).toBe(204);
  return { party, token: tokenOf((await latestMail(email))?.text ?? '') };
}

beforeAll(async () => {
  t = await buildTestApp();
  permian = await buildCompany(t.db, { name: 'Permian Basin Services LLC' });
  caprock = await buildCompany(t.db, { name: 'Caprock Minerals' });
  permianAdmin = await buildMember(t.db, permian, [Role.Administrator]);
  caprockAdmin = await buildMember(t.db, caprock, [Role.Administrator]);
  caprockClerk = await buildMember(t.db, caprock, [Role.User]);
  caprockReader = await buildMember(t.db, caprock, [Role.ReadOnly]);
  caprockProfile = await buildOrgUnit(t.db, caprock, { name: 'Main' });
});
afterAll(() => t.close());

describe('item 16: every invitation row names the inviting company', () => {
  it('an e-mail invite names the inviter; the connection name is never the receiver itself', async () => {
    const { token } = await invite('names@caprock.example');
    const registered = await call(caprockAdmin, caprock)('POST', `/invitation/register/${token}`);
    const id = registered.json().invitationId as number;
    const list = (await call(caprockClerk, caprock)('GET', '/invitation/pending')).json();
    const row = list.find((i: { id: number }) => i.id === id);
    expect(row).toMatchObject({
      companyName: 'Permian Basin Services LLC',
      receiverPartyName: null,
    });
  });

  it("an onboarding request names the company asking and the inviter's own record for it", async () => {
    const vendorCo = await buildCompany(t.db, { name: 'Redline Vendor Co' });
    const vendorAdmin = await buildMember(t.db, vendorCo, [Role.Administrator]);
    const { party, token } = await invite('vendor@redline.example', PartyType.Vendor);
    const onboard = await call(vendorAdmin, vendorCo)('POST', `/invitation/onboard/${token}`);
    expect(onboard.statusCode).toBe(200);
    const list = (await call(permianAdmin, permian)('GET', '/invitation/pending')).json();
    const row = list.find(
      (i: { kind: string; companyName: string }) =>
        i.kind === 'connectionRequest' && i.companyName === 'Redline Vendor Co',
    );
    expect(row).toBeTruthy();
    // Before: the only name shown was the vendor's record for the inviter — Permian itself.
    expect(row.senderPartyNameOfReceiverCompany).toBe('Permian Basin Services LLC');
    expect(row.receiverPartyName).toBe(party.name);
    expect(row.companyName).toBe('Redline Vendor Co');
  });
});

describe('item 17: a rejection shows on the sender’s connection, with the reason', () => {
  it('stores the reason, tells the sender, and the row reads Invite rejected until resent', async () => {
    const { party, token } = await invite('reject@caprock.example');
    const id = (await call(caprockAdmin, caprock)('POST', `/invitation/register/${token}`)).json()
      .invitationId as number;
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'inviteSent',
    });
    const res = await call(caprockAdmin, caprock)('POST', `/invitation/reject/${id}`, {
      reason: '  We do not work with this division  ',
    });
    expect(res.statusCode).toBe(204);
    const [inv] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(inv?.rejectReason).toBe('We do not work with this division');
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'inviteRejected',
      inviteRejectionReason: 'We do not work with this division',
    });
    const one = await call(permianAdmin, permian)('GET', `/party/${party.id}`);
    expect(one.json()).toMatchObject({
      partyStatus: 'inviteRejected',
      inviteRejectionReason: 'We do not work with this division',
    });
    const filtered = await call(permianAdmin, permian)(
      'GET',
      '/party/grid/search?partyStatus=inviteRejected&itemsPerPage=100000',
    );
    expect(filtered.json().items.map((r: Row) => r.id)).toContain(party.id);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, permianAdmin.id))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(note?.message).toContain('We do not work with this division');
    expect((await latestMail(permianAdmin.emailAddress))?.text).toContain(
      'We do not work with this division',
    );
    // The receiver's reason is not the receiver's to read back from the sender's record.
    expect((await call(caprockAdmin, caprock)('GET', `/party/${party.id}`)).statusCode).toBe(404);

    // Resend Invite starts over: the rejection and its reason are gone.
    const again = await call(permianAdmin, permian)('PUT', `/party/${party.id}/invite`, {
      email: 'reject@caprock.example',
    });
    expect(again.statusCode).toBe(204);
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'inviteSent',
      inviteRejectionReason: null,
    });
  });

  it('the reason is optional; a rejected connection request reads Connection request rejected', async () => {
    const other = await buildCompany(t.db, { name: 'Quiet Co' });
    const otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
    const party = await buildParty(t.db, permian, [], { suggestedCompanyId: other.id });
    expect(
      (await call(permianAdmin, permian)('PUT', `/party/${party.id}/connect`)).statusCode,
    ).toBe(204);
    const request = (await call(otherAdmin, other)('GET', '/invitation/pending'))
      .json()
      .find((i: { kind: string }) => i.kind === 'connectionRequest');
    const res = await call(otherAdmin, other)('POST', `/invitation/reject/${request.id}`);
    expect(res.statusCode).toBe(204);
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'connectionRequestRejected',
      inviteRejectionReason: null,
    });
    // Resend connection request is allowed again.
    expect(
      (await call(permianAdmin, permian)('PUT', `/party/${party.id}/connect`)).statusCode,
    ).toBe(204);
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'connecting',
    });
  });

  it('refuses a too-long reason (nothing written), other roles and other companies', async () => {
    const { party, token } = await invite('long@caprock.example');
    const id = (await call(caprockAdmin, caprock)('POST', `/invitation/register/${token}`)).json()
      .invitationId as number;
    const long = await call(caprockAdmin, caprock)('POST', `/invitation/reject/${id}`, {
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('Must be at most 500 characters');
    for (const user of [caprockClerk, caprockReader]) {
      expect((await call(user, caprock)('POST', `/invitation/reject/${id}`)).statusCode).toBe(403);
    }
    const stranger = await buildCompany(t.db);
    const strangerAdmin = await buildMember(t.db, stranger, [Role.Administrator]);
    expect(
      (await call(strangerAdmin, stranger)('POST', `/invitation/reject/${id}`, { reason: 'no' }))
        .statusCode,
    ).toBe(404);
    const [inv] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(inv).toMatchObject({ status: 'pending', rejectReason: null });
    expect(await listRow(permianAdmin, permian, party.id)).toMatchObject({
      partyStatus: 'inviteSent',
    });
  });
});

describe('item 18: disconnected by the other side', () => {
  it('reads Disconnected by the other connection, and Reconnect asks the company again', async () => {
    const permianRecord = await buildParty(t.db, permian, [], {
      name: 'Caprock record',
      suggestedCompanyId: caprock.id,
    });
    expect(
      (await call(permianAdmin, permian)('PUT', `/party/${permianRecord.id}/connect`)).statusCode,
    ).toBe(204);
    const request = (await call(caprockAdmin, caprock)('GET', '/invitation/pending'))
      .json()
      .find(
        (i: { kind: string; senderCompanyId: number }) =>
          i.kind === 'connectionRequest' && i.senderCompanyId === permian.id,
      );
    const accepted = await call(caprockAdmin, caprock)('POST', '/invitation/accept', {
      invitationId: request.id,
      orgUnitId: caprockProfile.id,
    });
    expect(accepted.statusCode).toBe(200);
    const caprockRecordId = accepted.json().partyId as number;
    const off = await call(permianAdmin, permian)(
      'POST',
      `/party/${permianRecord.id}/disconnect?deleteRelationshipAndNotifyConnections=true`,
    );
    expect(off.statusCode).toBe(204);
    const [row] = await t.db.select().from(parties).where(eq(parties.id, caprockRecordId));
    expect(row).toMatchObject({ connectedCompanyId: null, disconnectedByCompanyId: permian.id });
    expect(await listRow(caprockClerk, caprock, caprockRecordId)).toMatchObject({
      partyStatus: 'disconnectedByOther',
    });
    // Members may read it; only Administrators reconnect.
    expect(
      (await call(caprockClerk, caprock)('PUT', `/party/${caprockRecordId}/reconnect`)).statusCode,
    ).toBe(403);
    const again = await call(caprockAdmin, caprock)('PUT', `/party/${caprockRecordId}/reconnect`);
    expect(again.statusCode).toBe(204);
    expect(await listRow(caprockAdmin, caprock, caprockRecordId)).toMatchObject({
      partyStatus: 'connecting',
    });
    const [after] = await t.db.select().from(parties).where(eq(parties.id, caprockRecordId));
    expect(after).toMatchObject({ suggestedCompanyId: permian.id, disconnectedByCompanyId: null });
  });
});

describe('item 20: members read the lists, only Administrators write', () => {
  it('lets User and ReadOnly read connections and invitations; writes are 403', async () => {
    const party = await buildParty(t.db, caprock, [caprockProfile], { name: 'Readable' });
    for (const user of [caprockClerk, caprockReader]) {
      const as = call(user, caprock);
      expect((await as('GET', '/party/grid/search')).statusCode).toBe(200);
      expect((await as('GET', `/party/${party.id}`)).statusCode).toBe(200);
      expect((await as('GET', '/invitation/pending')).statusCode).toBe(200);
      expect((await as('GET', '/invitation/pending/count')).statusCode).toBe(200);
      expect(
        (await as('PUT', `/party/${party.id}/invite`, { email: 'a@b.example' })).statusCode,
      ).toBe(403);
      expect((await as('DELETE', `/party/${party.id}`)).statusCode).toBe(403);
      expect((await as('POST', `/party/${party.id}/disconnect`)).statusCode).toBe(403);
    }
    // Another company's connection is 404 to a member, as to anyone.
    expect((await call(caprockClerk, caprock)('GET', `/party/${party.id}`)).statusCode).toBe(200);
    const foreign = await buildParty(t.db, permian, [], { name: 'Not yours' });
    expect((await call(caprockClerk, caprock)('GET', `/party/${foreign.id}`)).statusCode).toBe(404);
  });
});
