import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role, invitationMessages } from '@flowline/shared';
import {
  devMailbox,
  invitations,
  notifications,
  parties,
  realtimeEvents,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type OrgUnitRow } from './helpers/ach-factories';

let t: TestApp;
let permian: CompanyRow;
let newco: CompanyRow;
let permianAdmin: UserRow;
let newcoAdmin: UserRow;
let newcoClerk: UserRow;
let newcoReader: UserRow;
let newcoProfile: OrgUnitRow;

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
const tokenOf = (text: string) => /\/register\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const partyRow = async (id: number) =>
  (await t.db.select().from(parties).where(eq(parties.id, id)))[0];

/** Permian invites a connection that is not on the network; returns the token from the mail. */
async function invite(email: string) {
  const party = await buildParty(t.db, permian, [], { name: `Invitee ${email}` });
  const res = await call(permianAdmin, permian)('PUT', `/party/${party.id}/invite`, { email });
  expect(res.statusCode).toBe(204);
  const mail = await latestMail(email);
  return { party, token: tokenOf(mail?.text ?? '') };
}

async function registerAs(user: UserRow, company: CompanyRow, token: string) {
  return call(user, company)('POST', `/invitation/register/${token}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  permian = await buildCompany(t.db, {
    name: 'Permian Basin Services LLC',
    partyTypes: [PartyType.Operator],
    taxNumber: '12-3456789',
  });
  newco = await buildCompany(t.db, { name: 'New Co' });
  permianAdmin = await buildMember(t.db, permian, [Role.Administrator]);
  newcoAdmin = await buildMember(t.db, newco, [Role.Administrator]);
  newcoClerk = await buildMember(t.db, newco, [Role.User]);
  newcoReader = await buildMember(t.db, newco, [Role.ReadOnly]);
  newcoProfile = await buildOrgUnit(t.db, newco, { name: 'Main' });
});
afterAll(() => t.close());

describe('invite → register → accept', () => {
  it('connects both companies, each record pointing at the other', async () => {
    const { party, token } = await invite('ap@newco.example');
    expect(token).toHaveLength(43);
    expect(await partyRow(party.id)).toMatchObject({
      isInviteSent: true,
      inviteEmailAddress: 'ap@newco.example',
    });

    const registered = await registerAs(newcoClerk, newco, token);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ isAdministrator: false });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, newcoAdmin.id));
    expect(notices.at(-1)).toMatchObject({
      title: 'Received invitation',
      actionId: 'openInvitation',
    });

    const list = await call(newcoReader, newco)('GET', '/invitation/pending');
    expect(list.statusCode).toBe(200);
    const [item] = list.json();
    expect(item).toMatchObject({
      companyName: 'Permian Basin Services LLC',
      senderCompanyId: permian.id,
      expired: false,
      senderPartyNameOfReceiverCompany: party.name,
      senderEmail: permianAdmin.emailAddress,
      maskedTaxNumber: '**-***6789',
    });
    expect((await call(newcoReader, newco)('GET', '/invitation/pending/count')).json()).toEqual({
      count: 1,
    });

    for (const user of [newcoClerk, newcoReader]) {
      const refused = await call(user, newco)('POST', '/invitation/accept', {
        invitationId: item.id,
        orgUnitId: newcoProfile.id,
      });
      expect(refused.statusCode).toBe(403);
    }
    const accepted = await call(newcoAdmin, newco)('POST', '/invitation/accept', {
      invitationId: item.id,
      orgUnitId: newcoProfile.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ companyName: 'Permian Basin Services LLC' });
    const mine = await partyRow(accepted.json().partyId);
    expect(mine).toMatchObject({
      companyId: newco.id,
      connectedCompanyId: permian.id,
      name: 'Permian Basin Services LLC',
      partyTypeId: PartyType.Operator,
    });
    expect(await partyRow(party.id)).toMatchObject({
      connectedCompanyId: newco.id,
      isInviteSent: false,
    });

    const again = await call(newcoAdmin, newco)('POST', '/invitation/accept', {
      invitationId: item.id,
      orgUnitId: newcoProfile.id,
    });
    expect(again.statusCode).toBe(409);
    const byId = await call(newcoAdmin, newco)('GET', `/invitation/getbyid/${item.id}`);
    expect(byId.json()).toMatchObject({
      status: 'accepted',
      actionedByUserName: `${newcoAdmin.firstName} ${newcoAdmin.lastName}`,
    });
    // The token can be used once.
    const other = await buildCompany(t.db);
    const otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
    const reused = await registerAs(otherAdmin, other, token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(invitationMessages.notFound);
  });

  it('accepts with a new profile (exchangeAccept)', async () => {
    const { token } = await invite('new-profile@newco.example');
    const id = (await registerAs(newcoAdmin, newco, token)).json().invitationId;
    const res = await call(newcoAdmin, newco)('POST', `/invitation/exchangeAccept/${id}`, {
      name: 'Permian desk',
      code: `PD-${id}`,
      addressLineOne: '',
      users: [newcoAdmin.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orgUnitId).not.toBe(newcoProfile.id);
    const bad = await call(newcoAdmin, newco)('POST', `/invitation/exchangeAccept/${id}`, {
      name: '',
      code: '',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses unknown tokens, the sender itself and other companies', async () => {
    expect((await registerAs(newcoAdmin, newco, 'nope')).statusCode).toBe(400);
    const { token } = await invite('self@newco.example');
    const own = await registerAs(permianAdmin, permian, token);
    expect(own.json().error.message).toBe('Invitation not found');
    const id = (await registerAs(newcoAdmin, newco, token)).json().invitationId;
    const stranger = await buildCompany(t.db);
    const strangerAdmin = await buildMember(t.db, stranger, [Role.Administrator]);
    const foreign = call(strangerAdmin, stranger);
    expect((await foreign('GET', `/invitation/getbyid/${id}`)).statusCode).toBe(404);
    expect((await foreign('POST', `/invitation/reject/${id}`)).statusCode).toBe(404);
    expect((await registerAs(strangerAdmin, stranger, token)).statusCode).toBe(400);
    expect((await call(newcoClerk, newco)('POST', `/invitation/reject/${id}`)).statusCode).toBe(
      403,
    );
    expect((await call(newcoReader, newco)('DELETE', `/invitation/delete/${id}`)).statusCode).toBe(
      403,
    );
  });

  it('rejects: status rejected, sender stays not connected', async () => {
    const { party, token } = await invite('reject@newco.example');
    const id = (await registerAs(newcoAdmin, newco, token)).json().invitationId;
    expect((await call(newcoAdmin, newco)('POST', `/invitation/reject/${id}`)).statusCode).toBe(
      204,
    );
    expect((await partyRow(party.id))?.connectedCompanyId).toBeNull();
    const byId = await call(newcoAdmin, newco)('GET', `/invitation/getbyid/${id}`);
    expect(byId.json()).toMatchObject({ status: 'rejected', accepted: false });
    expect((await call(newcoAdmin, newco)('POST', `/invitation/reject/${id}`)).statusCode).toBe(
      409,
    );
  });

  it('deletes only expired invitations; expired ones cannot be registered or accepted', async () => {
    const { token } = await invite('expire@newco.example');
    const id = (await registerAs(newcoAdmin, newco, token)).json().invitationId;
    expect((await call(newcoAdmin, newco)('DELETE', `/invitation/delete/${id}`)).statusCode).toBe(
      409,
    );
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    const list = (await call(newcoAdmin, newco)('GET', '/invitation/pending')).json();
    expect(list.find((i: { id: number }) => i.id === id)).toMatchObject({ expired: true });
    const accept = await call(newcoAdmin, newco)('POST', '/invitation/accept', {
      invitationId: id,
      orgUnitId: newcoProfile.id,
    });
    expect(accept.statusCode).toBe(409);
    expect((await call(newcoAdmin, newco)('DELETE', `/invitation/delete/${id}`)).statusCode).toBe(
      204,
    );
    expect((await call(newcoAdmin, newco)('GET', `/invitation/getbyid/${id}`)).statusCode).toBe(
      404,
    );

    const late = await invite('late@newco.example');
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.token, late.token));
    expect((await registerAs(newcoAdmin, newco, late.token)).statusCode).toBe(400);
  });

  it('validates e-mails and refuses connected connections', async () => {
    const party = await buildParty(t.db, permian);
    const bad = await call(permianAdmin, permian)('PUT', `/party/${party.id}/invite`, {
      email: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Must be a valid e-mail');
    const connected = await buildParty(t.db, permian, [], { connectedCompanyId: newco.id });
    const res = await call(permianAdmin, permian)('PUT', `/party/${connected.id}/invite`, {
      email: 'a@b.example',
    });
    expect(res.statusCode).toBe(409);
    expect(
      (await call(newcoAdmin, newco)('PUT', `/party/${party.id}/invite`, { email: 'a@b.example' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('connect → accept and disconnect', () => {
  it('sends a connection request the receiver accepts', async () => {
    // A company not yet connected: one already connected is refused (network-links.test.ts).
    const other = await buildCompany(t.db, { name: 'Other Co' });
    const otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
    const otherProfile = await buildOrgUnit(t.db, other, { name: 'Main' });
    const [{ since } = { since: 0 }] = await t.db
      .select({ since: sql<number>`coalesce(max(${realtimeEvents.id}), 0)::int` })
      .from(realtimeEvents);
    const party = await buildParty(t.db, permian, [], {
      suggestedCompanyId: other.id,
      name: 'Other Co record',
    });
    const res = await call(permianAdmin, permian)('PUT', `/party/${party.id}/connect`);
    expect(res.statusCode).toBe(204);
    expect((await latestMail(otherAdmin.emailAddress))?.subject).toBeTruthy();
    const pending = (await call(otherAdmin, other)('GET', '/invitation/pending')).json();
    const request = pending.find((i: { kind: string }) => i.kind === 'connectionRequest');
    expect(request).toBeTruthy();
    const accepted = await call(otherAdmin, other)('POST', '/invitation/accept', {
      invitationId: request.id,
      orgUnitId: otherProfile.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await partyRow(party.id))?.connectedCompanyId).toBe(other.id);

    const off = await call(permianAdmin, permian)(
      'POST',
      `/party/${party.id}/disconnect?deleteRelationshipAndNotifyConnections=true`,
    );
    expect(off.statusCode).toBe(204);
    expect(await partyRow(party.id)).toMatchObject({ isDisconnected: true });
    expect((await partyRow(accepted.json().partyId))?.connectedCompanyId).toBeNull();

    // Both companies' open connection lists were told at each step (issue 15, docs/realtime.md).
    const events = await t.db
      .select({ companyId: realtimeEvents.companyId, payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.type, 'connection'),
          gt(realtimeEvents.id, since),
          inArray(realtimeEvents.companyId, [permian.id, other.id]),
        ),
      )
      .orderBy(realtimeEvents.id);
    expect(
      events.map(
        (e) => `${e.companyId === permian.id ? 'permian' : 'other'} ${String(e.payload.change)}`,
      ),
    ).toEqual([
      'permian requested',
      'other requested',
      'other connected',
      'permian connected',
      'permian removed',
      'other removed',
    ]);
  });
});
