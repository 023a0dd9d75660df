import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PartyType, Role } from '@flowline/shared';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  companies,
  companyPartyTypes,
  invitations,
  membershipRoles,
  memberships,
  orgUnits,
  parties,
  partyOrgUnits,
  users,
} from '../../db/schema/index';

export type InvitationRow = typeof invitations.$inferSelect;
type PartyValues = Omit<typeof parties.$inferInsert, 'id' | 'companyId'>;

const actionedBy = alias(users, 'actioned_by');
const sender = alias(users, 'sender_user');
const receiverParty = alias(parties, 'receiver_party');

/**
 * An invitation with what the list shows about its sender — the sender's own connection and
 * profile names, read by the receiver: callers run it outside row-level security.
 */
const detailColumns = {
  invitation: invitations,
  company: companies,
  senderEmail: sender.emailAddress,
  partyName: parties.name,
  orgUnitName: orgUnits.name,
  /** The receiver's own connection for the sender (the list's connection name). */
  receiverPartyName: receiverParty.name,
  actionedByName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${actionedBy.firstName}, ${actionedBy.lastName})), '')`,
};

function details(db: Db) {
  return db
    .select(detailColumns)
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.senderCompanyId))
    .leftJoin(sender, eq(sender.id, invitations.senderUserId))
    .leftJoin(parties, eq(parties.id, invitations.senderPartyId))
    .leftJoin(orgUnits, eq(orgUnits.id, invitations.senderOrgUnitId))
    .leftJoin(
      receiverParty,
      and(
        eq(receiverParty.id, invitations.receiverPartyId),
        eq(receiverParty.companyId, invitations.receiverCompanyId),
      ),
    )
    .leftJoin(actionedBy, eq(actionedBy.id, invitations.actionedByUserId));
}
export type InvitationDetails = Awaited<ReturnType<typeof findPendingForReceiver>>[number];

/** Pending invitations addressed to the company, expired ones included, newest first. */
export async function findPendingForReceiver(db: Db, receiverCompanyId: number) {
  // Row-level security escape: the sender's connection and profile names (see details).
  return withoutTenantScope(() =>
    details(db)
      .where(
        and(
          eq(invitations.receiverCompanyId, receiverCompanyId),
          eq(invitations.status, 'pending'),
        ),
      )
      .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`),
  );
}

export async function countLiveForReceiver(db: Db, receiverCompanyId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.receiverCompanyId, receiverCompanyId),
        eq(invitations.status, 'pending'),
        gte(invitations.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** One invitation addressed to the company (any status but deleted); another's is null. */
export async function findForReceiver(db: Db, receiverCompanyId: number, id: number) {
  // Row-level security escape: the sender's connection and profile names (see details).
  const [row] = await withoutTenantScope(() =>
    details(db).where(
      and(eq(invitations.id, id), eq(invitations.receiverCompanyId, receiverCompanyId)),
    ),
  );
  return row ?? null;
}

/** Locks the invitation row addressed to the company for an accept, reject or delete. */
export async function lockForReceiver(db: Db, receiverCompanyId: number, id: number) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.receiverCompanyId, receiverCompanyId)))
    .for('update');
  return row ?? null;
}

/**
 * Not tenant-scoped on purpose: a token is the receiver's proof of the invitation before any
 * company is bound to it. Locked, so two companies cannot register the same token.
 */
export async function unsafeLockByToken(db: Db, token: string) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select()
      .from(invitations)
      .where(eq(invitations.token, token))
      .for('update');
    return row ?? null;
  });
}

/**
 * The live connection request `senderCompanyId` sent to `receiverCompanyId` (the newest), if any:
 * when the receiver asks back, it accepts this one instead of crossing it (docs/connections.md).
 */
export async function findLiveRequestBetween(
  db: Db,
  senderCompanyId: number,
  receiverCompanyId: number,
  now: Date,
) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, 'connectionRequest'),
        eq(invitations.senderCompanyId, senderCompanyId),
        eq(invitations.receiverCompanyId, receiverCompanyId),
        eq(invitations.status, 'pending'),
        gte(invitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`)
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation not stored');
  return row;
}

export async function updateInvitation(
  db: Db,
  id: number,
  values: Partial<typeof invitations.$inferInsert>,
) {
  await db
    .update(invitations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invitations.id, id));
}

/** Pending invitations of the sender's connection: superseded by a new one. */
export async function supersedeInvitationsOfParty(
  db: Db,
  senderCompanyId: number,
  partyId: number,
) {
  await db
    .update(invitations)
    .set({ status: 'deleted', updatedAt: new Date() })
    .where(
      and(
        eq(invitations.senderCompanyId, senderCompanyId),
        eq(invitations.senderPartyId, partyId),
        eq(invitations.status, 'pending'),
      ),
    );
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** The active, unblocked Administrators of a company: they get the notifications. */
export async function findAdministratorIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      membershipRoles,
      and(
        eq(membershipRoles.companyId, memberships.companyId),
        eq(membershipRoles.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        eq(membershipRoles.roleId, Role.Administrator),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function isKnownEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.emailAddress}) = lower(${email})`);
  return !!row;
}

/** The first party type the company acts as (what it is to others); Vendor when none. */
export async function findOwnPartyType(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ id: companyPartyTypes.partyTypeId })
    .from(companyPartyTypes)
    .where(eq(companyPartyTypes.companyId, companyId))
    .orderBy(asc(companyPartyTypes.partyTypeId))
    .limit(1);
  return row?.id ?? PartyType.Vendor;
}

export async function findParty(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.id, id), eq(parties.companyId, companyId)));
  return row ?? null;
}

export async function lockParty(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.id, id), eq(parties.companyId, companyId)))
    .for('update');
  return row ?? null;
}

/**
 * What a new invite, request or connection leaves behind: an earlier rejection and a disconnect by
 * the other side no longer describe the connection (docs/connections.md).
 */
export const clearedOutcome = {
  inviteRejectedAt: null,
  inviteRejectionReason: null,
  disconnectedByCompanyId: null,
} as const;

export async function updateParty(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<PartyValues>,
) {
  await db
    .update(parties)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(parties.id, id), eq(parties.companyId, companyId)));
}

export async function insertParty(db: Db, companyId: number, values: PartyValues) {
  const [row] = await db
    .insert(parties)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('party not stored');
  return row;
}

/** Open (not connected, not disconnected) connections of the company, optionally of one type. */
export async function findOpenParties(
  db: Db,
  companyId: number,
  filter: { suggestedCompanyId?: number; partyTypeId?: number },
) {
  return db
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        isNull(parties.connectedCompanyId),
        eq(parties.isDisconnected, false),
        filter.suggestedCompanyId === undefined
          ? undefined
          : eq(parties.suggestedCompanyId, filter.suggestedCompanyId),
        filter.partyTypeId === undefined ? undefined : eq(parties.partyTypeId, filter.partyTypeId),
      ),
    )
    .orderBy(asc(parties.name), asc(parties.id));
}

export async function findOrgUnitOfCompany(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(eq(orgUnits.id, id), eq(orgUnits.companyId, companyId)));
  return row ?? null;
}

/** Adds a profile to a connection (kept when it is already there). */
export async function addPartyOrgUnit(
  db: Db,
  companyId: number,
  partyId: number,
  orgUnitId: number,
) {
  await db.insert(partyOrgUnits).values({ companyId, partyId, orgUnitId }).onConflictDoNothing();
}

/**
 * Deliberately across tenants (disconnect with deleteRelationship): the other company's records
 * that point at us lose that link and read 'Disconnected by the other connection' (issue 27 item
 * 18). Returns how many changed.
 */
export async function unsafeUnlinkPartiesConnectedTo(
  db: Db,
  companyId: number,
  connectedTo: number,
) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const rows = await db
      .update(parties)
      .set({
        connectedCompanyId: null,
        isInviteSent: false,
        // Still on the network: the record names the company that left, to ask it again.
        suggestedCompanyId: connectedTo,
        disconnectedByCompanyId: connectedTo,
        updatedAt: new Date(),
      })
      .where(and(eq(parties.companyId, companyId), eq(parties.connectedCompanyId, connectedTo)))
      .returning({ id: parties.id });
    return rows.length;
  });
}

/** The live connection request the company sent to another one (an onboarding already done). */
export async function findPendingRequest(db: Db, senderCompanyId: number, receiverId: number) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.senderCompanyId, senderCompanyId),
        eq(invitations.receiverCompanyId, receiverId),
        eq(invitations.kind, 'connectionRequest'),
        eq(invitations.status, 'pending'),
      ),
    )
    .orderBy(sql`${invitations.id} desc`)
    .limit(1);
  return row ?? null;
}

/** The company's own onboarding-pending flag (spec 2 §2.10). */
export async function setOnboardingPending(db: Db, companyId: number, pending: boolean) {
  await db
    .update(companies)
    .set({ onboardingProcessPending: pending })
    .where(eq(companies.id, companyId));
}

/**
 * Deliberately across tenants: the inviter accepting or rejecting an onboarded company's request
 * ends that company's wait (its 'Sent Invitation' dialog at start).
 */
/**
 * Deliberately across tenants: a rejected invite or request shows on the sender's record, with the
 * reason (issue 27 item 17). Only while that record's invite is still out.
 */
export async function unsafeMarkInviteRejected(
  db: Db,
  senderCompanyId: number,
  partyId: number,
  at: Date,
  reason: string | null,
) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    await db
      .update(parties)
      .set({ inviteRejectedAt: at, inviteRejectionReason: reason, updatedAt: at })
      .where(
        and(
          eq(parties.companyId, senderCompanyId),
          eq(parties.id, partyId),
          eq(parties.isInviteSent, true),
        ),
      );
  });
}

export async function unsafeEndOnboardingWait(db: Db, senderCompanyId: number) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    await db
      .update(companies)
      .set({ onboardingProcessPending: false })
      .where(and(eq(companies.id, senderCompanyId), eq(companies.onboardingProcessPending, true)));
  });
}

/** Not tenant-scoped on purpose: the token is the visitor's proof, before any company exists. */
export async function unsafeFindByToken(db: Db, token: string) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select({ invitation: invitations, senderCompanyName: companies.name })
      .from(invitations)
      .innerJoin(companies, eq(companies.id, invitations.senderCompanyId))
      .where(eq(invitations.token, token));
    return row ?? null;
  });
}
