import { UserType, type AdminUser } from '@flowline/shared';
import type { MembershipInvitationRow } from '../membership-invitations/repository';
import type { Member } from './admin-repository';

export function presentAdminUser(
  member: Member,
  extra: {
    roles: { roleId: number; isMain: boolean }[];
    orgUnitIds: number[];
    isTemporaryPassword: boolean;
    invitationPending: boolean;
    pendingEmailAddress: string | null;
  },
): AdminUser {
  const { user } = member;
  const main = extra.roles.find((r) => r.isMain)?.roleId ?? null;
  return {
    id: user.id,
    emailAddress: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    title: user.title,
    phoneNumber: user.phoneNumber,
    isActive: member.isActive,
    blocked: member.blocked,
    mainRole: main,
    additionalRoles: extra.roles.filter((r) => !r.isMain).map((r) => r.roleId),
    userRoles: extra.roles.map((r) => ({ roleId: r.roleId, userId: user.id })),
    userOrgUnitIds: extra.orgUnitIds,
    userType: user.userTypeId,
    isTemporaryPassword: extra.isTemporaryPassword,
    invitationPending: extra.invitationPending,
    pendingEmailAddress: extra.pendingEmailAddress,
  };
}

/**
 * A pending membership as the inviting company sees it: only what its Administrator typed, shaped
 * exactly like a newly created user who has not signed in yet (nothing tells the two apart).
 */
export function presentInvitedUser(invitation: MembershipInvitationRow): AdminUser {
  const roles = [invitation.mainRole, ...invitation.additionalRoles];
  return {
    id: invitation.id,
    emailAddress: invitation.emailAddress,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    title: invitation.title,
    phoneNumber: invitation.phoneNumber,
    isActive: invitation.isActive,
    blocked: invitation.blocked,
    mainRole: invitation.mainRole,
    additionalRoles: invitation.additionalRoles,
    userRoles: roles.map((roleId) => ({ roleId, userId: invitation.id })),
    userOrgUnitIds: invitation.orgUnitIds,
    userType: UserType.Regular,
    // As for a person created with a temporary password who has not signed in yet.
    isTemporaryPassword: true,
    invitationPending: true,
    pendingEmailAddress: null,
  };
}
