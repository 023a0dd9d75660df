// User administration, part 2: reading, editing, e-mail changes, blocking and removing members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import { devMailbox, identityAccounts, memberships, orgUnits, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let outsider: UserRow;
let profileId: number;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: `new-${Math.random().toString(36).slice(2, 8)}@acme.example`,
  firstName: 'Nina',
  lastName: 'Hale',
  userOrgUnitIds: [profileId],
  ...overrides,
});
const call = (
  user: UserRow,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.as(user, acme.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Acme Oil' });
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator], {
    emailAddress: 'a-admin@acme.example',
  });
  clerk = await buildMember(t.db, acme, [Role.User], { emailAddress: 'b-clerk@acme.example' });
  reader = await buildMember(t.db, acme, [Role.ReadOnly], {
    emailAddress: 'c-reader@acme.example',
  });
  outsider = await buildMember(t.db, other, [Role.Administrator], {
    emailAddress: 'olga@other.example',
    firstName: 'Olga',
    lastName: 'Stone',
  });
  const [p] = await t.db
    .insert(orgUnits)
    .values({ companyId: acme.id, name: 'HQ', code: 'HQ' })
    .returning();
  profileId = p!.id;
});
afterAll(() => t.close());

describe('GET and PUT /api/users/{id}', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Bea',
    lastName: 'Clerk',
    title: 'Lead',
    phoneNumber: null,
    mainRole: Role.Processor,
    additionalRoles: [Role.ReadOnly],
    userOrgUnitIds: [profileId],
    isActive: true,
    ...overrides,
  });

  it('returns a member; another company’s user is 404; other roles 403', async () => {
    expect((await call(admin, 'GET', `/users/${clerk.id}`)).json()).toMatchObject({
      id: clerk.id,
      mainRole: Role.User,
      userRoles: [{ roleId: Role.User, userId: clerk.id }],
      userOrgUnitIds: [],
    });
    expect((await call(admin, 'GET', `/users/${outsider.id}`)).statusCode).toBe(404);
    expect((await call(clerk, 'GET', `/users/${clerk.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/users/${clerk.id}/roles`)).json()).toEqual([
      { roleId: 2, isMain: true },
    ]);
    expect((await call(admin, 'GET', `/users/${outsider.id}/roles`)).statusCode).toBe(404);
    expect((await call(reader, 'GET', `/users/${clerk.id}/roles`)).statusCode).toBe(403);
  });

  it('saves names, roles, profiles and Active', async () => {
    const res = await call(admin, 'PUT', `/users/${clerk.id}`, edit({ isActive: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Bea',
      title: 'Lead',
      isActive: false,
      mainRole: Role.Processor,
      additionalRoles: [Role.ReadOnly],
      userOrgUnitIds: [profileId],
      emailAddress: 'b-clerk@acme.example',
    });
    const list = (await call(admin, 'GET', '/users/exchange?isActive=false')).json();
    expect(list.items.map((u: { id: number }) => u.id)).toEqual([clerk.id]);
  });

  it('refuses bad input, other companies and other roles', async () => {
    expect(
      (await call(admin, 'PUT', `/users/${clerk.id}`, edit({ userOrgUnitIds: [] }))).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', `/users/${clerk.id}`)).json().firstName).toBe('Bea');
    expect((await call(admin, 'PUT', `/users/${outsider.id}`, edit())).statusCode).toBe(404);
    expect((await call(reader, 'PUT', `/users/${clerk.id}`, edit())).statusCode).toBe(403);
  });

  it('never demotes or deactivates the last active Administrator', async () => {
    const last =
      'This user is the last active Administrator of the company. Make another user an Administrator first.';
    const demote = await call(
      admin,
      'PUT',
      `/users/${admin.id}`,
      edit({ mainRole: Role.ReadOnly, additionalRoles: [] }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(last);
    expect(
      (await call(admin, 'PUT', `/users/${admin.id}`, edit({ mainRole: 1, isActive: false })))
        .statusCode,
    ).toBe(409);
    // With a second Administrator the first may step down.
    const second = await buildMember(t.db, acme, [Role.Administrator]);
    const ok = await call(
      admin,
      'PUT',
      `/users/${admin.id}`,
      edit({ mainRole: Role.Processor, additionalRoles: [1] }),
    );
    expect(ok.statusCode).toBe(200);
    await t.db.delete(memberships).where(eq(memberships.userId, second.id));
  });
});

/** The confirmation token from the newest mail to `to`. */
async function confirmationToken(to: string) {
  const mails = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(20);
  const mail = mails.find((m) => m.to.includes(to) && m.subject.startsWith('Confirm'));
  return mail?.text.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
}
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/emailchange/confirm', payload: { token } });

describe('POST /api/users/{id}/emailaddress', () => {
  it('changes nothing until the new address confirms; then the user and sign-in account change', async () => {
    const person = await buildMember(t.db, acme, [Role.User], { emailAddress: 'old@acme.example' });
    await t.db.insert(identityAccounts).values({ email: 'old@acme.example', passwordHash: 'x' });
    const res = await call(admin, 'POST', `/users/${person.id}/emailaddress`, {
      emailAddress: 'New@acme.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      emailAddress: 'old@acme.example',
      pendingEmailAddress: 'New@acme.example',
    });
    const notice = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(2);
    expect(notice.map((m) => m.to[0]).sort()).toEqual(['New@acme.example', 'old@acme.example']);
    const token = await confirmationToken('New@acme.example');
    expect(token).toBeTruthy();

    expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
    const confirmed = await confirm(token!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ emailAddress: 'New@acme.example' });
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.emailAddress).toBe('New@acme.example');
    const accounts = await t.db
      .select()
      .from(identityAccounts)
      .where(sql`lower(${identityAccounts.email}) = 'new@acme.example'`);
    expect(accounts).toHaveLength(1);
    // The link works once.
    expect((await confirm(token!)).statusCode).toBe(404);
  });

  it('refuses the same or an invalid address, other companies and roles', async () => {
    const message = 'Must be a valid e-mail and different from existing email';
    const same = await call(admin, 'POST', `/users/${reader.id}/emailaddress`, {
      emailAddress: 'C-READER@acme.example',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(message);
    const invalid = await call(admin, 'POST', `/users/${reader.id}/emailaddress`, {
      emailAddress: 'nope',
    });
    expect(invalid.json().error.message).toBe(message);
    expect(
      (
        await call(admin, 'POST', `/users/${outsider.id}/emailaddress`, {
          emailAddress: 'x@y.example',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(reader, 'POST', `/users/${reader.id}/emailaddress`, {
          emailAddress: 'x@y.example',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an address another user already has up front (409), writing and mailing nothing', async () => {
    const before = await t.db.select().from(devMailbox);
    const res = await call(admin, 'POST', `/users/${reader.id}/emailaddress`, {
      emailAddress: 'OLGA@other.example',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'email_exists',
      message: 'User with the same email already exist.',
    });
    expect(await t.db.select().from(devMailbox)).toHaveLength(before.length);
    expect((await call(admin, 'GET', `/users/${reader.id}`)).json().pendingEmailAddress).toBeNull();
  });

  it('an address taken after the request is refused when confirmed, and the waiting state clears', async () => {
    const res = await call(admin, 'POST', `/users/${reader.id}/emailaddress`, {
      emailAddress: 'late-taker@acme.example',
    });
    expect(res.json().pendingEmailAddress).toBe('late-taker@acme.example');
    const token = await confirmationToken('late-taker@acme.example');
    await buildMember(t.db, acme, [Role.User], { emailAddress: 'late-taker@acme.example' });
    const confirmed = await confirm(token!);
    expect(confirmed.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, reader.id));
    expect(row?.emailAddress).toBe('c-reader@acme.example');
    expect((await call(admin, 'GET', `/users/${reader.id}`)).json().pendingEmailAddress).toBeNull();
  });

  it('someone who has not joined yet is re-added rather than renamed (409)', async () => {
    const created = (await call(admin, 'POST', '/users', newUser())).json();
    expect(created.invitationPending).toBe(true);
    const res = await call(admin, 'POST', `/users/${created.id}/emailaddress`, {
      emailAddress: 'typo-fixed@acme.example',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_joined_yet');
  });
});

describe('block, unblock and delete', () => {
  it('a blocked member can no longer call the API in the company', async () => {
    expect((await call(admin, 'POST', `/users/${reader.id}/block`)).json().blocked).toBe(true);
    const refused = await call(reader, 'GET', '/companyorgunit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('company_forbidden');
    expect((await call(admin, 'POST', `/users/${reader.id}/unblock`)).json().blocked).toBe(false);
    expect((await call(reader, 'GET', '/companyorgunit')).statusCode).toBe(200);
  });

  it('refuses blocking or deleting oneself, other companies and other roles', async () => {
    expect((await call(admin, 'POST', `/users/${admin.id}/block`)).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', `/users/${admin.id}`)).statusCode).toBe(400);
    expect((await call(admin, 'POST', `/users/${outsider.id}/block`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/users/${outsider.id}`)).statusCode).toBe(404);
    expect((await call(clerk, 'POST', `/users/${reader.id}/block`)).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `/users/${clerk.id}`)).statusCode).toBe(403);
  });

  it('removes the membership only; the person stays', async () => {
    const res = await call(admin, 'DELETE', `/users/${clerk.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(admin, 'GET', `/users/${clerk.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(users).where(eq(users.id, clerk.id))).toHaveLength(1);
  });
});
