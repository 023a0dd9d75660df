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
