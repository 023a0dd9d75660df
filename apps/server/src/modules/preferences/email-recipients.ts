import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { PreferenceKey, UserType } from '@flowline/shared';
import type { Db } from '../../db/client';
import { identityAccounts, userPreferences, users } from '../../db/schema/index';

export interface EmailRecipient {
  userId: number;
  emailAddress: string;
  firstName: string;
}

/**
 * The one rule for who gets a business mail (document received, approved, rejected, paid,
 * returned, connection request, chat…; docs/email.md 'Who gets business mails'). Among
 * `userIds` — the people of the company the caller chose for the event (its active, unblocked
 * members, or its Administrators) — only those who:
 *
 * - are people: user type Regular, never an API key or a Global (support) user;
 * - have signed in at least once: a user bound to no account yet (external issuer, never signed
 *   in) or whose embedded account still has its unused temporary password is left out — they have
 *   the mail that lets them in and get business mail from their first sign-in on;
 * - have not opted out (receiveEmails 'false'; unset means on, the spec's default).
 *
 * Transactional mails (temporary password, invitations to an address, e-mail change) do not ask.
 * Ordered by user id.
 */
export async function businessMailRecipients(
  db: Db,
  userIds: readonly number[],
): Promise<EmailRecipient[]> {
  if (userIds.length === 0) return [];
  const optedOut = db
    .select({ userId: userPreferences.userId })
    .from(userPreferences)
    .where(
      and(
        eq(userPreferences.userId, users.id),
        eq(userPreferences.key, PreferenceKey.receiveEmails),
        eq(userPreferences.value, 'false'),
      ),
    );
  const unusedTemporaryPassword = db
    .select({ id: identityAccounts.id })
    .from(identityAccounts)
    .where(
      and(
        sql`${identityAccounts.id}::text = ${users.externalId}`,
        eq(identityAccounts.passwordIsTemporary, true),
        sql`${identityAccounts.lastLoginAt} is null`,
      ),
    );
  return db
    .select({ userId: users.id, emailAddress: users.emailAddress, firstName: users.firstName })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(userIds)]),
        eq(users.userTypeId, UserType.Regular),
        isNotNull(users.externalId),
        notExists(unusedTemporaryPassword),
        notExists(optedOut),
      ),
    )
    .orderBy(users.id);
}
