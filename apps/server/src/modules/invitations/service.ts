import {
  INVITE_EXPIRY_DAYS,
  invitationMessages,
  isAdministrator,
  type Invitation,
  type InvitationRegistered,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { notifyAdministrators } from './notify';
import { isExpired, presentInvitation } from './presenter';
import {
  countLiveForReceiver,
  findCompany,
  findForReceiver,
  findOpenParties,
  findOwnPartyType,
  findPendingForReceiver,
  lockForReceiver,
  unsafeLockByToken,
  updateInvitation,
  type InvitationRow,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const inviteExpiresAt = (now: Date) => new Date(now.getTime() + INVITE_EXPIRY_DAYS * DAY_MS);

export const invitationNotFound = () =>
  notFound(invitationMessages.notFound, 'invitation_not_found');
/** Register and onboard refuse every unusable token alike (spec 2 §8: 400 'Invitation not found'). */
export const tokenNotFound = () => badRequest(invitationMessages.notFound, 'invitation_not_found');

/** Pending invitations addressed to the selected company, expired ones flagged. Any member. */
export async function listPendingInvitations(db: Db, ctx: TenantContext): Promise<Invitation[]> {
  const now = new Date();
  const rows = await findPendingForReceiver(db, ctx.companyId);
  return Promise.all(
    rows.map(async (row) =>
      presentInvitation(
        row,
        await findOpenParties(db, ctx.companyId, { suggestedCompanyId: row.company.id }),
        now,
      ),
    ),
  );
}

export async function countPendingInvitations(db: Db, ctx: TenantContext) {
  return { count: await countLiveForReceiver(db, ctx.companyId, new Date()) };
}

export async function getInvitation(db: Db, ctx: TenantContext, id: number): Promise<Invitation> {
  const row = await findForReceiver(db, ctx.companyId, id);
  if (!row || row.invitation.status === 'deleted') throw invitationNotFound();
  const candidates = await findOpenParties(db, ctx.companyId, {
    suggestedCompanyId: row.company.id,
  });
  return presentInvitation(row, candidates, new Date());
}

/** A token the selected company may take: a live e-mail invite of another company. */
function usableToken(
  row: InvitationRow | null,
  ctx: TenantContext,
  now: Date,
): row is InvitationRow {
  return (
    !!row &&
    row.kind === 'invite' &&
    row.status === 'pending' &&
    !isExpired(row.expiresAt, now) &&
    row.senderCompanyId !== ctx.companyId &&
    (row.receiverCompanyId === null || row.receiverCompanyId === ctx.companyId)
  );
}

/** Binds an e-mailed invite to the selected company; its Administrators are notified. */
export async function registerInvitation(
  db: Db,
  ctx: TenantContext,
  token: string,
): Promise<InvitationRegistered> {
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const row = await unsafeLockByToken(tx, token);
    if (!usableToken(row, ctx, now)) throw tokenNotFound();
    // Registering twice (a reload) is harmless: the invitation is already ours.
    if (row.receiverCompanyId === ctx.companyId) return row.id;
    await updateInvitation(tx, row.id, { receiverCompanyId: ctx.companyId, registeredAt: now });
    const senderCompany = await findCompany(tx, row.senderCompanyId);
    await notifyAdministrators(tx, {
      companyId: ctx.companyId,
      sourceCompanyId: row.senderCompanyId,
      title: 'Received invitation',
      message: `${senderCompany?.name ?? 'A company'} invited you to connect on Flowline.`,
      invitationId: row.id,
    });
    return row.id;
  });
  return { invitationId: id, isAdministrator: isAdministrator(ctx) };
}

/** The invitation addressed to the company, locked; 404 when missing, another's or deleted. */
async function lockOwn(db: Db, ctx: TenantContext, id: number) {
  const row = await lockForReceiver(db, ctx.companyId, id);
  if (!row || row.status === 'deleted') throw invitationNotFound();
  return row;
}

/** Only live invitations are accepted or rejected (spec 2 §4.1). */
export function assertLive(row: InvitationRow, now: Date): void {
  if (row.status !== 'pending')
    throw conflict(invitationMessages.notPending, 'invitation_not_pending');
  if (isExpired(row.expiresAt, now))
    throw conflict(invitationMessages.expired, 'invitation_expired');
}

export async function rejectInvitation(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertAdministrator(ctx);
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, ctx, id);
    assertLive(row, now);
    // The sender's connection stays not connected; its invite simply runs out.
    await updateInvitation(tx, id, {
      status: 'rejected',
      actionedAt: now,
      actionedByUserId: ctx.userId,
    });
  });
}

/** An expired invitation can only be deleted; a live one is accepted or rejected. */
export async function deleteInvitation(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertAdministrator(ctx);
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, ctx, id);
    if (row.status !== 'pending' || !isExpired(row.expiresAt, now)) {
      throw conflict(invitationMessages.onlyExpiredDeleted, 'invitation_not_expired');
    }
    await updateInvitation(tx, id, {
      status: 'deleted',
      actionedAt: now,
      actionedByUserId: ctx.userId,
    });
  });
}

/** The receiver's open connections of the sender's type: candidates to stand for the sender. */
export async function partyIdsOfSameType(
  db: Db,
  ctx: TenantContext,
  q: {
    senderCompanyId: number;
    receiverCompanyId: number;
    senderPartyTypeOfReceiverCompany: number;
  },
): Promise<number[]> {
  // Only the selected company's own connections are ever listed.
  if (q.receiverCompanyId !== ctx.companyId) return [];
  // The receiver's record for the sender has the sender's own type (what accept would create).
  const partyTypeId = await findOwnPartyType(db, q.senderCompanyId);
  const rows = await findOpenParties(db, ctx.companyId, { partyTypeId });
  return rows.map((r) => r.id);
}
