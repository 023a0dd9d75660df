import { membershipInvitationMessages, type MembershipInvitation } from '@flowline/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { UserRow } from '../users/repository';
import {
  findCompanyOrgUnitIds,
  findCompanyName,
  findMember,
  insertMembership,
  replaceMemberOrgUnits,
  replaceMemberRoles,
  updateMembership,
} from '../users/admin-repository';
import { insertNotification } from '../notifications/repository';
import { recordAdminChange, rolesForAudit } from '../admin-audit/record';
import { closeInvitation, listPendingForUser, lockPendingForUser } from './repository';

const invitationGone = () =>
  notFound(membershipInvitationMessages.notFound, 'membership_invitation_not_found');

export async function listMyInvitations(db: Db, user: UserRow): Promise<MembershipInvitation[]> {
  const rows = await listPendingForUser(db, user.id);
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    invitedBy: r.inviterFirstName
      ? `${r.inviterFirstName} ${r.inviterLastName ?? ''}`.trim()
      : null,
    mainRole: r.mainRole,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The person joins the company with the roles and profiles the company chose (profiles deleted
 * since are skipped), in one transaction; the inviting Administrator is told.
 */
export async function acceptInvitation(db: Db, user: UserRow, id: number) {
  const result = await db.transaction(async (tx) => {
    const invitation = await lockPendingForUser(tx, user.id, id);
    if (!invitation) throw invitationGone();
    const { companyId } = invitation;
    if (!(await findMember(tx, companyId, user.id))) {
      await insertMembership(tx, companyId, user.id, invitation.isActive);
      if (invitation.blocked) await updateMembership(tx, companyId, user.id, { blocked: true });
      await replaceMemberRoles(tx, companyId, user.id, [
        { roleId: invitation.mainRole, isMain: true },
        ...invitation.additionalRoles.map((roleId) => ({ roleId, isMain: false })),
      ]);
      const stillThere = await findCompanyOrgUnitIds(tx, companyId, invitation.orgUnitIds);
      await replaceMemberOrgUnits(tx, companyId, user.id, [...stillThere]);
    }
    await closeInvitation(tx, id, 'accepted');
    await recordAdminChange(
      tx,
      { companyId, userId: user.id, userType: user.userTypeId, roles: [] },
      {
        action: 'membership.accepted',
        entityType: 'user',
        entityId: user.id,
        summary: `${user.firstName} ${user.lastName} (${user.emailAddress}) accepted the invitation and joined`,
        changes: [
          { field: 'member', old: false, new: true },
          ...Object.entries(
            rolesForAudit([
              { roleId: invitation.mainRole, isMain: true },
              ...invitation.additionalRoles.map((roleId) => ({ roleId, isMain: false })),
            ]),
          ).map(([field, value]) => ({ field, old: null, new: value })),
        ],
      },
    );
    const inviter = invitation.invitedByUserId
      ? await findMember(tx, companyId, invitation.invitedByUserId)
      : null;
    if (inviter) {
      await insertNotification(tx, {
        companyId,
        userId: inviter.user.id,
        title: 'Invitation accepted',
        message: `${user.firstName} ${user.lastName} (${user.emailAddress}) accepted the invitation and joined the company.`,
      });
    }
    return { companyId, companyName: await findCompanyName(tx, companyId) };
  });
  return { ...result, message: membershipInvitationMessages.accepted(result.companyName) };
}

/** Declining tells the company nothing: the entry simply leaves its user list. */
export async function declineInvitation(db: Db, user: UserRow, id: number) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingForUser(tx, user.id, id);
    if (!invitation) throw invitationGone();
    await closeInvitation(tx, id, 'declined');
  });
}
