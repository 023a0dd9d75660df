import {
  INVITE_EXPIRY_DAYS,
  invitationMessages,
  isAdministrator,
  PartyType,
  type Invitation,
  type InvitationRegistered,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { announceToCompanies } from '../../platform/realtime/hub';
import { badRequest, conflict, notFound } from '../../errors';
import type { Mailer } from '../../platform/mail/mailer';
import { invitationRejectedMail } from '../../platform/mail/templates/index';
import { mailUsers, notifyAdministrators } from './notify';
import { isExpired, presentInvitation } from './presenter';
import {
  countLiveForReceiver,
  findCompany,
  findForReceiver,
  findOpenParties,
  findOwnPartyType,
  findParty,
  findPendingForReceiver,
  lockForReceiver,
  unsafeEndOnboardingWait,
  unsafeFindByToken,
  unsafeLockByToken,
  unsafeMarkInviteRejected,
  updateInvitation,
  type InvitationRow,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const inviteExpiresAt = (now: Date) => new Date(now.getTime() + INVITE_EXPIRY_DAYS * DAY_MS);

/**
 * An e-mail invite of a vendor is an onboarding request: the vendor joins and asks to connect, and
 * the inviter, who will receive its documents, does the due diligence and accepts.
 */
export const isOnboardingRequest = (senderPartyTypeOfReceiverCompany: number) =>
  senderPartyTypeOfReceiverCompany === PartyType.Vendor;

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

/** A token the company may take: a live e-mail invite of another company, not bound elsewhere. */
export function usableToken(
  row: InvitationRow | null,
  companyId: number,
  now: Date,
): row is InvitationRow {
  return (
    !!row &&
    row.kind === 'invite' &&
    row.status === 'pending' &&
    !isExpired(row.expiresAt, now) &&
    row.senderCompanyId !== companyId &&
    (row.receiverCompanyId === null || row.receiverCompanyId === companyId)
  );
}

/**
 * Binds an e-mailed invite to the company and notifies its Administrators, inside the caller's
 * transaction. Null when the token is not usable (nothing written).
 */
export async function bindInvitationToken(
  tx: Db,
  companyId: number,
  token: string,
  now: Date,
): Promise<number | null> {
  const row = await unsafeLockByToken(tx, token);
  if (!usableToken(row, companyId, now)) return null;
  // Registering twice (a reload) is harmless: the invitation is already ours.
  if (row.receiverCompanyId === companyId) return row.id;
  await updateInvitation(tx, row.id, { receiverCompanyId: companyId, registeredAt: now });
  const senderCompany = await findCompany(tx, row.senderCompanyId);
  await notifyAdministrators(tx, {
    companyId,
    sourceCompanyId: row.senderCompanyId,
    title: 'Received invitation',
    message: `${senderCompany?.name ?? 'A company'} invited you to connect on Flowline.`,
    invitationId: row.id,
  });
  return row.id;
}

/** Binds an e-mailed invite to the selected company; its Administrators are notified. */
export async function registerInvitation(
  db: Db,
  ctx: TenantContext,
  token: string,
): Promise<InvitationRegistered> {
  const id = await db.transaction(async (tx) => {
    const bound = await bindInvitationToken(tx, ctx.companyId, token, new Date());
    if (bound === null) throw tokenNotFound();
    return bound;
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

/**
 * Reject: the invitation is closed and the sender's Administrators are told (notification, and a
 * mail to those who want mail). An onboarded company's request being rejected ends its wait.
 */
export async function rejectInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  ctx: TenantContext,
  id: number,
  reason: string | null = null,
): Promise<void> {
  // Row-level security escape: rejecting updates and notifies the sender's side.
  return withoutTenantScope(async () => {
    assertAdministrator(ctx);
    const now = new Date();
    const notice = await deps.db.transaction(async (tx) => {
      const row = await lockOwn(tx, ctx, id);
      assertLive(row, now);
      // The sender's connection stays not connected and reads rejected, with the reason.
      await updateInvitation(tx, id, {
        status: 'rejected',
        actionedAt: now,
        actionedByUserId: ctx.userId,
        rejectReason: reason,
      });
      if (row.senderPartyId !== null) {
        await unsafeMarkInviteRejected(tx, row.senderCompanyId, row.senderPartyId, now, reason);
      }
      if (row.kind === 'connectionRequest') await unsafeEndOnboardingWait(tx, row.senderCompanyId);
      await announceToCompanies(tx, {
        type: 'connection',
        companyIds: [ctx.companyId, row.senderCompanyId],
        change: 'rejected',
      });
      const me = await findCompany(tx, ctx.companyId);
      const rejectingCompanyName = me?.name ?? 'A company';
      const adminIds = await notifyAdministrators(tx, {
        companyId: row.senderCompanyId,
        sourceCompanyId: ctx.companyId,
        title: 'Invitation rejected',
        message: reason
          ? `${rejectingCompanyName} rejected your invitation to connect: ${reason}`
          : `${rejectingCompanyName} rejected your invitation to connect.`,
        invitationId: null,
      });
      const party =
        row.senderPartyId === null
          ? null
          : await findParty(tx, row.senderCompanyId, row.senderPartyId);
      return { adminIds, rejectingCompanyName, connectionName: party?.name ?? null };
    });
    // The rejection stands without the mail; the notification already told the sender.
    await mailUsers(
      deps.db,
      deps.mailer,
      notice.adminIds,
      (firstName) =>
        invitationRejectedMail({
          publicUrl: deps.publicUrl,
          firstName,
          rejectingCompanyName: notice.rejectingCompanyName,
          connectionName: notice.connectionName,
          reason,
        }),
      {
        title: `${notice.rejectingCompanyName} rejected your invitation`,
        link: `${deps.publicUrl}/admin/parties`,
      },
    ).catch(() => undefined);
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

export interface TokenDescription {
  receiverEmail: string | null;
  senderCompanyName: string;
  /** An onboarding request: the recipient asks to connect and the inviter accepts. */
  onboarding: boolean;
}

/**
 * What a live, not yet taken e-mail invite says about itself: who sent it and to which address
 * (the registration form prefills it). Null for any other token, so nothing is told about those.
 */
export async function describeToken(db: Db, token: string): Promise<TokenDescription | null> {
  const found = await unsafeFindByToken(db, token);
  const row = found?.invitation ?? null;
  if (!found || !row || row.receiverCompanyId !== null) return null;
  if (!usableToken(row, 0, new Date())) return null;
  return {
    receiverEmail: row.receiverEmail,
    senderCompanyName: found.senderCompanyName,
    onboarding: isOnboardingRequest(row.senderPartyTypeOfReceiverCompany),
  };
}
