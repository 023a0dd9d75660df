// Who gets business mails (issue 27 item 13, docs/email.md): the company's own people who have
// signed in and want mail — never API keys, Global support users or people who never signed in.
import { eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserType } from '@flowline/shared';
import { devMailbox, identityAccounts, userPreferences, users } from '../src/db/schema/index';
import { businessMailRecipients } from '../src/modules/preferences/email-recipients';
import type { TestApp } from './helpers/app';
import { buildMember, buildUser, type UserRow } from './helpers/factories';
import { openDocumentWorld, sendVendorInvoice, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
beforeAll(async () => {
  ({ t, w } = await openDocumentWorld());
});
afterAll(() => t.close());

/** An embedded-issuer account for the user; `temporary` and `signedIn` as given. */
async function withAccount(user: UserRow, temporary: boolean, signedIn: boolean) {
  const [account] = await t.db
    .insert(identityAccounts)
    .values({
      email: user.emailAddress,
      passwordHash: 'not-a-hash',
      passwordIsTemporary: temporary,
      lastLoginAt: signedIn ? new Date() : null,
    })
    .returning();
  await t.db.update(users).set({ externalId: account!.id }).where(eq(users.id, user.id));
  return user;
}

describe('businessMailRecipients', () => {
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

    const recipients = await businessMailRecipients(t.db, [
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

  it('leaves out API keys, Global users and people who never signed in', async () => {
    const ordinary = await buildUser(t.db);
    const apiKey = await buildUser(t.db, {
      userTypeId: UserType.ApiKey,
      externalId: null,
      emailAddress: `key-${ordinary.id}@api-keys.flowline.invalid`,
      firstName: 'API key',
    });
    const global = await buildUser(t.db, { userTypeId: UserType.Global });
    // Invited through an external issuer, never signed in: not bound to any account yet.
    const unbound = await buildUser(t.db, { externalId: null });
    // Created by an Administrator, temporary password never used.
    const temporary = await withAccount(await buildUser(t.db), true, false);
    // …once they have signed in, they get business mail (even if an admin reset the password).
    const reset = await withAccount(await buildUser(t.db), true, true);
    const chosen = await withAccount(await buildUser(t.db), false, false);

    const ids = [ordinary, apiKey, global, unbound, temporary, reset, chosen].map((u) => u.id);
    expect((await businessMailRecipients(t.db, ids)).map((r) => r.userId)).toEqual([
      ordinary.id,
      reset.id,
      chosen.id,
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
    expect(await businessMailRecipients(t.db, [user.id])).toEqual([]);
  });

  it('asks nothing for no users', async () => {
    expect(await businessMailRecipients(t.db, [])).toEqual([]);
  });
});

describe('a business mail', () => {
  it('reaches only the receiving company’s people who signed in and want it', async () => {
    const global = await buildMember(t.db, w.purchaser, [Role.User], {
      userTypeId: UserType.Global,
      emailAddress: 'support@flowline.example',
    });
    const apiKey = await buildMember(t.db, w.purchaser, [Role.User], {
      userTypeId: UserType.ApiKey,
      externalId: null,
      emailAddress: `purchaser-${w.purchaser.id}@api-keys.flowline.invalid`,
      firstName: 'API key',
    });
    const fresh = await withAccount(await buildMember(t.db, w.purchaser, [Role.User]), true, false);
    const [last] = await t.db.select({ id: max(devMailbox.id) }).from(devMailbox);
    const maxId = last?.id ?? 0;

    await sendVendorInvoice(t, w);

    const mails = await t.db.select().from(devMailbox).where(gt(devMailbox.id, maxId));
    const to = mails.flatMap((m) => m.to.map((a) => a.toLowerCase()));
    expect(to).toContain(w.purchaserUser.emailAddress.toLowerCase());
    for (const left of [global, apiKey, fresh, w.purchaserQuiet]) {
      expect(to).not.toContain(left.emailAddress.toLowerCase());
    }
    expect(mails.some((m) => m.text.includes('Hello API key'))).toBe(false);
  });
});
