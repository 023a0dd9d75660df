// User administration, part 1: the list and creating users (part 2: admin-users-edit.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { Role, Terminology } from '@flowline/shared';
import { verifyPassword } from '../src/auth/passwords';
import {
  devMailbox,
  identityAccounts,
  memberships,
  orgUnits,
  terminology,
  users,
} from '../src/db/schema/index';
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
let foreignProfileId: number;

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
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n;

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
  const [f] = await t.db
    .insert(orgUnits)
    .values({ companyId: other.id, name: 'X', code: 'X' })
    .returning();
  profileId = p!.id;
  foreignProfileId = f!.id;
});
afterAll(() => t.close());

describe('GET /api/users/exchange', () => {
  it('lists the members by e-mail ascending with Active, blocked and main role', async () => {
    const res = await call(admin, 'GET', '/users/exchange');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { emailAddress: string }) => u.emailAddress)).toEqual([
      'a-admin@acme.example',
      'b-clerk@acme.example',
      'c-reader@acme.example',
    ]);
    expect(res.json().items[2]).toMatchObject({
      isActive: true,
      blocked: false,
      mainRole: Role.ReadOnly,
    });
  });

  it('pages, searches and sorts', async () => {
    const page = (
      await call(admin, 'GET', '/users/exchange?pageSize=1&page=2&orderByDirection=desc')
    ).json();
    expect(page).toMatchObject({
      totalRecords: 3,
      items: [{ emailAddress: 'b-clerk@acme.example' }],
    });
    const found = (await call(admin, 'GET', '/users/exchange?query=CLERK')).json();
    expect(found.totalRecords).toBe(1);
    expect((await call(admin, 'GET', '/users/exchange?orderBy=secret')).statusCode).toBe(400);
  });

  it('is refused to Users and ReadOnly', async () => {
    expect((await call(clerk, 'GET', '/users/exchange')).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/users/exchange')).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates an active ReadOnly user with a temporary password sent by e-mail', async () => {
    const body = newUser({ title: 'Clerk', phoneNumber: '555-0100' });
    const res = await call(admin, 'POST', '/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      emailAddress: body.emailAddress,
      isActive: true,
      blocked: false,
      mainRole: Role.ReadOnly,
      additionalRoles: [],
      userOrgUnitIds: [profileId],
      isTemporaryPassword: true,
    });
    const [account] = await t.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.email, body.emailAddress));
    const [mail] = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(1);
    expect(mail?.to).toEqual([body.emailAddress]);
    const password = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-zA-Z]).{14}$/);
    expect(await verifyPassword(account!.passwordHash, password)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.emailAddress, body.emailAddress));
    expect(user?.externalId).toBe(account?.id);
  });

  it('asks a known person from another company to join (pending), without a new account', async () => {
    const accounts = (await t.db.select({ n: count() }).from(identityAccounts))[0]?.n;
    const res = await call(
      admin,
      'POST',
      '/users',
      newUser({
        emailAddress: 'OLGA@other.example',
        firstName: 'olga',
        lastName: 'Stone',
        mainRole: Role.Processor,
        additionalRoles: [Role.Administrator, Role.Processor],
      }),
    );
    expect(res.statusCode).toBe(201);
    // Built from what was typed; the person's own user id is not revealed.
    expect(res.json()).toMatchObject({
      emailAddress: 'OLGA@other.example',
      firstName: 'olga',
      mainRole: 11,
      additionalRoles: [1],
      invitationPending: true,
    });
    expect(res.json().id).not.toBe(outsider.id);
    expect((await t.db.select({ n: count() }).from(identityAccounts))[0]?.n).toBe(accounts);
    const joined = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, outsider.id), eq(memberships.companyId, acme.id)));
    expect(joined).toHaveLength(0);
    const again = await call(
      admin,
      'POST',
      '/users',
      newUser({ emailAddress: 'olga@other.example' }),
    );
    expect(again.statusCode).toBe(409);
    await call(admin, 'DELETE', `/users/${res.json().id}`);
  });

  it('answers a known e-mail under another name like a new one (no 120-020 that would reveal it)', async () => {
    const res = await call(
      admin,
      'POST',
      '/users',
      newUser({ emailAddress: 'olga@other.example', firstName: 'Olivia' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Olivia', invitationPending: true });
    await call(admin, 'DELETE', `/users/${res.json().id}`);
  });

  it('refuses a member of this company', async () => {
    const res = await call(
      admin,
      'POST',
      '/users',
      newUser({ emailAddress: 'B-CLERK@acme.example' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('User with the same email already exist.');
  });

  it.each([
    [{ userOrgUnitIds: [] }, 'You must select at least 1 Profile'],
    [{ emailAddress: 'not-an-email' }, 'Must be a valid email'],
    [{ firstName: ' ' }, 'Required'],
    [
      { mainRole: Role.User },
      'Only the Administrator, ReadOnly and Processor roles can be assigned',
    ],
    [{ title: 'x'.repeat(26) }, 'Must be at most 25 characters'],
  ])('refuses %o and writes nothing', async (overrides, message) => {
    const before = await userCount();
    const res = await call(admin, 'POST', '/users', newUser(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it("refuses another company's profile", async () => {
    const before = await userCount();
    const res = await call(
      admin,
      'POST',
      '/users',
      newUser({ userOrgUnitIds: [foreignProfileId] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Only profiles of this company can be selected');
    expect(await userCount()).toBe(before);
  });

  it('names the profile with the company term', async () => {
    await t.db.insert(terminology).values({
      companyId: acme.id,
      terminologyId: Terminology.OrgUnit,
      customizedName: 'Division',
    });
    const res = await call(admin, 'POST', '/users', newUser({ userOrgUnitIds: [] }));
    expect(res.json().error.message).toBe('You must select at least 1 Division');
    await t.db.delete(terminology).where(eq(terminology.companyId, acme.id));
  });

  it('is refused to Users and ReadOnly', async () => {
    expect((await call(clerk, 'POST', '/users', newUser())).statusCode).toBe(403);
    expect((await call(reader, 'POST', '/users', newUser())).statusCode).toBe(403);
  });
});
