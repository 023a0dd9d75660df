import { and, eq, inArray, notExists } from 'drizzle-orm';
import { PreferenceKey } from '@flowline/shared';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema/index';

export interface EmailRecipient {
  userId: number;
  emailAddress: string;
  firstName: string;
}

/**
 * The users among `userIds` who get notification e-mails (document received, connection
 * request…): everyone whose receiveEmails preference is not 'false' — unset means on, the spec's
 * default. Transactional mails (temporary password) do not ask. Ordered by user id.
 */
export async function recipientsWhoWantEmail(
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
  return db
    .select({ userId: users.id, emailAddress: users.emailAddress, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), notExists(optedOut)))
    .orderBy(users.id);
}
