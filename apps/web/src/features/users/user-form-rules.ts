import {
  Role,
  USER_EXISTS_IN_OTHER_COMPANY_CODE,
  adminUserMessages,
  assignableRoleIds,
  roleNames,
  type AdminUser,
  type RoleId,
  type RoleOption,
  type UserFormValues,
} from '@flowline/shared';
import { errorMessage, isApiError } from '../../lib/api-error';

export const USER_LIST_PATH = '/admin/users';

/** A new user: active, ReadOnly, no profile yet (spec 3 §3). */
export const newUserValues: UserFormValues = {
  emailAddress: '',
  firstName: '',
  lastName: '',
  title: '',
  phoneNumber: '',
  mainRole: Role.ReadOnly,
  additionalRoles: [],
  userOrgUnitIds: [],
  isActive: true,
};

type Assignable = (typeof assignableRoleIds)[number];
const isAssignable = (role: number): role is Assignable =>
  (assignableRoleIds as readonly number[]).includes(role);

/**
 * The form's values for a stored user. Only roles 1, 3 and 11 are offered; the built-in User role
 * (2) is shown as Processor, the role that means the same here (ids.ts), so saving keeps its rights.
 */
export function userFormValues(user: AdminUser): UserFormValues {
  const offered = (role: number | null): Assignable | null =>
    role === Role.User ? Role.Processor : role !== null && isAssignable(role) ? role : null;
  const mainRole = offered(user.mainRole) ?? Role.ReadOnly;
  const additionalRoles = [
    ...new Set(user.additionalRoles.map(offered).filter((r): r is Assignable => r !== null)),
  ].filter((r) => r !== mainRole);
  return {
    emailAddress: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    title: user.title ?? '',
    phoneNumber: user.phoneNumber ?? '',
    mainRole,
    additionalRoles,
    userOrgUnitIds: user.userOrgUnitIds,
    isActive: user.isActive,
  };
}

/** The roles offered, from GET /lookups/roles when it answered, else the shared list. */
export function roleOptions(fromServer: RoleOption[] | undefined): RoleOption[] {
  const offered = fromServer?.filter((r) => isAssignable(r.id));
  if (offered?.length) return offered;
  return assignableRoleIds.map((id) => ({ id, name: roleNames[id as RoleId] }));
}

/**
 * Spec 3 §8: what a failed user save says. The spec's texts are for the duplicate e-mail and the
 * other-company name mismatch; any other refusal (the last Administrator, a person who belongs to
 * other companies…) shows the server's own reason.
 */
export function userSaveErrorMessage(error: unknown): string {
  if (isApiError(error, 409) && error.code === USER_EXISTS_IN_OTHER_COMPANY_CODE)
    return adminUserMessages.existsInOtherCompany;
  if (isApiError(error, 409) && error.code === 'email_exists') return adminUserMessages.emailExists;
  return errorMessage(error);
}

/** The profiles to offer: active ones, plus inactive ones the user already has. */
export function offeredOrgUnits<T extends { id: number; isActive: boolean }>(
  all: readonly T[],
  chosen: readonly number[],
): T[] {
  return all.filter((o) => o.isActive || chosen.includes(o.id));
}
