import { Role, UserType, type RoleId, type UserTypeId } from '../ids';

/** Who the user is in the selected company: enough to decide what they may do. */
export interface Membership {
  roles: readonly number[];
  userType: number;
}

export function isAdministrator(m: Membership): boolean {
  return m.roles.includes(Role.Administrator);
}

/** ReadOnly users never change data: only a ReadOnly-only membership is read-only. */
export function isReadOnlyMember(m: Membership): boolean {
  return !m.roles.some((r) => r === Role.Administrator || r === Role.User || r === Role.Processor);
}

export function canChangeData(m: Membership): boolean {
  return !isReadOnlyMember(m);
}

export function isGlobalUser(userType: number): boolean {
  return userType === (UserType.Global satisfies UserTypeId);
}

/** 'Edit my Profile' is hidden for Global users (spec 2 §2.2). */
export function canEditOwnProfile(userType: number): boolean {
  return !isGlobalUser(userType);
}

export function mainRoleOf(roles: readonly number[]): RoleId | null {
  const first = roles[0];
  return first === 1 || first === 2 || first === 3 || first === 11 ? first : null;
}

/**
 * What each role offered in user administration may do (issue 27 item 27), as the code enforces
 * it: Processor has the built-in User role's rights (`isReadOnlyMember`, `canChangeData`), the
 * administrator-only calls are refused to everyone but Administrators (docs/profiles-and-users.md).
 */
export const roleDescriptions: Record<RoleId, string> = {
  1: 'Everything a Processor may do, plus administering the company: users, profiles, connections and invitations, logo and legal documents, ACH forms, coding rules and API keys.',
  2: 'Works with documents: upload, edit, code, send, approve, reject, pay, sign and return them, and chat. No administration.',
  3: 'Sees the documents and lists of the company, but cannot change, send, approve, pay or sign anything.',
  11: 'Works with documents: upload, edit, code, send, approve, reject, pay, sign and return them, and chat. No administration.',
};

/** Rights add up across a member's roles. */
export const additionalRolesHelp =
  'Rights add up: the member may do whatever any of their roles allows.';
