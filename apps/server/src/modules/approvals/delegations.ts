import {
  approvalMessages,
  canChangeData,
  isAdministrator,
  UserType,
  type ApprovalDelegation,
  type ApprovalDelegator,
  type ApprovalSettings,
} from '@flowline/shared';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import {
  approvalDelegations,
  approvalSettings,
  membershipRoles,
  memberships,
  users,
} from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../errors';

/**
 * 'Out of office' delegations and the reminder/escalation setting (issue 29 item 3;
 * docs/approvals.md). A delegate approves, on the days of the delegation, every step its
 * delegator could approve, within the delegator's limit; the chain and history say for whom.
 */

/** Today as the company's calendar day (UTC: Flowline keeps dates without a time zone). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** A member who may change data may approve (ReadOnly members never do). */
export const mayApprove = (roles: number[]) => canChangeData({ roles, userType: UserType.Regular });

interface Member {
  userId: number;
  name: string;
  roles: number[];
  limitCents: number | null;
}

/**
 * Active, unblocked members (among these users; every member without a list), with their roles
 * and approval limit; `peopleOnly` leaves API keys out.
 */
export async function activeMembers(
  db: Db,
  companyId: number,
  userIds?: number[],
  { peopleOnly = false } = {},
): Promise<Member[]> {
  if (userIds?.length === 0) return [];
  const rows = await db
    .select({
      userId: memberships.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      limitCents: memberships.approvalLimitCents,
      roleId: membershipRoles.roleId,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      membershipRoles,
      and(
        eq(membershipRoles.companyId, memberships.companyId),
        eq(membershipRoles.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.companyId, companyId),
        userIds ? inArray(memberships.userId, userIds) : undefined,
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        peopleOnly ? eq(users.userTypeId, UserType.Regular) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  const byUser = new Map<number, Member>();
  for (const r of rows) {
    const m = byUser.get(r.userId) ?? {
      userId: r.userId,
      name: name(r),
      roles: [],
      limitCents: r.limitCents ?? null,
    };
    if (r.roleId !== null) m.roles.push(r.roleId);
    byUser.set(r.userId, m);
  }
  return [...byUser.values()];
}

/** The members who delegated their approvals to this user for the day (still members who approve). */
export async function delegatorsOf(
  db: Db,
  companyId: number,
  toUserId: number,
  now: Date,
): Promise<ApprovalDelegator[]> {
  const day = dayOf(now);
  const rows = await db
    .select({ fromUserId: approvalDelegations.fromUserId })
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.companyId, companyId),
        eq(approvalDelegations.toUserId, toUserId),
        lte(approvalDelegations.startsOn, day),
        gte(approvalDelegations.endsOn, day),
      ),
    );
  const members = await activeMembers(
    db,
    companyId,
    rows.map((r) => r.fromUserId),
  );
  return members.filter((m) => mayApprove(m.roles));
}

/** The delegates of these users for the day (who also gets their reminders). */
export async function delegatesOf(db: Db, companyId: number, fromUserIds: number[], now: Date) {
  if (fromUserIds.length === 0) return [];
  const day = dayOf(now);
  const rows = await db
    .select({ toUserId: approvalDelegations.toUserId })
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.companyId, companyId),
        inArray(approvalDelegations.fromUserId, fromUserIds),
        lte(approvalDelegations.startsOn, day),
        gte(approvalDelegations.endsOn, day),
      ),
    );
  return [...new Set(rows.map((r) => r.toUserId))];
}

/** The delegations running today from these users: who approves for whom. */
export async function delegationsFrom(
  db: Db,
  companyId: number,
  fromUserIds: number[],
  now: Date,
): Promise<{ fromUserId: number; toUserId: number }[]> {
  if (fromUserIds.length === 0) return [];
  const day = dayOf(now);
  return db
    .select({ fromUserId: approvalDelegations.fromUserId, toUserId: approvalDelegations.toUserId })
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.companyId, companyId),
        inArray(approvalDelegations.fromUserId, fromUserIds),
        lte(approvalDelegations.startsOn, day),
        gte(approvalDelegations.endsOn, day),
      ),
    );
}

/** Among these users, the active people of the company who may approve (not ReadOnly). */
export async function approvingPeople(db: Db, companyId: number, userIds: number[]) {
  const members = await activeMembers(db, companyId, [...new Set(userIds)], { peopleOnly: true });
  return members.filter((m) => mayApprove(m.roles));
}

/** The people (not API keys) holding a role: a role step's approvers, escalation's targets. */
export async function membersWithRole(db: Db, companyId: number, roleId: number) {
  const rows = await db
    .select({ userId: membershipRoles.userId })
    .from(membershipRoles)
    .innerJoin(
      memberships,
      and(
        eq(memberships.companyId, membershipRoles.companyId),
        eq(memberships.userId, membershipRoles.userId),
      ),
    )
    .innerJoin(users, eq(users.id, membershipRoles.userId))
    .where(
      and(
        eq(membershipRoles.companyId, companyId),
        eq(membershipRoles.roleId, roleId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        eq(users.userTypeId, UserType.Regular),
      ),
    );
  return [...new Set(rows.map((r) => r.userId))];
}

function present(
  row: typeof approvalDelegations.$inferSelect,
  names: Map<number, string>,
  now: Date,
): ApprovalDelegation {
  const day = dayOf(now);
  return {
    id: row.id,
    fromUserId: row.fromUserId,
    fromUserName: names.get(row.fromUserId) ?? `User ${row.fromUserId}`,
    toUserId: row.toUserId,
    toUserName: names.get(row.toUserId) ?? `User ${row.toUserId}`,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    isActive: row.startsOn <= day && row.endsOn >= day,
  };
}

async function userNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, name(r)]));
}

/**
 * GET /approvals/delegates: the people (not API keys) of the company who may approve, the choices
 * of 'Out of office' — every member may read it (the user list is for Administrators).
 */
export async function listDelegateChoices(db: Db, ctx: TenantContext) {
  const members = await activeMembers(db, ctx.companyId, undefined, { peopleOnly: true });
  return {
    items: members.filter((m) => mayApprove(m.roles)).map((m) => ({ id: m.userId, name: m.name })),
  };
}

/**
 * GET /approvals/delegations: the caller's own (given and received) that have not ended;
 * Administrators see every member's.
 */
export async function listDelegations(db: Db, ctx: TenantContext, now = new Date()) {
  const mine = or(
    eq(approvalDelegations.fromUserId, ctx.userId),
    eq(approvalDelegations.toUserId, ctx.userId),
  );
  const rows = await db
    .select()
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.companyId, ctx.companyId),
        gte(approvalDelegations.endsOn, dayOf(now)),
        isAdministrator(ctx) ? undefined : mine,
      ),
    )
    .orderBy(asc(approvalDelegations.startsOn), asc(approvalDelegations.id));
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.fromUserId, r.toUserId]),
  );
  return { items: rows.map((r) => present(r, names, now)) };
}

/** POST /approvals/delegations: one transaction; overlapping delegations of a user are refused. */
export async function createDelegation(
  db: Db,
  ctx: TenantContext,
  input: { fromUserId?: number; toUserId: number; startsOn: string; endsOn: string },
  now = new Date(),
): Promise<ApprovalDelegation> {
  const fromUserId = input.fromUserId ?? ctx.userId;
  if (fromUserId !== ctx.userId && !isAdministrator(ctx)) {
    throw forbidden(approvalMessages.delegationOthers, 'administrator_required');
  }
  if (fromUserId === input.toUserId) {
    throw badRequest(approvalMessages.delegationSelf, 'invalid_delegation', {
      toUserId: approvalMessages.delegationSelf,
    });
  }
  if (input.endsOn < dayOf(now)) {
    throw badRequest(approvalMessages.delegationPast, 'invalid_delegation', {
      endsOn: approvalMessages.delegationPast,
    });
  }
  return db.transaction(async (tx) => {
    const members = await activeMembers(tx, ctx.companyId, [fromUserId, input.toUserId]);
    const to = members.find((m) => m.userId === input.toUserId);
    // Another company's user is not found, exactly like a missing one.
    if (!members.some((m) => m.userId === fromUserId) || !to) {
      throw notFound('User not found', 'user_not_found');
    }
    if (!mayApprove(to.roles)) {
      throw badRequest(approvalMessages.delegationNotMember, 'invalid_delegation', {
        toUserId: approvalMessages.delegationNotMember,
      });
    }
    // One delegation per person and day: who approves for whom stays unambiguous.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('approval-delegation'), ${fromUserId})`,
    );
    const overlapping = await tx
      .select({ id: approvalDelegations.id })
      .from(approvalDelegations)
      .where(
        and(
          eq(approvalDelegations.companyId, ctx.companyId),
          eq(approvalDelegations.fromUserId, fromUserId),
          lte(approvalDelegations.startsOn, input.endsOn),
          gte(approvalDelegations.endsOn, input.startsOn),
        ),
      )
      .limit(1);
    if (overlapping.length > 0) {
      throw new AppError(409, 'delegation_overlap', approvalMessages.delegationOverlap);
    }
    const [row] = await tx
      .insert(approvalDelegations)
      .values({
        companyId: ctx.companyId,
        fromUserId,
        toUserId: input.toUserId,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        createdByUserId: ctx.userId,
      })
      .returning();
    if (!row) throw new Error('delegation not stored');
    return present(row, await userNames(tx, [fromUserId, input.toUserId]), now);
  });
}

/** DELETE /approvals/delegations/{id}: its delegator, its delegate or an Administrator. */
export async function deleteDelegation(db: Db, ctx: TenantContext, id: number) {
  const [row] = await db
    .select()
    .from(approvalDelegations)
    .where(and(eq(approvalDelegations.companyId, ctx.companyId), eq(approvalDelegations.id, id)));
  const concerned = row && (row.fromUserId === ctx.userId || row.toUserId === ctx.userId);
  if (!row || (!concerned && !isAdministrator(ctx))) {
    throw notFound(approvalMessages.delegationNotFound, 'delegation_not_found');
  }
  await db.delete(approvalDelegations).where(eq(approvalDelegations.id, id));
}

export async function getApprovalSettings(db: Db, companyId: number): Promise<ApprovalSettings> {
  const [row] = await db
    .select()
    .from(approvalSettings)
    .where(eq(approvalSettings.companyId, companyId));
  return {
    remindAfterDays: row?.remindAfterDays ?? null,
    escalateAfterDays: row?.escalateAfterDays ?? null,
  };
}

export async function putApprovalSettings(
  db: Db,
  companyId: number,
  settings: ApprovalSettings,
): Promise<ApprovalSettings> {
  await db
    .insert(approvalSettings)
    .values({ companyId, ...settings, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: approvalSettings.companyId,
      set: { ...settings, updatedAt: new Date() },
    });
  return settings;
}
