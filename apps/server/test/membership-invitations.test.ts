// Pending memberships (issue 10 item 2): what the invited person receives, how the inviting
// company works with the entry until the answer, and the person's own e-mail change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import {
  devMailbox,
  memberships,
  notifications,
  orgUnits,
  userOrgUnits,
  users,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let inviter: CompanyRow;
let home: CompanyRow;
let admin: UserRow;
let person: UserRow;
let firstProfile: number;
let secondProfile: number;

beforeAll(async () => {
  t = await buildTestApp();
  inviter = await buildCompany(t.db, { name: 'Inviting Operator' });
  home = await buildCompany(t.db, { name: 'Person Home Co' });
  admin = await buildMember(t.db, inviter, [Role.Administrator], {
    firstName: 'Ada',
    lastName: 'Admin',
  });
  person = await buildMember(t.db, home, [Role.User], {
    emailAddress: 'pat@home.example',
    firstName: 'Pat',
    lastName: 'Person',
  });
  const profiles = await t.db
    .insert(orgUnits)
    .values([
      { companyId: inviter.id, name: 'North', code: 'N' },
      { companyId: inviter.id, name: 'South', code: 'S' },
    ])
    .returning();
  firstProfile = profiles[0]!.id;
  secondProfile = profiles[1]!.id;
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(admin, inviter.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const asPerson = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.as(person)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

describe('a pending membership', () => {
  let entryId: number;

  it('tells the person by e-mail and by a notification in their own company', async () => {
    const res = await asAdmin('POST', '/users', {
      emailAddress: 'pat@home.example',
      firstName: 'Pat',
      lastName: 'Person',
      mainRole: Role.ReadOnly,
      userOrgUnitIds: [firstProfile],
    });
    expect(res.statusCode).toBe(201);
    entryId = res.json().id;
    const [mail] = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(1);
    expect(mail?.to).toEqual(['pat@home.example']);
    expect(mail?.subject).toContain('Inviting Operator');
    expect(mail?.text).toContain('/membership-invitations');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.companyId, home.id)));
    expect(note).toMatchObject({
      actionId: 'openMembershipInvitation',
      sourceCompanyId: inviter.id,
    });
  });

  it('is paged and sorted with the members, and may be given profiles from the profile screen', async () => {
    const page = (await asAdmin('GET', '/users/exchange?orderBy=email&pageSize=1&page=1')).json();
    expect(page.totalRecords).toBe(2);
    expect(page.items[0]).toMatchObject({ id: entryId, invitationPending: true });

    const profile = (await asAdmin('GET', `/companyorgunit/${secondProfile}`)).json();
    const saved = await asAdmin('PUT', `/companyorgunit/${secondProfile}`, {
      ...profile,
      users: [entryId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await asAdmin('GET', `/users/${entryId}`)).json().userOrgUnitIds).toEqual([
      firstProfile,
      secondProfile,
    ]);
  });

  it('the /me calls need a signed-in person and refuse bad ids', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me/membership-invitations' });
    expect(anonymous.statusCode).toBe(401);
    expect((await asPerson('POST', '/me/membership-invitations/abc/accept')).statusCode).toBe(400);
    expect((await asPerson('POST', '/me/membership-invitations/999999/accept')).statusCode).toBe(
      404,
    );
  });

  it('accepting makes a member with the chosen role and profiles; the inviter is told', async () => {
    const [invitation] = (await asPerson('GET', '/me/membership-invitations')).json();
    expect(invitation).toMatchObject({
      id: entryId,
      companyName: 'Inviting Operator',
      invitedBy: 'Ada Admin',
      mainRole: Role.ReadOnly,
    });
    const res = await asPerson('POST', `/me/membership-invitations/${entryId}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You joined Inviting Operator');
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, person.id), eq(memberships.companyId, inviter.id)));
    expect(membership?.isActive).toBe(true);
    const profiles = await t.db
      .select()
      .from(userOrgUnits)
      .where(and(eq(userOrgUnits.userId, person.id), eq(userOrgUnits.companyId, inviter.id)));
    expect(profiles.map((p) => p.orgUnitId).sort()).toEqual([firstProfile, secondProfile].sort());
    const roles = (await asAdmin('GET', `/users/${person.id}/roles`)).json();
    expect(roles).toEqual([{ roleId: Role.ReadOnly, isMain: true }]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.companyId, inviter.id)));
    expect(told.map((n) => n.title)).toContain('Invitation accepted');
    // The entry is gone: the list now shows the member.
    expect((await asAdmin('GET', `/users/${entryId}`)).statusCode).toBe(404);
  });
});

describe('my own sign-in e-mail', () => {
  it('asks the new address to confirm and warns the old one', async () => {
    const res = await asPerson('POST', '/users/current/emailaddress', {
      emailAddress: 'pat.new@home.example',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('pat.new@home.example');
    const mails = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(2);
    const toNew = mails.find((m) => m.to.includes('pat.new@home.example'));
    const toOld = mails.find((m) => m.to.includes('pat@home.example'));
    expect(toOld?.text).toContain('pat.new@home.example');
    const token = toNew?.text.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const [before] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(before?.emailAddress).toBe('pat@home.example');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/emailchange/confirm',
      payload: { token: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('This confirmation link is invalid or has expired.');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/emailchange/confirm',
      payload: { token },
    });
    expect(ok.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(after?.emailAddress).toBe('pat.new@home.example');
  });

  it('refuses an invalid or unchanged address with the spec message', async () => {
    const res = await asPerson('POST', '/users/current/emailaddress', { emailAddress: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Must be a valid e-mail and different from existing email',
    );
  });
});
