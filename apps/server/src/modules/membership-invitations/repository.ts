import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, membershipInvitations, users } from '../../db/schema/index';

export type MembershipInvitationRow = typeof membershipInvitations.$inferSelect;
const pending = eq(membershipInvitations.status, 'pending');

/** The company's pending invitation with this id (the inviting side sees only what it typed). */
export async function findPendingForCompany(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(membershipInvitations)
    .where(
      and(
        eq(membershipInvitations.companyId, companyId),
        eq(membershipInvitations.id, id),
        pending,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findPendingForCompanyAndUser(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: membershipInvitations.id })
    .from(membershipInvitations)
    .where(
      and(
        eq(membershipInvitations.companyId, companyId),
        eq(membershipInvitations.userId, userId),
        pending,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertMembershipInvitation(
  db: Db,
  values: typeof membershipInvitations.$inferInsert,
) {
  const [row] = await db.insert(membershipInvitations).values(values).returning();
  if (!row) throw new Error('membership invitation not stored');
  return row;
}

export async function updatePendingInvitation(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof membershipInvitations.$inferInsert>,
) {
  await db
    .update(membershipInvitations)
    .set(values)
    .where(
      and(
        eq(membershipInvitations.companyId, companyId),
        eq(membershipInvitations.id, id),
        pending,
      ),
    );
}

/** The signed-in person's pending invitations, newest first, with who asked. */
export async function listPendingForUser(db: Db, userId: number) {
  return db
    .select({
      id: membershipInvitations.id,
      companyId: membershipInvitations.companyId,
      companyName: companies.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      mainRole: membershipInvitations.mainRole,
      createdAt: membershipInvitations.createdAt,
    })
    .from(membershipInvitations)
    .innerJoin(companies, eq(companies.id, membershipInvitations.companyId))
    .leftJoin(users, eq(users.id, membershipInvitations.invitedByUserId))
    .where(and(eq(membershipInvitations.userId, userId), pending))
    .orderBy(desc(membershipInvitations.createdAt), desc(membershipInvitations.id));
}

/** Locks the person's pending invitation for an answer; null if it is not theirs or not pending. */
export async function lockPendingForUser(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(membershipInvitations)
    .where(and(eq(membershipInvitations.userId, userId), eq(membershipInvitations.id, id), pending))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function closeInvitation(
  db: Db,
  id: number,
  status: 'accepted' | 'declined' | 'revoked',
) {
  await db
    .update(membershipInvitations)
    .set({ status, respondedAt: sql`now()` })
    .where(eq(membershipInvitations.id, id));
}
