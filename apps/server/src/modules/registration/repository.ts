import { and, eq, like, or, sql } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  companies,
  identityAccounts,
  membershipRoles,
  memberships,
  users,
} from '../../db/schema/index';

/*
 * Registration happens before there is any tenant: these queries look across all companies on
 * purpose (duplicate names, tax numbers, e-mails, codes), hence the `unsafe` prefix.
 */

/** Any fixed number: registrations take this transaction lock so duplicate checks cannot race. */
const REGISTRATION_LOCK = 7_310_001;

export async function lockRegistrations(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
}

/** Whether a sign-in account or a Flowline user already uses this e-mail (case-insensitive). */
export async function unsafeEmailIsTaken(tx: Db, email: string): Promise<boolean> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [account] = await tx
      .select({ id: identityAccounts.id })
      .from(identityAccounts)
      .where(sql`lower(${identityAccounts.email}) = lower(${email})`)
      .limit(1);
    if (account) return true;
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.emailAddress}) = lower(${email})`)
      .limit(1);
    return Boolean(user);
  });
}

/** A company with the same name (case-insensitive) or the same tax type and number, whatever the separators. */
export async function unsafeCompanyExists(
  tx: Db,
  input: { name: string; taxIdType: string; taxDigits: string },
): Promise<boolean> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        or(
          sql`lower(${companies.name}) = lower(${input.name})`,
          and(
            eq(companies.taxIdType, input.taxIdType),
            sql`regexp_replace(upper(${companies.taxNumber}), '[^A-Z0-9]', '', 'g') = ${input.taxDigits}`,
          ),
        ),
      )
      .limit(1);
    return Boolean(row);
  });
}

/** Codes already used that start like `base` (base itself and base-2, base-3…). */
export async function unsafeCodesLike(tx: Db, base: string): Promise<Set<string>> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const rows = await tx
      .select({ code: companies.code })
      .from(companies)
      .where(or(eq(companies.code, base), like(companies.code, `${base}-%`)));
    return new Set(rows.map((r) => r.code));
  });
}

export type NewCompany = Omit<typeof companies.$inferInsert, 'id' | 'serviceId' | 'createdAt'>;

export async function insertCompany(tx: Db, values: NewCompany) {
  const [row] = await tx
    .insert(companies)
    .values(values)
    .returning({ id: companies.id, name: companies.name });
  if (!row) throw new Error('The company was not created');
  return row;
}

export async function insertIdentityAccount(
  tx: Db,
  values: { email: string; passwordHash: string },
): Promise<string> {
  const [row] = await tx
    .insert(identityAccounts)
    .values({ ...values, passwordIsTemporary: true })
    .returning({ id: identityAccounts.id });
  if (!row) throw new Error('The sign-in account was not created');
  return row.id;
}

/** The user (bound to the sign-in account) as the company's first Administrator. */
export async function insertAdministrator(
  tx: Db,
  companyId: number,
  values: { externalId: string; emailAddress: string; firstName: string; lastName: string },
): Promise<number> {
  const [user] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!user) throw new Error('The user was not created');
  await tx.insert(memberships).values({ companyId, userId: user.id });
  await tx
    .insert(membershipRoles)
    .values({ companyId, userId: user.id, roleId: Role.Administrator, isMain: true });
  return user.id;
}

/** Undoes a committed registration whose welcome e-mail could not be sent (see service). */
export async function unsafeDeleteRegistration(
  db: Db,
  ids: { companyId: number; userId: number; accountId: string },
): Promise<void> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    await db.transaction(async (tx) => {
      // Memberships and their roles go with the company (ON DELETE CASCADE).
      await tx.delete(companies).where(eq(companies.id, ids.companyId));
      await tx.delete(users).where(eq(users.id, ids.userId));
      await tx.delete(identityAccounts).where(eq(identityAccounts.id, ids.accountId));
    });
  });
}
