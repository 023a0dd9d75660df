import {
  connectionMessages,
  orgUnitMessages,
  type InvitationAccepted,
  type OrgUnitInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { announceToCompanies } from '../../platform/realtime/hub';
import { badRequest, conflict } from '../../errors';
import {
  findMemberIds,
  findOrgUnitTerm,
  insertOrgUnit,
  isCodeTaken,
  replaceOrgUnitUsers,
} from '../org-units/repository';
import { toOrgUnitValues } from '../org-units/service';
import { isUniqueViolation } from '../org-units/unique-violation';
import { refreshMatchesOfCompanyFor } from '../network/matching';
import { notifyAdministrators } from './notify';
import { mailConnectionNotice } from '../notifications/events';
import type { Mailer } from '../../platform/mail/mailer';
import {
  addPartyOrgUnit,
  clearedOutcome,
  findCompany,
  findOpenParties,
  findOrgUnitOfCompany,
  findOwnPartyType,
  findParty,
  insertParty,
  lockForReceiver,
  lockParty,
  unsafeEndOnboardingWait,
  updateInvitation,
  updateParty,
} from './repository';
import { assertLive, invitationNotFound } from './service';

type ProfileChoice = { orgUnitId: number } | { newProfile: OrgUnitInput };

/** The receiver's connection for the sender: the one named on the invitation, a matching open one, or a new one. */
async function receiverParty(db: Db, ctx: TenantContext, partyId: number | null, senderId: number) {
  const named = partyId === null ? null : await findParty(db, ctx.companyId, partyId);
  if (named && !named.isDisconnected) return named.id;
  const [match] = await findOpenParties(db, ctx.companyId, { suggestedCompanyId: senderId });
  if (match) return match.id;
  const sender = await findCompany(db, senderId);
  if (!sender) throw invitationNotFound();
  const created = await insertParty(db, ctx.companyId, {
    partyTypeId: await findOwnPartyType(db, senderId),
    name: sender.name,
    number: sender.code,
    addressLineOne: sender.addressLineOne,
    city: sender.city,
    state: sender.state,
    country: sender.country,
    zipCode: sender.zipCode,
    taxTypeId: sender.taxIdType,
    taxIdentifier: sender.taxNumber,
  });
  return created.id;
}

/** Checks of a new profile that need the database, before the transaction. */
export async function assertNewProfile(db: Db, ctx: TenantContext, input: OrgUnitInput) {
  const userIds = [...new Set(input.users)];
  if ((await findMemberIds(db, ctx.companyId, userIds)).size !== userIds.length) {
    throw badRequest(orgUnitMessages.unknownUsers, 'validation_failed', {
      users: orgUnitMessages.unknownUsers,
    });
  }
  if (await isCodeTaken(db, ctx.companyId, input.code.trim())) {
    throw conflict(
      orgUnitMessages.codeTaken(await findOrgUnitTerm(db, ctx.companyId)),
      'code_taken',
    );
  }
}

async function chosenProfile(db: Db, ctx: TenantContext, choice: ProfileChoice): Promise<number> {
  if ('orgUnitId' in choice) {
    const unit = await findOrgUnitOfCompany(db, ctx.companyId, choice.orgUnitId);
    if (!unit) {
      throw badRequest(connectionMessages.unknownProfiles, 'validation_failed', {
        orgUnitId: connectionMessages.unknownProfiles,
      });
    }
    return unit.id;
  }
  const unit = await insertOrgUnit(db, ctx.companyId, toOrgUnitValues(choice.newProfile));
  await replaceOrgUnitUsers(db, ctx.companyId, unit.id, [...new Set(choice.newProfile.users)]);
  return unit.id;
}

/**
 * Accept (spec 2 §4.1) in one transaction: the profile (existing or new), the receiver's
 * connection for the sender, both sides pointing at each other, the invitation closed, the
 * sender's Administrators notified. Administrators only.
 */
export async function acceptInvitation(
  db: Db,
  ctx: TenantContext,
  invitationId: number,
  choice: ProfileChoice,
  /** The receiver's own connection for the sender, when it is known (a crossed request). */
  opts: {
    partyId?: number;
    /** To mail the sender's Administrators 'connected' (docs/notifications.md). */
    mail?: { mailer: Mailer; publicUrl: string };
  } = {},
): Promise<InvitationAccepted> {
  // Row-level security escape: accepting writes both companies' connection records.
  return withoutTenantScope(async () => {
    assertAdministrator(ctx);
    if ('newProfile' in choice) await assertNewProfile(db, ctx, choice.newProfile);
    const now = new Date();
    const result = db.transaction(async (tx) => {
      const inv = await lockForReceiver(tx, ctx.companyId, invitationId);
      if (!inv || inv.status === 'deleted') throw invitationNotFound();
      assertLive(inv, now);
      const orgUnitId = await chosenProfile(tx, ctx, choice);
      const partyId =
        opts.partyId ?? (await receiverParty(tx, ctx, inv.receiverPartyId, inv.senderCompanyId));
      await updateParty(tx, ctx.companyId, partyId, {
        connectedCompanyId: inv.senderCompanyId,
        suggestedCompanyId: inv.senderCompanyId,
        isInviteSent: false,
        isDisconnected: false,
        ...clearedOutcome,
      });
      await addPartyOrgUnit(tx, ctx.companyId, partyId, orgUnitId);
      if (
        inv.senderPartyId !== null &&
        (await lockParty(tx, inv.senderCompanyId, inv.senderPartyId))
      ) {
        await updateParty(tx, inv.senderCompanyId, inv.senderPartyId, {
          connectedCompanyId: ctx.companyId,
          suggestedCompanyId: ctx.companyId,
          isInviteSent: false,
          isDisconnected: false,
          ...clearedOutcome,
        });
      }
      // An onboarded company's request answered: its wait ends.
      if (inv.kind === 'connectionRequest') await unsafeEndOnboardingWait(tx, inv.senderCompanyId);
      await updateInvitation(tx, inv.id, {
        status: 'accepted',
        receiverPartyId: partyId,
        actionedAt: now,
        actionedByUserId: ctx.userId,
      });
      const [sender, receiver] = await Promise.all([
        findCompany(tx, inv.senderCompanyId),
        findCompany(tx, ctx.companyId),
      ]);
      const notice = {
        title: 'Invitation accepted',
        message: `${receiver?.name ?? 'A company'} accepted your invitation and is now connected.`,
      };
      const adminIds = await notifyAdministrators(tx, {
        companyId: inv.senderCompanyId,
        sourceCompanyId: ctx.companyId,
        ...notice,
        invitationId: null,
      });
      await refreshMatchesOfCompanyFor(tx, ctx.companyId, inv.senderCompanyId);
      await refreshMatchesOfCompanyFor(tx, inv.senderCompanyId, ctx.companyId);
      await announceToCompanies(tx, {
        type: 'connection',
        companyIds: [ctx.companyId, inv.senderCompanyId],
        change: 'connected',
      });
      const accepted = {
        invitationId: inv.id,
        partyId,
        orgUnitId,
        companyName: sender?.name ?? '',
      };
      return { accepted, adminIds, notice };
    });
    const done = await result.catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        orgUnitMessages.codeTaken(await findOrgUnitTerm(db, ctx.companyId)),
        'code_taken',
      );
    });
    // The connection stands without the mail; the notification already told the Administrators.
    if (opts.mail) {
      await mailConnectionNotice({ db, ...opts.mail }, done.adminIds, done.notice).catch(
        () => undefined,
      );
    }
    return done.accepted;
  });
}
