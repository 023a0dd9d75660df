import crypto from 'node:crypto';
import { Role, UserType } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import {
  companies,
  companyPartyTypes,
  membershipRoles,
  memberships,
  users,
} from '../../src/db/schema/index';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

const unique = () => crypto.randomBytes(4).toString('hex');

export async function buildCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> & { partyTypes?: number[] } = {},
): Promise<CompanyRow> {
  const { partyTypes = [], ...values } = overrides;
  const suffix = unique();
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${suffix}`, code: `C${suffix}`.toUpperCase(), ...values })
    .returning();
  if (!company) throw new Error('company not created');
  if (partyTypes.length) {
    await db
      .insert(companyPartyTypes)
      .values(partyTypes.map((partyTypeId) => ({ companyId: company.id, partyTypeId })));
  }
  return company;
}

export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const suffix = unique();
  const [user] = await db
    .insert(users)
    .values({
      externalId: `ext-${suffix}`,
      emailAddress: `user-${suffix}@test.example`,
      firstName: 'Test',
      lastName: `User ${suffix}`,
      userTypeId: UserType.Regular,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** Adds the user to the company with the given roles (main role first). */
export async function addMembership(
  db: Db,
  user: UserRow,
  company: CompanyRow,
  roles: number[] = [Role.User],
  overrides: Partial<typeof memberships.$inferInsert> = {},
) {
  await db.insert(memberships).values({ companyId: company.id, userId: user.id, ...overrides });
  await db.insert(membershipRoles).values(
    roles.map((roleId, i) => ({
      companyId: company.id,
      userId: user.id,
      roleId,
      isMain: i === 0,
    })),
  );
}

/** A user who is a member of the company with the given roles. */
export async function buildMember(
  db: Db,
  company: CompanyRow,
  roles: number[] = [Role.User],
  userOverrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await buildUser(db, userOverrides);
  await addMembership(db, user, company, roles);
  return user;
}
