import { isAdministrator, type InvitationRegistered } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import type { Mailer } from '../../platform/mail/mailer';
import { connectionRequestMail } from '../../platform/mail/templates/index';
import { mailUsers, notifyAdministrators } from './notify';
import {
  findCompany,
  findOwnPartyType,
  findPendingRequest,
  insertInvitation,
  insertParty,
  setOnboardingPending,
  unsafeLockByToken,
  updateInvitation,
} from './repository';
import { inviteExpiresAt, tokenNotFound, usableToken } from './service';
import crypto from 'node:crypto';

export interface Onboarded {
  requestId: number;
  inviterId: number;
  /** The inviter's Administrators, to be mailed after the commit. */
  adminIds: number[];
  companyName: string;
}

/**
 * Onboarding (spec 2 §2.10) inside the caller's transaction: the e-mailed invite is closed and
 * becomes a connection request from the company to the inviting one, whose Administrators accept
 * or reject it; the company's record for the inviter reads 'connecting'. A company that registered
 * through this very /onboarding link waits for that answer: its onboarding-pending flag is set
 * (the 'Sent Invitation' dialog at start) until the inviter accepts or rejects.
 * Null when the token is not usable; a second call by the same company returns its request.
 */
export async function onboardInTx(
  tx: Db,
  actor: { companyId: number; userId: number },
  token: string,
  now: Date,
): Promise<Onboarded | null> {
  const me = await findCompany(tx, actor.companyId);
  const row = await unsafeLockByToken(tx, token);
  if (!me || !row) return null;
  const companyName = me.name;
  if (row.status === 'deleted' && row.receiverCompanyId === actor.companyId) {
    // Onboarded already (a reload, or the registration did it): the same answer again.
    const request = await findPendingRequest(tx, actor.companyId, row.senderCompanyId);
    return request
      ? { requestId: request.id, inviterId: row.senderCompanyId, adminIds: [], companyName }
      : null;
  }
  if (!usableToken(row, actor.companyId, now)) return null;
  const inviter = await findCompany(tx, row.senderCompanyId);
  if (!inviter) return null;
  const myParty = await insertParty(tx, actor.companyId, {
    partyTypeId: await findOwnPartyType(tx, inviter.id),
    name: inviter.name,
    number: inviter.code,
    suggestedCompanyId: inviter.id,
    isInviteSent: true,
    inviteSentAt: now,
    connectionRequestedAt: now,
  });
  await updateInvitation(tx, row.id, {
    receiverCompanyId: actor.companyId,
    registeredAt: now,
    status: 'deleted',
    actionedAt: now,
    actionedByUserId: actor.userId,
  });
  const request = await insertInvitation(tx, {
    token: crypto.randomBytes(32).toString('base64url'),
    kind: 'connectionRequest',
    senderCompanyId: actor.companyId,
    senderUserId: actor.userId,
    senderPartyId: myParty.id,
    senderPartyTypeOfReceiverCompany: row.senderPartyTypeOfReceiverCompany,
    receiverCompanyId: inviter.id,
    // The inviter's own record for us: accept links it instead of creating another one.
    receiverPartyId: row.senderPartyId,
    registeredAt: now,
    expiresAt: inviteExpiresAt(now),
  });
  if (me.registrationIsBoarding && me.registrationInvitationToken === token) {
    await setOnboardingPending(tx, actor.companyId, true);
  }
  const adminIds = await notifyAdministrators(tx, {
    companyId: inviter.id,
    sourceCompanyId: actor.companyId,
    title: 'Received invitation',
    message: `${companyName} joined Flowline and wants to connect with you.`,
    invitationId: request.id,
  });
  return { requestId: request.id, inviterId: inviter.id, adminIds, companyName };
}

/** Tells the inviter's Administrators who want mail; the request stands without the mail. */
export async function mailOnboarded(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  done: Onboarded,
): Promise<void> {
  await mailUsers(
    deps.db,
    deps.mailer,
    done.adminIds,
    (firstName) =>
      connectionRequestMail({
        publicUrl: deps.publicUrl,
        requestingCompanyName: done.companyName,
        firstName,
      }),
    {
      title: `${done.companyName} wants to connect with you`,
      link: `${deps.publicUrl}/admin/invitations`,
    },
  ).catch(() => undefined);
}

/** POST /invitation/onboard/{token}: the selected company sends the invitation back. */
export async function onboardInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  ctx: TenantContext,
  token: string,
): Promise<InvitationRegistered> {
  // Row-level security escape: onboarding writes both sides' records.
  return withoutTenantScope(async () => {
    const done = await deps.db.transaction(async (tx) => {
      const result = await onboardInTx(tx, ctx, token, new Date());
      if (!result) throw tokenNotFound();
      return result;
    });
    await mailOnboarded(deps, done);
    return { invitationId: done.requestId, isAdministrator: isAdministrator(ctx) };
  });
}
