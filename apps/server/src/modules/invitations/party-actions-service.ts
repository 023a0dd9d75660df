import crypto from 'node:crypto';
import {
  canInvite,
  canReconnect,
  canRequestConnection,
  connectionMessages,
  deriveConnectionStatus,
  orgUnitMessages,
  type OrgUnitInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { announceToCompanies } from '../../platform/realtime/hub';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Mailer } from '../../platform/mail/mailer';
import { connectionRequestMail, invitationMail } from '../../platform/mail/templates/index';
import { findOrgUnitTerm, insertOrgUnit, replaceOrgUnitUsers } from '../org-units/repository';
import { toOrgUnitValues } from '../org-units/service';
import { isUniqueViolation } from '../org-units/unique-violation';
import { refreshMatchesOfCompanyFor } from '../network/matching';
import { findOtherLinkedParty, findProfilesOfParties, type PartyRow } from '../parties/repository';
import { acceptInvitation, assertNewProfile } from './accept';
import { mailUsers, notifyAdministrators } from './notify';
import { mailConnectionNotice } from '../notifications/events';
import {
  addPartyOrgUnit,
  clearedOutcome,
  findCompany,
  findOrgUnitOfCompany,
  findLiveRequestBetween,
  findParty,
  insertInvitation,
  isKnownEmail,
  lockParty,
  supersedeInvitationsOfParty,
  unsafeUnlinkPartiesConnectedTo,
  updateParty,
} from './repository';
import { inviteExpiresAt, isOnboardingRequest } from './service';

export interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const partyNotFound = () => notFound('Connection not found', 'party_not_found');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * Invites a connection that is not on the network by e-mail (or re-invites it: Resend Invite).
 * Earlier pending invites of the connection are superseded, so only the newest link works.
 */
export async function inviteParty(deps: Deps, ctx: TenantContext, partyId: number, email: string) {
  assertAdministrator(ctx);
  const { db } = deps;
  const now = new Date();
  const invitation = await db.transaction(async (tx) => {
    const party = await lockParty(tx, ctx.companyId, partyId);
    if (!party) throw partyNotFound();
    const status = deriveConnectionStatus(party, now);
    if (!canInvite(status)) {
      throw conflict(
        'Only connections that are not on the network can be invited',
        'not_invitable',
      );
    }
    await supersedeInvitationsOfParty(tx, ctx.companyId, partyId);
    await updateParty(tx, ctx.companyId, partyId, {
      isInviteSent: true,
      inviteSentAt: now,
      inviteEmailAddress: email,
      ...clearedOutcome,
    });
    return insertInvitation(tx, {
      token: newToken(),
      kind: 'invite',
      senderCompanyId: ctx.companyId,
      senderUserId: ctx.userId,
      senderPartyId: partyId,
      senderPartyTypeOfReceiverCompany: party.partyTypeId,
      receiverEmail: email,
      expiresAt: inviteExpiresAt(now),
    });
  });
  const sender = await findCompany(db, ctx.companyId);
  // Someone already on Flowline accepts in their company; anyone else registers one.
  const recipientHasCompany = await isKnownEmail(db, email);
  const onboarding = isOnboardingRequest(invitation.senderPartyTypeOfReceiverCompany);
  try {
    await deps.mailer.send({
      to: [email],
      ...invitationMail({
        publicUrl: deps.publicUrl,
        invitingCompanyName: sender?.name ?? '',
        token: invitation.token,
        recipientHasCompany,
        onboarding,
        expiresAt: invitation.expiresAt,
      }),
    });
  } catch {
    throw new AppError(
      503,
      'mail_unavailable',
      'The invitation e-mail could not be sent. Please resend the invite.',
    );
  }
}

type ConnectOptions = { orgUnitId?: number; reconnect?: boolean; newProfile?: OrgUnitInput };

/** The company a connect (or reconnect) asks; 409 when the connection's status does not allow it. */
function connectTarget(party: PartyRow, ctx: TenantContext, opts: ConnectOptions, now: Date) {
  const status = deriveConnectionStatus(party, now);
  const allowed = opts.reconnect ? canReconnect(status) : canRequestConnection(status);
  const receiverId =
    party.suggestedCompanyId ??
    (opts.reconnect ? (party.disconnectedByCompanyId ?? party.connectedCompanyId) : null);
  if (!allowed || receiverId === null || receiverId === ctx.companyId) {
    throw conflict('This connection cannot be connected', 'not_connectable');
  }
  return receiverId;
}

/** One link per company pair: a company already connected or asked through another connection is refused. */
async function assertNotLinkedElsewhere(
  db: Db,
  ctx: TenantContext,
  partyId: number,
  other: number,
) {
  const linked = await findOtherLinkedParty(db, ctx.companyId, partyId, other);
  if (linked) throw conflict(connectionMessages.alreadyConnected(linked.name), 'already_connected');
}

/** The profile a crossed request is accepted with: the chosen or new one, else the connection's first. */
async function crossedChoice(db: Db, ctx: TenantContext, partyId: number, opts: ConnectOptions) {
  if (opts.newProfile) return { newProfile: opts.newProfile };
  if (opts.orgUnitId) return { orgUnitId: opts.orgUnitId };
  const [first] = (await findProfilesOfParties(db, ctx.companyId, [partyId])).get(partyId) ?? [];
  if (!first) {
    throw badRequest(connectionMessages.unknownProfiles, 'validation_failed', {
      orgUnitId: connectionMessages.unknownProfiles,
    });
  }
  return { orgUnitId: first.id };
}

/**
 * A connection request to the network company suggested for the connection: its Administrators
 * are notified and e-mailed, and accept it from their invitation list. With newProfile
 * (connectAndCreateOrgUnit) the profile is created, given its users and the connection, in the
 * same transaction as the request. When that company has already asked us, its request is
 * accepted instead (no crossed requests) and the result says `connected`.
 */
export async function connectParty(
  deps: Deps,
  ctx: TenantContext,
  partyId: number,
  opts: ConnectOptions,
): Promise<{ connected: boolean }> {
  // Row-level security escape: a request (or accepting a crossed one) writes the other side.
  return withoutTenantScope(async () => {
    assertAdministrator(ctx);
    const { db } = deps;
    if (opts.newProfile) await assertNewProfile(db, ctx, opts.newProfile);
    const now = new Date();
    const current = await findParty(db, ctx.companyId, partyId);
    if (!current) throw partyNotFound();
    const target = connectTarget(current, ctx, opts, now);
    await assertNotLinkedElsewhere(db, ctx, partyId, target);
    const crossed = await findLiveRequestBetween(db, target, ctx.companyId, now);
    if (crossed) {
      const choice = await crossedChoice(db, ctx, partyId, opts);
      await acceptInvitation(db, ctx, crossed.id, choice, { partyId, mail: deps });
      return { connected: true };
    }
    const requested = db.transaction(async (tx) => {
      const party = await lockParty(tx, ctx.companyId, partyId);
      if (!party) throw partyNotFound();
      const receiverId = connectTarget(party, ctx, opts, now);
      if (opts.orgUnitId && !(await findOrgUnitOfCompany(tx, ctx.companyId, opts.orgUnitId))) {
        throw badRequest(connectionMessages.unknownProfiles, 'validation_failed', {
          orgUnitId: connectionMessages.unknownProfiles,
        });
      }
      let orgUnitId = opts.orgUnitId ?? null;
      if (opts.newProfile) {
        const unit = await insertOrgUnit(tx, ctx.companyId, toOrgUnitValues(opts.newProfile));
        await replaceOrgUnitUsers(tx, ctx.companyId, unit.id, [...new Set(opts.newProfile.users)]);
        await addPartyOrgUnit(tx, ctx.companyId, partyId, unit.id);
        orgUnitId = unit.id;
      }
      await supersedeInvitationsOfParty(tx, ctx.companyId, partyId);
      await updateParty(tx, ctx.companyId, partyId, {
        isInviteSent: true,
        inviteSentAt: now,
        connectionRequestedAt: now,
        suggestedCompanyId: receiverId,
        connectedCompanyId: null,
        isDisconnected: false,
        ...clearedOutcome,
      });
      const invitation = await insertInvitation(tx, {
        token: newToken(),
        kind: 'connectionRequest',
        senderCompanyId: ctx.companyId,
        senderUserId: ctx.userId,
        senderPartyId: partyId,
        senderPartyTypeOfReceiverCompany: party.partyTypeId,
        senderOrgUnitId: orgUnitId,
        receiverCompanyId: receiverId,
        registeredAt: now,
        expiresAt: inviteExpiresAt(now),
      });
      await refreshMatchesOfCompanyFor(tx, ctx.companyId, receiverId);
      await announceToCompanies(tx, {
        type: 'connection',
        companyIds: [ctx.companyId, receiverId],
        change: 'requested',
      });
      return { invitationId: invitation.id, receiverId };
    });
    const { invitationId, receiverId } = await requested.catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        orgUnitMessages.codeTaken(await findOrgUnitTerm(db, ctx.companyId)),
        'code_taken',
      );
    });
    const sender = await findCompany(db, ctx.companyId);
    const adminIds = await notifyAdministrators(db, {
      companyId: receiverId,
      sourceCompanyId: ctx.companyId,
      title: 'Received invitation',
      message: `${sender?.name ?? 'A company'} wants to connect with you on Flowline.`,
      invitationId,
    });
    // The request stands without the mail; the notification already told the administrators.
    await mailUsers(
      db,
      deps.mailer,
      adminIds,
      (firstName) =>
        connectionRequestMail({
          publicUrl: deps.publicUrl,
          requestingCompanyName: sender?.name ?? '',
          firstName,
        }),
      {
        title: `${sender?.name ?? 'A company'} wants to connect with you`,
        link: `${deps.publicUrl}/admin/invitations`,
      },
    ).catch(() => undefined);
    return { connected: false };
  });
}

/**
 * Disconnect is permanent for this record. With deleteRelationship the other company's record
 * for us loses its link too, and its Administrators are told.
 */
export async function disconnectParty(
  deps: Deps,
  ctx: TenantContext,
  partyId: number,
  deleteRelationship: boolean,
) {
  // Row-level security escape: disconnecting may unlink the other company's record of us.
  return withoutTenantScope(async () => {
    assertAdministrator(ctx);
    const { db } = deps;
    const otherId = await db.transaction(async (tx) => {
      const party = await lockParty(tx, ctx.companyId, partyId);
      if (!party) throw partyNotFound();
      if (party.isDisconnected)
        throw conflict('This connection is already disconnected', 'disconnected');
      await updateParty(tx, ctx.companyId, partyId, { isDisconnected: true, isInviteSent: false });
      // Open connection lists refresh: ours, and the other company's when its record is unlinked.
      const other = deleteRelationship ? party.connectedCompanyId : null;
      await announceToCompanies(tx, {
        type: 'connection',
        companyIds: other === null ? [ctx.companyId] : [ctx.companyId, other],
        change: 'removed',
      });
      return party.connectedCompanyId;
    });
    if (otherId === null) return;
    // Another connection for the company parted from may be offered as a match again.
    await refreshMatchesOfCompanyFor(db, ctx.companyId, otherId);
    if (!deleteRelationship) return;
    await unlinkOtherSide(deps, ctx, otherId);
    await refreshMatchesOfCompanyFor(db, otherId, ctx.companyId);
  });
}

async function unlinkOtherSide(deps: Deps, ctx: TenantContext, otherCompanyId: number) {
  const { db } = deps;
  const count = await unsafeUnlinkPartiesConnectedTo(db, otherCompanyId, ctx.companyId);
  if (count === 0) return;
  const me = await findCompany(db, ctx.companyId);
  const notice = {
    title: 'Connection removed',
    message: `${me?.name ?? 'A company'} disconnected from you.`,
  };
  const adminIds = await notifyAdministrators(db, {
    companyId: otherCompanyId,
    sourceCompanyId: ctx.companyId,
    ...notice,
    invitationId: null,
  });
  // The disconnection stands without the mail; the notification already told the Administrators.
  await mailConnectionNotice(deps, adminIds, notice).catch(() => undefined);
}

/** Resend Invite: a connection request again when the connection is on the network, else the e-mail invite. */
export async function resendInvitation(
  deps: Deps,
  ctx: TenantContext,
  input: { senderPartyIdOfReceiverCompany: number; receiverEmail: string },
) {
  assertAdministrator(ctx);
  const party = await findParty(deps.db, ctx.companyId, input.senderPartyIdOfReceiverCompany);
  if (!party) throw partyNotFound();
  if (party.suggestedCompanyId !== null && party.connectedCompanyId === null) {
    await connectParty(deps, ctx, party.id, {});
    return;
  }
  return inviteParty(deps, ctx, party.id, input.receiverEmail);
}
