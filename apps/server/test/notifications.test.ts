import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationType, Role } from '@flowline/shared';
import { insertNotification } from '../src/modules/notifications/repository';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  addMembership,
  buildCompany,
  buildMember,
  type CompanyRow,
  type UserRow,
} from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let me: UserRow;
let colleague: UserRow;
let foreignId: number;
let colleagueId: number;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  me = await buildMember(t.db, acme, [Role.ReadOnly]);
  await addMembership(t.db, me, other, [Role.User]);
  colleague = await buildMember(t.db, acme, [Role.User]);
  for (let i = 1; i <= 7; i++) {
    await insertNotification(t.db, {
      companyId: acme.id,
      userId: me.id,
      title: `Document received ${i}`,
      message: `Invoice ${i}`,
      actionId: 'openDocument',
      actionData: String(i),
    });
  }
  await insertNotification(t.db, {
    companyId: acme.id,
    userId: me.id,
    title: 'Maintenance',
    message: 'Tonight',
    notificationTypeId: NotificationType.System,
  });
  foreignId = (
    await insertNotification(t.db, {
      companyId: other.id,
      userId: me.id,
      title: 'Elsewhere',
      message: 'x',
    })
  ).id;
  colleagueId = (
    await insertNotification(t.db, {
      companyId: acme.id,
      userId: colleague.id,
      title: 'Theirs',
      message: 'x',
    })
  ).id;
});
afterAll(() => t.close());

describe('notifications', () => {
  it('pages my notifications in the selected company, newest first, five by default', async () => {
    const res = await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalRecords: 8, pageSize: 5, unreadTotalRecords: 7 });
    expect(body.items).toHaveLength(5);
    expect(body.items[0].title).toBe('Maintenance');
    const page2 = (
      await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications?page=2&pageSize=5' })
    ).json();
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual([
      'Document received 3',
      'Document received 2',
      'Document received 1',
    ]);
  });

  it('counts unread Regular notifications and lists pending System ones', async () => {
    expect(
      (
        await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications/unreadnotifications' })
      ).json(),
    ).toEqual({ count: 7 });
    const system = (
      await t.as(
        me,
        acme.id,
      )({ method: 'GET', url: '/api/notifications/pendingSystemNotifications' })
    ).json();
    expect(system.map((n: { title: string }) => n.title)).toEqual(['Maintenance']);
  });

  it('marks one read, even for a ReadOnly member (it is their own state)', async () => {
    const first = (await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications?pageSize=8' }))
      .json()
      .items.at(-1);
    const res = await t.as(
      me,
      acme.id,
    )({
      method: 'POST',
      url: `/api/notifications/markNotificationAsRead?notificationId=${first.id}`,
    });
    expect(res.statusCode).toBe(204);
    expect(
      (
        await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications/unreadnotifications' })
      ).json(),
    ).toEqual({ count: 6 });
    // Issue 11 item 13: reading it does not change the date it shows.
    const after = (await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications?pageSize=8' }))
      .json()
      .items.find((n: { id: number }) => n.id === first.id);
    expect(after.isRead).toBe(true);
    expect(after.updateDate).toBe(first.updateDate);
  });

  it("never shows or touches another company's or another user's notifications (404)", async () => {
    const inOther = (await t.as(me, other.id)({ method: 'GET', url: '/api/notifications' })).json();
    expect(inOther.items.map((n: { id: number }) => n.id)).toEqual([foreignId]);
    expect(
      (
        await t.as(
          me,
          acme.id,
        )({
          method: 'POST',
          url: `/api/notifications/markNotificationAsRead?notificationId=${foreignId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(
          me,
          acme.id,
        )({
          method: 'POST',
          url: `/api/notifications/markNotificationAsRead?notificationId=${colleagueId}`,
        })
      ).statusCode,
    ).toBe(404);
    const theirs = (
      await t.as(colleague, acme.id)({ method: 'GET', url: '/api/notifications' })
    ).json();
    expect(theirs.items[0].isRead).toBe(false);
  });

  it('rejects bad paging and ids with a 400', async () => {
    expect(
      (await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications?page=0' })).statusCode,
    ).toBe(400);
    expect(
      (await t.as(me, acme.id)({ method: 'GET', url: '/api/notifications?pageSize=1000' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.as(
          me,
          acme.id,
        )({ method: 'POST', url: '/api/notifications/markNotificationAsRead' })
      ).statusCode,
    ).toBe(400);
  });

  it('needs a token and a company the user belongs to', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const outsider = await buildMember(t.db, other);
    expect(
      (await t.as(outsider, acme.id)({ method: 'GET', url: '/api/notifications' })).statusCode,
    ).toBe(403);
  });
});
