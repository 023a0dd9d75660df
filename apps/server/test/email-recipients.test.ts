import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '../src/db/schema/index';
import { recipientsWhoWantEmail } from '../src/modules/preferences/email-recipients';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('recipientsWhoWantEmail', () => {
  it('keeps users with receiveEmails unset or true and drops those with false', async () => {
    const unset = await buildUser(t.db, { firstName: 'Una' });
    const on = await buildUser(t.db);
    const off = await buildUser(t.db);
    const otherKey = await buildUser(t.db);
    await t.db.insert(userPreferences).values([
      { userId: on.id, key: 'receiveEmails', value: 'true' },
      { userId: off.id, key: 'receiveEmails', value: 'false' },
      { userId: otherKey.id, key: 'dateFormat', value: 'false' },
    ]);

    const recipients = await recipientsWhoWantEmail(t.db, [
      otherKey.id,
      off.id,
      on.id,
      unset.id,
      unset.id,
    ]);
    expect(recipients).toEqual([
      { userId: unset.id, emailAddress: unset.emailAddress, firstName: 'Una' },
      { userId: on.id, emailAddress: on.emailAddress, firstName: on.firstName },
      { userId: otherKey.id, emailAddress: otherKey.emailAddress, firstName: otherKey.firstName },
    ]);
  });

  it('follows the profile page: unsubscribing through the API stops the mails', async () => {
    const user = await buildUser(t.db);
    const res = await t.as(user)({
      method: 'PUT',
      url: '/api/users/current/personalization',
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        title: null,
        dateFormat: 'MM/dd/yyyy',
        receiveEmails: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await recipientsWhoWantEmail(t.db, [user.id])).toEqual([]);
  });

  it('asks nothing for no users', async () => {
    expect(await recipientsWhoWantEmail(t.db, [])).toEqual([]);
  });
});
