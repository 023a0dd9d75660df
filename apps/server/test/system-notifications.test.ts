import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NotificationType, Role, UserType } from '@flowline/shared';
import { memberships, notifications } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  addMembership,
  buildCompany,
  buildMember,
  type CompanyRow,
  type UserRow,
} from './helpers/factories';

/** POST /notifications/system: Global users post System notifications (issue 11 item 20). */

let t: TestApp;
let acme: CompanyRow;
let bravo: CompanyRow;
let closed: CompanyRow;
let support: UserRow;
let acmeAdmin: UserRow;
let acmeUser: UserRow;
let acmeReader: UserRow;
let bravoUser: UserRow;
let blockedUser: UserRow;
let closedUser: UserRow;
let apiKeyUser: UserRow;

const body = {
  title: 'Scheduled maintenance',
  message: 'Flowline is unavailable Sunday 02:00–03:00 UTC.',
  audience: 'allCompanies',
};
const post = (user: UserRow, companyId: number, payload: unknown) =>
  t.as(
    user,
    companyId,
  )({ method: 'POST', url: '/api/notifications/system', payload: payload as object });
const pending = async (user: UserRow, company: CompanyRow) => {
  const res = await t.as(
    user,
    company.id,
  )({
    method: 'GET',
    url: '/api/notifications/pendingSystemNotifications',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { title: string; message: string; notificationTypeId: number }[];
};
const systemCount = async () =>
  (
    await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.notificationTypeId, NotificationType.System))
  ).length;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Acme Sys' });
  bravo = await buildCompany(t.db, { name: 'Bravo Sys' });
  closed = await buildCompany(t.db, { name: 'Closed Sys', isActive: false });
  support = await buildMember(t.db, acme, [Role.ReadOnly], { userTypeId: UserType.Global });
  acmeAdmin = await buildMember(t.db, acme, [Role.Administrator]);
  acmeUser = await buildMember(t.db, acme, [Role.User]);
  acmeReader = await buildMember(t.db, acme, [Role.ReadOnly]);
  bravoUser = await buildMember(t.db, bravo, [Role.User]);
  await addMembership(t.db, bravoUser, acme, [Role.User]);
  blockedUser = await buildMember(t.db, bravo, [Role.User]);
  await t.db
    .update(memberships)
    .set({ blocked: true })
    .where(and(eq(memberships.userId, blockedUser.id), eq(memberships.companyId, bravo.id)));
  closedUser = await buildMember(t.db, closed, [Role.User]);
  apiKeyUser = await buildMember(t.db, acme, [Role.Administrator], { userTypeId: UserType.ApiKey });
});
afterAll(() => t.close());

describe('POST /api/notifications/system', () => {
  it.each([
    ['an Administrator', () => acmeAdmin],
    ['a User', () => acmeUser],
    ['a ReadOnly member', () => acmeReader],
    ['an ApiKey user, even an Administrator', () => apiKeyUser],
  ])('refuses %s (403), posting nothing', async (_who, user) => {
    const before = await systemCount();
    const res = await post(user(), acme.id, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('global_user_required');
    expect(await systemCount()).toBe(before);
  });

  it('refuses without a signed-in user (401) or a selected company (403)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/system',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const noCompany = await t.as(support)({
      method: 'POST',
      url: '/api/notifications/system',
      payload: body,
    });
    expect(noCompany.statusCode).toBe(403);
    expect(noCompany.json().error.code).toBe('company_required');
    const notMember = await post(support, bravo.id, body);
    expect(notMember.statusCode).toBe(403);
  });

  it.each([
    [{ ...body, title: '   ' }, 'title', 'Required'],
    [{ ...body, title: 'x'.repeat(201) }, 'title', 'Must be at most 200 characters'],
    [{ ...body, message: undefined }, 'message', 'Required'],
    [{ ...body, message: 'x'.repeat(2001) }, 'message', 'Must be at most 2000 characters'],
    [{ ...body, audience: 'everyone' }, 'audience', 'Choose who receives it'],
    [{ ...body, audience: undefined }, 'audience', 'Choose who receives it'],
  ])('refuses bad input %# with a 400 naming the field', async (payload, field, message) => {
    const before = await systemCount();
    const res = await post(support, acme.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields?.[field]).toBe(message);
    expect(await systemCount()).toBe(before);
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await t.as(
      support,
      acme.id,
    )({
      method: 'POST',
      url: '/api/notifications/system',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('posts to the selected company only: its members see it in their pending queue', async () => {
    const res = await post(support, acme.id, {
      title: 'Acme only',
      message: 'Hello Acme',
      audience: 'selectedCompany',
    });
    expect(res.statusCode).toBe(201);
    // support, admin, user, reader, bravoUser (also in Acme), apiKeyUser.
    expect(res.json()).toEqual({ recipients: 6 });
    expect(await pending(acmeReader, acme)).toEqual([
      expect.objectContaining({
        title: 'Acme only',
        message: 'Hello Acme',
        notificationTypeId: NotificationType.System,
      }),
    ]);
    expect(await pending(bravoUser, bravo)).toEqual([]);
  });

  it('posts to every active member of every active company, skipping blocked and closed ones', async () => {
    const before = await systemCount();
    const res = await post(support, acme.id, { ...body, title: '  Scheduled maintenance  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recipients: 7 });
    expect(await systemCount()).toBe(before + 7);
    const bravoQueue = await pending(bravoUser, bravo);
    expect(bravoQueue.map((n) => n.title)).toEqual(['Scheduled maintenance']);
    const rows = await t.db
      .select({ userId: notifications.userId, companyId: notifications.companyId })
      .from(notifications)
      .where(eq(notifications.title, 'Scheduled maintenance'));
    expect(rows.some((r) => r.userId === blockedUser.id)).toBe(false);
    expect(rows.some((r) => r.userId === closedUser.id)).toBe(false);
    // A system notification is not a regular one: the account menu's unread count ignores it.
    const unread = await t.as(
      acmeUser,
      acme.id,
    )({
      method: 'GET',
      url: '/api/notifications/unreadnotifications',
    });
    expect(unread.json()).toEqual({ count: 0 });
  });
});
