import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import { Role, zNewPassword, type CompanyRegistrationInput } from '@flowline/shared';
import { verifyPassword } from '../src/auth/passwords';
import {
  companies,
  devMailbox,
  identityAccounts,
  membershipRoles,
  orgUnits,
  users,
} from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildUser } from './helpers/factories';
import { buildRegistration, randomAddress } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://flowline.test' });
});
afterAll(() => t.close());

const registration = buildRegistration;
const unique = () => crypto.randomBytes(4).toString('hex');

const post = (payload: unknown, remoteAddress = randomAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/companyRegistration',
    payload: payload as object,
    remoteAddress,
  });

const companyCount = async () => (await t.db.select({ n: count() }).from(companies))[0]?.n ?? 0;

async function latestMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(devMailbox)
    .where(sql`${devMailbox.to} ? ${email}`)
    .orderBy(desc(devMailbox.id))
    .limit(1);
  return mail;
}

describe('POST /api/companyRegistration', () => {
  it('creates the company, its administrator and a temporary sign-in, and mails the password', async () => {
    const body = registration({
      zipCode: '79701-1234',
      taxNumber: '12 345 6789',
      invitationToken: 'tok-123',
      addressLineTwo: 'Suite 5',
    });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { id, name } = res.json<{ id: number; name: string }>();
    expect(name).toBe(body.legalName);

    const [company] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(company).toMatchObject({
      name: body.legalName,
      code: expect.stringMatching(/^BASINSUPPLY/),
      knownAs: 'Basin Supply',
      timezone: 'America/Chicago',
      addressLineOne: '100 Main St',
      addressLineTwo: 'Suite 5',
      addressLineThree: null,
      country: 'US',
      state: 'TX',
      city: 'Midland',
      zipCode: '79701-1234',
      taxIdType: 'EIN',
      taxNumber: '12-3456789',
      registrationInvitationToken: 'tok-123',
      registrationIsBoarding: false,
      isActive: true,
    });

    const [user] = await t.db.select().from(users).where(eq(users.emailAddress, body.userEmail));
    expect(user).toMatchObject({ firstName: 'Rosa', lastName: 'Diaz' });
    const [account] = await t.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.id, user?.externalId ?? ''));
    expect(account?.passwordIsTemporary).toBe(true);
    const roles = await t.db
      .select()
      .from(membershipRoles)
      .where(eq(membershipRoles.userId, user?.id ?? 0));
    expect(roles).toEqual([
      { companyId: id, userId: user?.id, roleId: Role.Administrator, isMain: true },
    ]);

    const mail = await latestMailTo(body.userEmail);
    expect(mail?.subject).toBe('Welcome to Flowline');
    expect(mail?.text).toContain('https://flowline.test/landingpage');
    expect(mail?.text).toContain('must change this temporary password');
    const password = mail?.text.match(/Temporary password: (\S+)/)?.[1] ?? '';
    expect(zNewPassword.safeParse(password).success).toBe(true);
    expect(await verifyPassword(account?.passwordHash ?? '', password)).toBe(true);

    // The new administrator signs in straight into the new company.
    const me = await t.as(
      { externalId: user?.externalId ?? null },
      id,
    )({ method: 'GET', url: '/api/users/current' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ roles: [Role.Administrator], isTemporaryPassword: true });
    expect(me.json().companies.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it('gives the new company a first profile from the registration, its administrator assigned, so users can be created at once', async () => {
    const body = registration({ addressLineTwo: 'Suite 9' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const companyId = res.json<{ id: number }>().id;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const [admin] = await t.db.select().from(users).where(eq(users.emailAddress, body.userEmail));
    const asAdmin = t.as({ externalId: admin?.externalId ?? null }, companyId);

    const list = await asAdmin({ method: 'GET', url: '/api/companyorgunit?isActive=true' });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalRecords).toBe(1);
    const profileId = list.json().items[0].id as number;
    const profile = await asAdmin({ method: 'GET', url: `/api/companyorgunit/${profileId}` });
    expect(profile.json()).toMatchObject({
      name: body.legalName,
      code: company?.code,
      knownAs: 'Basin Supply',
      addressLineOne: '100 Main St',
      addressLineTwo: 'Suite 9',
      city: 'Midland',
      state: 'TX',
      country: 'US',
      zipCode: body.zipCode,
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: company?.taxNumber,
      isTaxIdValid: true,
      isActive: true,
      users: [admin?.id],
    });

    const created = await asAdmin({
      method: 'POST',
      url: '/api/users',
      payload: {
        emailAddress: `clerk-${unique()}@test.example`,
        firstName: 'Cal',
        lastName: 'Clerk',
        mainRole: Role.ReadOnly,
        userOrgUnitIds: [profileId],
      },
    });
    expect(created.json()).toMatchObject({ userOrgUnitIds: [profileId] });
    expect(created.statusCode).toBe(201);
  });

  it('creates no profile when the registration is refused', async () => {
    const first = registration();
    expect((await post(first)).statusCode).toBe(201);
    const before = (await t.db.select({ n: count() }).from(orgUnits))[0]?.n;
    const duplicate = await post(registration({ legalName: first.legalName }));
    expect(duplicate.statusCode).toBe(409);
    expect((await t.db.select({ n: count() }).from(orgUnits))[0]?.n).toBe(before);
  });

  it('keeps an onboarding token with the boarding flag and normalises Canadian data', async () => {
    const body = registration({
      country: 'ca',
      state: 'ab',
      zipCode: 't2p 1j9',
      taxIdType: 'BN',
      taxNumber: '123-456-789',
      invitationToken: 'onboard-9',
      isBoarding: true,
      timezone: 'America/Edmonton',
    });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, res.json().id));
    expect(company).toMatchObject({
      country: 'CA',
      state: 'AB',
      zipCode: 'T2P 1J9',
      taxIdType: 'BN',
      taxNumber: '123456789',
      registrationInvitationToken: 'onboard-9',
      registrationIsBoarding: true,
    });
  });

  it('derives a unique company code from the name', async () => {
    const first = await post(registration({ legalName: 'Ridge & Rock Co.' }));
    const second = await post(registration({ legalName: 'Ridge Rock Co' }));
    const third = await post(registration({ legalName: 'Énergie Ridge Québec Limitée' }));
    const codes = await Promise.all(
      [first, second, third].map(async (r) => {
        const [row] = await t.db.select().from(companies).where(eq(companies.id, r.json().id));
        return row?.code;
      }),
    );
    expect(codes).toEqual(['RIDGEROCKCO', 'RIDGEROCKCO-2', 'ENERGIERIDGEQUEBECLI']);
  });

  it.each([
    [{ legalName: '' }, 'legalName', 'Required'],
    [{ legalName: 'A.B' }, 'legalName', 'Legal Name must have at least 3 alphanumeric characters'],
    [{ legalName: 'x'.repeat(251) }, 'legalName', 'Must be at most 250 characters'],
    [{ knownAs: 'x'.repeat(251) }, 'knownAs', 'Must be at most 250 characters'],
    [{ timezone: '' }, 'timezone', 'Required'],
    [{ timezone: 'Mars/Olympus' }, 'timezone', 'Must be a valid time zone'],
    [{ addressLineOne: ' ' }, 'addressLineOne', 'Required'],
    [{ country: 'XX' }, 'country', 'Must be a valid country'],
    [{ state: '' }, 'state', 'Required'],
    [{ state: 'ON' }, 'state', 'Must be a state or province of the chosen country'],
    [{ city: '' }, 'city', 'Required'],
    [{ zipCode: '7970' }, 'zipCode', 'Must be a 5 or 9 digit code'],
    [{ zipCode: '79701-12' }, 'zipCode', 'Must be a 5 or 9 digit code'],
    [{ zipCode: '79701-123456' }, 'zipCode', 'Must be at most 10 characters'],
    [
      { country: 'CA', state: 'ON', taxIdType: 'BN', taxNumber: '123456789', zipCode: '123456' },
      'zipCode',
      'Must be a 6 character code arranged in the form ANANAN',
    ],
    [{ taxIdType: '' }, 'taxIdType', 'Required'],
    [{ taxIdType: 'BN' }, 'taxIdType', 'Must be a tax identification type of the chosen country'],
    [{ taxNumber: '12-345678' }, 'taxNumber', 'Must match the format NN-NNNNNNN'],
    [
      { taxIdType: 'SSN', taxNumber: '12-34567AB' },
      'taxNumber',
      'Must match the format NNN-NN-NNNN',
    ],
    [{ taxNumber: '1'.repeat(51) }, 'taxNumber', 'Must be at most 50 characters'],
    [{ userFirstName: '' }, 'userFirstName', 'Required'],
    [{ userLastName: undefined }, 'userLastName', 'Required'],
    [{ userEmail: 'rosa@' }, 'userEmail', 'Must be a valid email'],
  ] as const)('refuses %o: %s → %s', async (overrides, field, message) => {
    const before = await companyCount();
    const res = await post(registration(overrides as Partial<CompanyRegistrationInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[field]).toBe(message);
    expect(await companyCount()).toBe(before);
  });

  it('reports the first problem as the message when everything is missing', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Required');
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(['legalName', 'timezone', 'country', 'taxNumber', 'userEmail']),
    );
  });

  it('refuses a company name or tax number already registered, writing nothing', async () => {
    const existing = registration({ taxNumber: '98-7654321' });
    expect((await post(existing)).statusCode).toBe(201);
    const before = await companyCount();
    const accountsBefore = (await t.db.select({ n: count() }).from(identityAccounts))[0]?.n;

    for (const dup of [
      registration({ legalName: existing.legalName.toUpperCase() }),
      registration({ taxNumber: '987654321' }),
    ]) {
      const res = await post(dup);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'A company with this name or tax number is already registered.',
      );
    }
    expect(await companyCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(identityAccounts))[0]?.n).toBe(accountsBefore);
    // The same digits under another tax type are another number.
    expect(
      (await post(registration({ taxIdType: 'SSN', taxNumber: '987-65-4321' }))).statusCode,
    ).toBe(201);
  });

  it('refuses an e-mail that already has a sign-in or a user', async () => {
    const first = registration();
    expect((await post(first)).statusCode).toBe(201);
    const existingUser = await buildUser(t.db);
    for (const email of [first.userEmail.toUpperCase(), existingUser.emailAddress]) {
      const before = await companyCount();
      const res = await post(registration({ userEmail: email }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'A user with this email already exists. Please sign in instead.',
      );
      expect(await companyCount()).toBe(before);
    }
  });

  it('lets only one of two simultaneous registrations of the same company through', async () => {
    const body = registration();
    const results = await Promise.all([
      post(body),
      post({ ...body, userEmail: `x-${body.userEmail}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a name clash with a company created elsewhere', async () => {
    const company = await buildCompany(t.db, { name: `Legacy Co ${unique()}` });
    expect((await post(registration({ legalName: company.name }))).statusCode).toBe(409);
  });

  it('undoes the registration when the welcome e-mail cannot be queued', async () => {
    const body = registration();
    const before = await companyCount();
    // Mail is queued (docs/jobs.md): a transport failure is retried later; only a failure to
    // queue it loses the mail.
    const jobs = t.app.jobs;
    const send = jobs.send.bind(jobs);
    jobs.send = () => Promise.reject(new Error('the job queue is unreachable'));
    try {
      const res = await post(body);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(
        'We could not send the welcome email. Please try again in a few minutes.',
      );
    } finally {
      jobs.send = send;
    }
    expect(await companyCount()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.emailAddress, body.userEmail))).toEqual(
      [],
    );
    // Nothing is left behind, so the visitor can simply try again.
    expect((await post(body)).statusCode).toBe(201);
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({}, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
