import type { CurrentUser } from '@flowline/shared';
import { mainRoleOf } from '@flowline/shared';
import type { CompanyOfUser } from '../companies/membership-repository';
import type { UserRow } from './repository';

export function presentCurrentUser(
  user: UserRow,
  extra: {
    companies: CompanyOfUser[];
    roles: number[];
    isTemporaryPassword: boolean;
    showWelcomeMessage: boolean;
  },
): CurrentUser {
  return {
    id: user.id,
    externalId: user.externalId,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    emailAddress: user.emailAddress,
    title: user.title,
    userType: user.userTypeId,
    isTemporaryPassword: extra.isTemporaryPassword,
    roles: extra.roles,
    mainRole: mainRoleOf(extra.roles),
    showWelcomeMessage: extra.showWelcomeMessage,
    companies: extra.companies,
  };
}
