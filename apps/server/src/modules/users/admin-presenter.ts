import type { AdminUser } from '@flowline/shared';
import type { Member } from './admin-repository';

export function presentAdminUser(
  member: Member,
  extra: {
    roles: { roleId: number; isMain: boolean }[];
    orgUnitIds: number[];
    isTemporaryPassword: boolean;
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
  };
}
