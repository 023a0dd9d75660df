import { isAdministrator, type InvitationRegistered } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notifyAdministrators } from './notify';
import { isExpired } from './presenter';
import {
  findCompany,
  findOwnPartyType,
  insertInvitation,
  insertParty,
  unsafeLockByToken,
  updateInvitation,
} from './repository';
import { inviteExpiresAt, tokenNotFound } from './service';
import crypto from 'node:crypto';

/**
 * Onboarding (spec 2 §2.10): a company that registered through /onboarding/{token} sends the
 * invitation back. Only the company that registered in boarding mode with this very token may do
 * it. The e-mailed invite is closed and becomes a connection request from the new company to the
 * inviting one, whose Administrators accept or reject it; the new company's record for the
 * inviting one is created as 'connecting'.
 */
export async function onboardInvitation(
  db: Db,
  ctx: TenantContext,
  token: string,
): Promise<InvitationRegistered> {
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const me = await findCompany(tx, ctx.companyId);
    const row = await unsafeLockByToken(tx, token);
    const usable =
      !!me &&
      me.registrationIsBoarding &&
      me.registrationInvitationToken === token &&
      !!row &&
      row.kind === 'invite' &&
      row.status === 'pending' &&
      !isExpired(row.expiresAt, now) &&
      row.senderCompanyId !== ctx.companyId &&
      (row.receiverCompanyId === null || row.receiverCompanyId === ctx.companyId);
    if (!usable || !row) throw tokenNotFound();
    const inviter = await findCompany(tx, row.senderCompanyId);
    if (!inviter) throw tokenNotFound();
    const myParty = await insertParty(tx, ctx.companyId, {
      partyTypeId: await findOwnPartyType(tx, inviter.id),
      name: inviter.name,
      number: inviter.code,
      suggestedCompanyId: inviter.id,
      isInviteSent: true,
      inviteSentAt: now,
      connectionRequestedAt: now,
    });
    await updateInvitation(tx, row.id, {
      receiverCompanyId: ctx.companyId,
      registeredAt: now,
      status: 'deleted',
      actionedAt: now,
      actionedByUserId: ctx.userId,
    });
    const request = await insertInvitation(tx, {
      token: crypto.randomBytes(32).toString('base64url'),
      kind: 'connectionRequest',
      senderCompanyId: ctx.companyId,
      senderUserId: ctx.userId,
      senderPartyId: myParty.id,
      senderPartyTypeOfReceiverCompany: row.senderPartyTypeOfReceiverCompany,
      receiverCompanyId: inviter.id,
      // The inviter's own record for us: accept links it instead of creating another one.
      receiverPartyId: row.senderPartyId,
      registeredAt: now,
      expiresAt: inviteExpiresAt(now),
    });
    await notifyAdministrators(tx, {
      companyId: inviter.id,
      sourceCompanyId: ctx.companyId,
      title: 'Received invitation',
      message: `${me?.name ?? 'A company'} joined Flowline and wants to connect with you.`,
      invitationId: request.id,
    });
    return request.id;
  });
  return { invitationId: id, isAdministrator: isAdministrator(ctx) };
}
