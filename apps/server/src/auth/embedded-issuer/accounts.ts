import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityAccounts, users } from '../../db/schema/accounts';
import { hashPassword, verifyPassword } from '../passwords';

export type IdentityAccount = typeof identityAccounts.$inferSelect;

export interface AccountProfile {
  email: string;
  givenName: string | null;
  familyName: string | null;
}

/** Creates a local account of the embedded issuer (used by the seed) and returns its id, the token subject. */
export async function createLocalAccount(
  db: Db,
  input: { email: string; password: string; temporary: boolean },
): Promise<string> {
  const [row] = await db
    .insert(identityAccounts)
    .values({
      email: input.email.trim(),
      passwordHash: await hashPassword(input.password),
      passwordIsTemporary: input.temporary,
    })
    .returning({ id: identityAccounts.id });
  if (!row) throw new Error('Could not create the local account');
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findActiveAccount(db: Db, id: string): Promise<IdentityAccount | null> {
  // A malformed id would make PostgreSQL reject the uuid cast instead of simply finding nothing.
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.id, id))
    .limit(1);
  return row?.isActive ? row : null;
}

let dummyHash: Promise<string> | null = null;

/**
 * The account for these credentials, or null. Unknown e-mails still pay for one argon2 verification
 * so response times do not reveal which addresses have accounts.
 */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<IdentityAccount | null> {
  const [row] = await db
    .select()
    .from(identityAccounts)
    .where(sql`lower(${identityAccounts.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verifyPassword(await dummyHash, password);
    return null;
  }
  const valid = await verifyPassword(row.passwordHash, password);
  return valid && row.isActive ? row : null;
}

export async function recordLogin(db: Db, accountId: string): Promise<void> {
  await db
    .update(identityAccounts)
    .set({ lastLoginAt: new Date() })
    .where(eq(identityAccounts.id, accountId));
}

export async function replaceTemporaryPassword(
  db: Db,
  accountId: string,
  newPassword: string,
): Promise<void> {
  await db
    .update(identityAccounts)
    .set({
      passwordHash: await hashPassword(newPassword),
      passwordIsTemporary: false,
      passwordChangedAt: new Date(),
    })
    .where(eq(identityAccounts.id, accountId));
}

/** E-mail and names for tokens: names come from the Flowline user with the same e-mail, when there is one. */
export async function loadAccountProfile(
  db: Db,
  accountId: string,
): Promise<AccountProfile | null> {
  const account = await findActiveAccount(db, accountId);
  if (!account) return null;
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`lower(${users.emailAddress}) = lower(${account.email})`)
    .limit(1);
  return {
    email: account.email,
    givenName: user?.firstName ?? null,
    familyName: user?.lastName ?? null,
  };
}
