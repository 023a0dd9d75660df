import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, UserType } from '@flowline/shared';
import { userPreferences, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, buildUser, type UserRow } from './helpers/factories';

let t: TestApp;
let reader: UserRow;
let support: UserRow;

const update = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rita',
  lastName: 'Park',
  title: 'Analyst',
  dateFormat: 'yyyy-MM-dd',
  receiveEmails: false,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const acme = await buildCompany(t.db);
  reader = await buildMember(t.db, acme, [Role.ReadOnly], { firstName: 'Rita', lastName: 'P.' });
  support = await buildMember(t.db, acme, [Role.Administrator], {
    firstName: 'Sam',
    lastName: 'Support',
    userTypeId: UserType.Global,
  });
});
afterAll(() => t.close());

describe('GET /api/users/current/personalization', () => {
  it('has the defaults for a user who never saved, without a company', async () => {
    const loner = await buildUser(t.db);
    const res = await t.as(loner)({ method: 'GET', url: '/api/users/current/personalization' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dateFormat: 'MM/dd/yyyy', receiveEmails: true });
  });

  it('returns other stored preferences too, and ignores an unknown date format', async () => {
    await t.db.insert(userPreferences).values([
      { userId: reader.id, key: 'itemsPerPage', value: '50' },
      { userId: reader.id, key: 'dateFormat', value: 'dd.MM.yy' },
    ]);
    const res = await t.as(reader)({ method: 'GET', url: '/api/users/current/personalization' });
    expect(res.json()).toEqual({
      dateFormat: 'MM/dd/yyyy',
      receiveEmails: true,
      itemsPerPage: '50',
    });
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/current/personalization' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/current/Personalization', () => {
  it('saves my names, title and preferences (any role, even ReadOnly)', async () => {
    const res = await t.as(reader)({
      method: 'PUT',
      url: '/api/users/current/Personalization',
      payload: update(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dateFormat: 'yyyy-MM-dd', receiveEmails: false });
    const me = await t.as(reader)({ method: 'GET', url: '/api/users/current' });
    expect(me.json()).toMatchObject({ lastName: 'Park', title: 'Analyst' });
  });

  it('accepts the lower-case path as well', async () => {
    const res = await t.as(reader)({
      method: 'PUT',
      url: '/api/users/current/personalization',
      payload: update({ dateFormat: 'dd/MM/yyyy', receiveEmails: true }),
    });
    expect(res.json()).toMatchObject({ dateFormat: 'dd/MM/yyyy', receiveEmails: true });
  });

  it.each([
    [{ dateFormat: 'dd.MM.yy' }],
    [{ firstName: '' }],
    [{ title: 'x'.repeat(26) }],
    [{ receiveEmails: 'maybe' }],
  ])('refuses %o and changes nothing', async (overrides) => {
    const res = await t.as(reader)({
      method: 'PUT',
      url: '/api/users/current/Personalization',
      payload: update({ lastName: 'Changed', ...overrides }),
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, reader.id));
    expect(row?.lastName).toBe('Park');
  });

  it('says Required for a missing first name', async () => {
    const res = await t.as(reader)({
      method: 'PUT',
      url: '/api/users/current/Personalization',
      payload: update({ firstName: ' ' }),
    });
    expect(res.json().error.message).toBe('Required');
  });

  it('refuses a Global user who changes the profile, but keeps their preferences theirs', async () => {
    const put = (body: object) =>
      t.as(support)({ method: 'PUT', url: '/api/users/current/Personalization', payload: body });
    const names = { firstName: 'Sam', lastName: 'Support', title: null };
    const renamed = await put(update({ ...names, firstName: 'Samuel' }));
    expect(renamed.statusCode).toBe(403);
    const unsubscribed = await put(update({ ...names, receiveEmails: false }));
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json().receiveEmails).toBe(false);
  });
});
