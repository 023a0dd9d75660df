import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartyType, Role, invitationMessages } from '@flowline/shared';
import {
  companies,
  devMailbox,
  invitations,
  notifications,
  parties,
  userPreferences,
  users,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty } from './helpers/ach-factories';
import { buildRegistration, randomAddress } from './helpers/registration';

/*
 * Issue 11 items 1, 3, 19: registering from an invitation link gives the new company the
 * invitation; registering from an onboarding link sends its request and sets onboarding pending;
 * a rejection tells the sender. docs/invitations.md.
 */

let t: TestApp;
let permian: CompanyRow;
let permianAdmin: UserRow;
let permianQuiet: UserRow;

const call =
  (user: Pick<UserRow, 'externalId'>, companyId: number) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.as(user, companyId)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

const mailsTo = async (to: string) =>
  t.db
    .select()
    .from(devMailbox)
    .where(sql`${devMailbox.to} @> ${JSON.stringify([to])}::jsonb`);
const latestMail = async (to: string) => (await mailsTo(to)).at(-1);

/** Permian invites a connection of the given type by e-mail; returns the link's path. */
async function invite(email: string, partyTypeId: number) {
  const party = await buildParty(t.db, permian, [], { name: `Invitee ${email}`, partyTypeId });
  const res = await call(permianAdmin, permian.id)('PUT', `/party/${party.id}/invite`, { email });
  expect(res.statusCode).toBe(204);
  const text = (await latestMail(email))?.text ?? '';
  const [, path = '', token = ''] =
    /https:\/\/flowline\.test(\/(?:register|onboarding)\/([A-Za-z0-9_-]+))/.exec(text) ?? [];
  return { party, path, token, text };
}

/** Registers a company through the public form, as the mailed link's page does. */
async function register(email: string, token: string, isBoarding: boolean) {
  const body = buildRegistration({ userEmail: email, invitationToken: token, isBoarding });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/companyRegistration',
    payload: body,
    remoteAddress: randomAddress(),
  });
  expect(res.statusCode).toBe(201);
  const companyId = res.json<{ id: number }>().id;
  const [admin] = await t.db.select().from(users).where(eq(users.emailAddress, email));
  if (!admin) throw new Error('no administrator');
  return { companyId, admin, name: body.legalName };
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://flowline.test' });
  permian = await buildCompany(t.db, {
    name: 'Permian Basin Services LLC',
    partyTypes: [PartyType.Vendor],
  });
  permianAdmin = await buildMember(t.db, permian, [Role.Administrator]);
  permianQuiet = await buildMember(t.db, permian, [Role.Administrator]);
  await t.db
    .insert(userPreferences)
    .values({ userId: permianQuiet.id, key: 'receiveEmails', value: 'false' });
});
afterAll(() => t.close());

describe('registering from an invitation e-mail (/register/{token})', () => {
  it('gives the new company the invitation, seen on first sign-in, and mails where to find it', async () => {
    const email = 'ap@caprock.example';
    const { token, path, text } = await invite(email, PartyType.Purchaser);
    expect(path).toBe(`/register/${token}`);
    expect(text).not.toMatch(/profile/i);

    // The form prefills the invited address and names the sender (public, by token only).
    const info = await t.app.inject({ method: 'GET', url: `/api/invitation/token/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      receiverEmail: email,
      senderCompanyName: 'Permian Basin Services LLC',
      onboarding: false,
    });

    const { companyId, admin } = await register(email, token, false);
    const list = await call(admin, companyId)('GET', '/invitation/pending');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({
      companyName: 'Permian Basin Services LLC',
      kind: 'invite',
      expired: false,
    });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(notices.map((n) => n.title)).toContain('Received invitation');

    const welcome = await latestMail(email);
    expect(welcome?.subject).toBe('Welcome to Flowline');
    expect(welcome?.text).toContain(
      'The invitation from Permian Basin Services LLC is waiting for you in Invitations',
    );
    expect(welcome?.text).toContain(
      'Sign in and view the invitation: https://flowline.test/admin/invitations',
    );

    // The token is taken: it describes nothing any more and nobody else can register it.
    const again = await t.app.inject({ method: 'GET', url: `/api/invitation/token/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(invitationMessages.notFound);
  });

  it('still registers with an unusable token, attaching nothing', async () => {
    const { companyId, admin } = await register('nobody@stale.example', 'x'.repeat(43), false);
    const list = await call(admin, companyId)('GET', '/invitation/pending');
    expect(list.json()).toEqual([]);
    expect((await latestMail('nobody@stale.example'))?.text).toContain(
      'Sign in: https://flowline.test/landingpage',
    );
  });

  it('describes no unknown or malformed token', async () => {
    for (const token of ['nope', '%00', 'y'.repeat(65)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/invitation/token/${token}` });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().error.code).toBeTruthy();
    }
  });
});

describe('onboarding (/onboarding/{token})', () => {
  it('mails vendors the onboarding link; registering sends the request and sets onboarding pending until the inviter accepts', async () => {
    const email = 'office@newvendor.example';
    const { party, token, path } = await invite(email, PartyType.Vendor);
    expect(path).toBe(`/onboarding/${token}`);
    const info = await t.app.inject({ method: 'GET', url: `/api/invitation/token/${token}` });
    expect(info.json()).toMatchObject({ receiverEmail: email, onboarding: true });

    const { companyId, admin, name } = await register(email, token, true);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.onboardingProcessPending).toBe(true);
    const mine = await call(admin, companyId)('GET', '/company/allCompanies');
    expect(mine.json()[0]).toMatchObject({ id: companyId, onBoardingProcessPending: true });
    expect((await latestMail(email))?.text).toContain(
      'Your request to connect is on its way to Permian Basin Services LLC',
    );

    // The new company's record for the inviter waits; the inviter's Administrators are told.
    const [record] = await t.db.select().from(parties).where(eq(parties.companyId, companyId));
    expect(record).toMatchObject({ suggestedCompanyId: permian.id, isInviteSent: true });
    const request = (await call(permianAdmin, permian.id)('GET', '/invitation/pending'))
      .json()
      .find((i: { companyName: string }) => i.companyName === name);
    expect(request).toMatchObject({ kind: 'connectionRequest' });
    expect((await latestMail(permianAdmin.emailAddress))?.subject).toBe(
      `${name} wants to connect on Flowline`,
    );
    expect(await mailsTo(permianQuiet.emailAddress)).toEqual([]);

    // Opening /admin/onboarding/{token} again (a reload) answers the same request.
    const again = await call(admin, companyId)('POST', `/invitation/onboard/${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ invitationId: request.id, isAdministrator: true });

    const profile = await buildOrgUnit(t.db, permian, { name: `Main ${companyId}` });
    const accepted = await call(permianAdmin, permian.id)('POST', '/invitation/accept', {
      invitationId: request.id,
      orgUnitId: profile.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().partyId).toBe(party.id);
    const [after] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(after?.onboardingProcessPending).toBe(false);
  });

  it('lets a company already on Flowline onboard from the link, without the pending flag', async () => {
    const { token } = await invite('ap@existing.example', PartyType.Vendor);
    const existing = await buildCompany(t.db, { name: 'Existing Vendor Co' });
    const admin = await buildMember(t.db, existing, [Role.Administrator]);
    const res = await call(admin, existing.id)('POST', `/invitation/onboard/${token}`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, existing.id));
    expect(row?.onboardingProcessPending).toBe(false);
    // The sender itself cannot onboard its own invitation.
    const { token: other } = await invite('ap@self.example', PartyType.Vendor);
    const self = await call(permianAdmin, permian.id)('POST', `/invitation/onboard/${other}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(invitationMessages.notFound);
  });
});

describe('reject tells the sender', () => {
  it('notifies the sender company and mails the Administrators who want mail', async () => {
    const email = 'ap@declines.example';
    const { token, party } = await invite(email, PartyType.Purchaser);
    const { companyId, admin, name } = await register(email, token, false);
    const [item] = (await call(admin, companyId)('GET', '/invitation/pending')).json();
    const before = (await mailsTo(permianAdmin.emailAddress)).length;

    const res = await call(admin, companyId)('POST', `/invitation/reject/${item.id}`);
    expect(res.statusCode).toBe(204);

    for (const user of [permianAdmin, permianQuiet]) {
      const [notice] = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, user.id),
            eq(notifications.companyId, permian.id),
            eq(notifications.title, 'Invitation rejected'),
          ),
        );
      expect(notice).toMatchObject({
        message: `${name} rejected your invitation to connect.`,
        sourceCompanyId: companyId,
      });
    }
    const mails = await mailsTo(permianAdmin.emailAddress);
    expect(mails).toHaveLength(before + 1);
    // Mails of one request are delivered by the queue in no guaranteed order: find it by subject.
    const declined = mails.find(
      (m) => m.subject === `${name} declined your invitation on Flowline`,
    );
    expect(declined?.text).toContain(`your connection ${party.name}`);
    expect(await mailsTo(permianQuiet.emailAddress)).toEqual([]);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, item.id));
    expect(row?.status).toBe('rejected');
  });
});
