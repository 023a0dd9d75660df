// Issue 10 item 2: an Administrator cannot change the identity (sign-in e-mail, names, title,
// phone) of a person who also belongs to another company.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { memberships, orgUnits, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { addMembership, buildCompany, buildMember, type UserRow } from './helpers/factories';

let t: TestApp;
let victim: UserRow;
let attacker: UserRow;
let attackerCompanyId: number;
let profileId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const home = await buildCompany(t.db, { name: 'Victim Home Co' });
  const attackerCompany = await buildCompany(t.db, { name: 'Attacker Co' });
  attackerCompanyId = attackerCompany.id;
  victim = await buildMember(t.db, home, [Role.Administrator], {
    emailAddress: 'victim@home.example',
    firstName: 'Vera',
    lastName: 'Victim',
    title: 'Controller',
  });
  attacker = await buildMember(t.db, attackerCompany, [Role.Administrator], {
    emailAddress: 'mallory@attacker.example',
  });
  // The state after the first step of the attack: the victim is a member of both companies.
  await addMembership(t.db, victim, attackerCompany, [Role.User]);
  const [p] = await t.db
    .insert(orgUnits)
    .values({ companyId: attackerCompany.id, name: 'HQ', code: 'HQ' })
    .returning();
  profileId = p!.id;
});
afterAll(() => t.close());

const asAttacker = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.as(attacker, attackerCompanyId)({ method, url: `/api${url}`, payload });

describe('identity of a person shared with another company', () => {
  it('refuses to change the sign-in e-mail (403) and changes nothing', async () => {
    const res = await asAttacker('POST', `/users/${victim.id}/emailaddress`, {
      emailAddress: 'mallory+victim@attacker.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('identity_not_owned');
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${victim.id}`);
    expect(row?.emailAddress).toBe('victim@home.example');
  });

  it('refuses to change names, title or phone (403), yet role changes still work', async () => {
    const edit = {
      firstName: 'Vera',
      lastName: 'Victim',
      title: 'Controller',
      phoneNumber: null,
      mainRole: Role.Processor,
      additionalRoles: [],
      userOrgUnitIds: [profileId],
      isActive: true,
    };
    const renamed = await asAttacker('PUT', `/users/${victim.id}`, { ...edit, lastName: 'Owned' });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json().error.message).toContain('My profile');
    const retitled = await asAttacker('PUT', `/users/${victim.id}`, { ...edit, title: 'Intern' });
    expect(retitled.statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${victim.id}`);
    expect(row).toMatchObject({ lastName: 'Victim', title: 'Controller' });

    const roleOnly = await asAttacker('PUT', `/users/${victim.id}`, {
      ...edit,
      mainRole: Role.ReadOnly,
    });
    expect(roleOnly.statusCode).toBe(200);
  });

  it('still lets an Administrator edit someone who belongs to their company only', async () => {
    const own = await buildMember(t.db, { id: attackerCompanyId } as never, [Role.User], {
      emailAddress: 'own@attacker.example',
    });
    const res = await asAttacker('POST', `/users/${own.id}/emailaddress`, {
      emailAddress: 'own2@attacker.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailAddress: 'own@attacker.example',
      pendingEmailAddress: 'own2@attacker.example',
    });
  });
});

describe('the attack sequence of issue 10 item 2, from a freshly registered company', () => {
  let stranger: UserRow;
  let strangerCompanyId: number;
  let strangerProfile: number;
  let target: UserRow;

  beforeAll(async () => {
    const home = await buildCompany(t.db, { name: 'Target Home Co' });
    target = await buildMember(t.db, home, [Role.Administrator], {
      emailAddress: 'target@home.example',
      firstName: 'Tara',
      lastName: 'Target',
      title: 'Treasurer',
      phoneNumber: '555-0100',
    });
    const company = await buildCompany(t.db, { name: 'Fresh Stranger LLC' });
    strangerCompanyId = company.id;
    stranger = await buildMember(t.db, company, [Role.Administrator]);
    const [p] = await t.db
      .insert(orgUnits)
      .values({ companyId: company.id, name: 'Main', code: 'MAIN' })
      .returning();
    strangerProfile = p!.id;
  });

  const asStranger = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.as(
      stranger,
      strangerCompanyId,
    )({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  const add = (emailAddress: string) =>
    asStranger('POST', '/users', {
      emailAddress,
      firstName: 'Tara',
      lastName: 'Target',
      userOrgUnitIds: [strangerProfile],
    });

  it('adding the victim answers exactly like adding a new address, and reveals nothing of them', async () => {
    const fresh = await add('nobody-yet@fresh.example');
    const victim = await add('target@home.example');
    expect(victim.statusCode).toBe(fresh.statusCode);
    const a = fresh.json();
    const b = victim.json();
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    const { id: idA, emailAddress: _eA, userRoles: _rA, ...restA } = a;
    const { id: idB, emailAddress: _eB, userRoles: _rB, ...restB } = b;
    expect(restB).toEqual(restA);
    expect(idB).toBe(idA + 1); // one id sequence: nothing to tell them apart
    expect(b.title).toBeNull();
    expect(b.phoneNumber).toBeNull();
    expect(JSON.stringify(b)).not.toContain('Treasurer');
    // Not a member: the stranger's company gains no access to the person.
    const rows = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, target.id), eq(memberships.companyId, strangerCompanyId)));
    expect(rows).toHaveLength(0);
    // The list shows both the same way.
    const list = (await asStranger('GET', '/users/exchange')).json().items;
    const states = list
      .filter((u: { emailAddress: string }) => u.emailAddress !== stranger.emailAddress)
      .map((u: { invitationPending: boolean; isActive: boolean }) => [
        u.invitationPending,
        u.isActive,
      ]);
    expect(states).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it("cannot change the victim's e-mail, names, title or phone through the pending entry", async () => {
    const list = (await asStranger('GET', '/users/exchange?query=target@home')).json().items;
    const entryId = list[0].id;
    expect(entryId).not.toBe(target.id);
    const email = await asStranger('POST', `/users/${entryId}/emailaddress`, {
      emailAddress: 'attacker-owned@fresh.example',
    });
    expect(email.statusCode).toBe(409);
    const renamed = await asStranger('PUT', `/users/${entryId}`, {
      firstName: 'Owned',
      lastName: 'Owned',
      title: 'Pwned',
      phoneNumber: '000',
      mainRole: Role.Administrator,
      additionalRoles: [],
      userOrgUnitIds: [strangerProfile],
      isActive: true,
    });
    expect(renamed.statusCode).toBe(200); // edits only what the company typed
    // Using the victim's real id is a 404, like any id of another company.
    expect((await asStranger('GET', `/users/${target.id}`)).statusCode).toBe(404);
    expect(
      (
        await asStranger('POST', `/users/${target.id}/emailaddress`, {
          emailAddress: 'attacker-owned@fresh.example',
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      emailAddress: 'target@home.example',
      firstName: 'Tara',
      lastName: 'Target',
      title: 'Treasurer',
      phoneNumber: '555-0100',
    });
  });

  it('the victim sees the invitation and declines; the company learns nothing more', async () => {
    const asTarget = t.as(target);
    const mine = await asTarget({ method: 'GET', url: '/api/me/membership-invitations' });
    expect(mine.statusCode).toBe(200);
    const invitation = mine
      .json()
      .find((i: { companyId: number }) => i.companyId === strangerCompanyId);
    expect(invitation).toMatchObject({ companyName: 'Fresh Stranger LLC' });
    // Another person cannot answer it.
    const other = await t.as(stranger)({
      method: 'POST',
      url: `/api/me/membership-invitations/${invitation.id}/accept`,
    });
    expect(other.statusCode).toBe(404);
    const declined = await asTarget({
      method: 'POST',
      url: `/api/me/membership-invitations/${invitation.id}/decline`,
    });
    expect(declined.statusCode).toBe(204);
    const list = (await asStranger('GET', '/users/exchange?query=target@home')).json().items;
    expect(list).toHaveLength(0);
  });

  it('after accepting, the person is a member with the roles chosen; their identity stays theirs', async () => {
    const added = await add('target@home.example');
    expect(added.statusCode).toBe(201);
    const asTarget = t.as(target);
    const [invitation] = (
      await asTarget({ method: 'GET', url: '/api/me/membership-invitations' })
    ).json();
    const accepted = await asTarget({
      method: 'POST',
      url: `/api/me/membership-invitations/${invitation.id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ companyId: strangerCompanyId });
    const member = await asStranger('GET', `/users/${target.id}`);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ firstName: 'Tara', invitationPending: false });
    // Still shared with another company: the identity cannot be changed by the stranger.
    const email = await asStranger('POST', `/users/${target.id}/emailaddress`, {
      emailAddress: 'attacker-owned@fresh.example',
    });
    expect(email.statusCode).toBe(403);
    // Accepting twice is a 404.
    const again = await asTarget({
      method: 'POST',
      url: `/api/me/membership-invitations/${invitation.id}/accept`,
    });
    expect(again.statusCode).toBe(404);
  });
});
