import {
  Role,
  adminUserMessages,
  type AdminUser,
  type AdminUserPage,
  type UpdateUserInput,
  type UserRole,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { findOrgUnitTerm } from '../org-units/repository';
import { isUniqueViolation } from '../org-units/unique-violation';
import { presentAdminUser } from './admin-presenter';
import {
  countMembershipsElsewhere,
  countOtherActiveAdministrators,
  deleteMembership,
  findCompanyOrgUnitIds,
  findMember,
  findMemberOrgUnitIds,
  findMemberPage,
  findMemberRoles,
  lockCompany,
  replaceMemberOrgUnits,
  replaceMemberRoles,
  unsafeFindUserByEmail,
  updateEmail,
  updateMembership,
  updateUserDetails,
  type Member,
  type MemberPageQuery,
} from './admin-repository';
import { hasTemporaryPassword } from './repository';

export const userNotFound = () => notFound('User not found', 'user_not_found');

export async function listMembers(
  db: Db,
  ctx: TenantContext,
  q: MemberPageQuery,
): Promise<AdminUserPage> {
  assertAdministrator(ctx);
  return findMemberPage(db, ctx.companyId, q);
}

async function requireMember(db: Db, ctx: TenantContext, userId: number): Promise<Member> {
  const member = await findMember(db, ctx.companyId, userId);
  if (!member) throw userNotFound();
  return member;
}

export async function getMember(db: Db, ctx: TenantContext, userId: number): Promise<AdminUser> {
  assertAdministrator(ctx);
  const member = await requireMember(db, ctx, userId);
  const [roles, orgUnitIds, isTemporaryPassword] = await Promise.all([
    findMemberRoles(db, ctx.companyId, userId),
    findMemberOrgUnitIds(db, ctx.companyId, userId),
    hasTemporaryPassword(db, member.user),
  ]);
  return presentAdminUser(member, { roles, orgUnitIds, isTemporaryPassword });
}

export async function getMemberRoles(
  db: Db,
  ctx: TenantContext,
  userId: number,
): Promise<UserRole[]> {
  assertAdministrator(ctx);
  await requireMember(db, ctx, userId);
  return findMemberRoles(db, ctx.companyId, userId);
}

/** One main role plus distinct additional roles (the main role is never repeated). */
export function membershipRolesOf(input: Pick<UpdateUserInput, 'mainRole' | 'additionalRoles'>) {
  const additional = [...new Set(input.additionalRoles)].filter((r) => r !== input.mainRole);
  return [
    { roleId: input.mainRole, isMain: true },
    ...additional.map((roleId) => ({ roleId, isMain: false })),
  ];
}

/** At least one profile, all of them the company's; the message uses the company's term. */
export async function assertMemberOrgUnits(db: Db, ctx: TenantContext, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    const message = adminUserMessages.atLeastOneOrgUnit(await findOrgUnitTerm(db, ctx.companyId));
    throw badRequest(message, 'validation_failed', { userOrgUnitIds: message });
  }
  const known = await findCompanyOrgUnitIds(db, ctx.companyId, unique);
  if (known.size !== unique.length) {
    throw badRequest(adminUserMessages.unknownOrgUnits, 'validation_failed', {
      userOrgUnitIds: adminUserMessages.unknownOrgUnits,
    });
  }
  return unique;
}

interface AdminState {
  isActive: boolean;
  blocked: boolean;
  roles: number[];
}
const countsAsAdministrator = (s: AdminState) =>
  s.isActive && !s.blocked && s.roles.includes(Role.Administrator);

/** Call inside a transaction: refuses a change that leaves the company without an active admin. */
async function assertKeepsAnAdministrator(
  tx: Db,
  ctx: TenantContext,
  userId: number,
  before: AdminState,
  after: AdminState | null,
) {
  if (!countsAsAdministrator(before) || (after && countsAsAdministrator(after))) return;
  await lockCompany(tx, ctx.companyId);
  if ((await countOtherActiveAdministrators(tx, ctx.companyId, userId)) === 0) {
    throw conflict(adminUserMessages.lastAdministrator, 'last_administrator');
  }
}

async function stateOf(db: Db, ctx: TenantContext, member: Member): Promise<AdminState> {
  const roles = await findMemberRoles(db, ctx.companyId, member.user.id);
  return { isActive: member.isActive, blocked: member.blocked, roles: roles.map((r) => r.roleId) };
}

const identityNotOwned = () =>
  new AppError(
    403,
    'identity_not_owned',
    'This person also belongs to other companies; they change their own name, title, phone and e-mail from My profile.',
  );

/**
 * A person's identity (sign-in e-mail, names, title, phone) is theirs: an Administrator may change
 * it only for someone whose memberships are all in the Administrator's company (issue 10 item 2).
 */
async function assertIdentityOwnedByCompany(db: Db, ctx: TenantContext, userId: number) {
  if (await countMembershipsElsewhere(db, ctx.companyId, userId)) throw identityNotOwned();
}

const identityChanged = (user: Member['user'], input: UpdateUserInput) =>
  user.firstName !== input.firstName ||
  user.lastName !== input.lastName ||
  (user.title ?? null) !== (input.title?.trim() || null) ||
  (user.phoneNumber ?? null) !== (input.phoneNumber?.trim() || null);

export async function updateMember(
  db: Db,
  ctx: TenantContext,
  userId: number,
  input: UpdateUserInput,
) {
  assertAdministrator(ctx);
  const member = await requireMember(db, ctx, userId);
  // Roles, profiles and the active flag are the company's; the identity only when it owns it.
  if (identityChanged(member.user, input)) await assertIdentityOwnedByCompany(db, ctx, userId);
  const orgUnitIds = await assertMemberOrgUnits(db, ctx, input.userOrgUnitIds);
  const roles = membershipRolesOf(input);
  await db.transaction(async (tx) => {
    const before = await stateOf(tx, ctx, member);
    const after = {
      isActive: input.isActive,
      blocked: member.blocked,
      roles: roles.map((r) => r.roleId),
    };
    await assertKeepsAnAdministrator(tx, ctx, userId, before, after);
    await updateUserDetails(tx, userId, {
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title?.trim() || null,
      phoneNumber: input.phoneNumber?.trim() || null,
    });
    await updateMembership(tx, ctx.companyId, userId, { isActive: input.isActive });
    await replaceMemberRoles(tx, ctx.companyId, userId, roles);
    await replaceMemberOrgUnits(tx, ctx.companyId, userId, orgUnitIds);
  });
  return getMember(db, ctx, userId);
}

/** Removes the user from this company only; the person keeps their other companies. */
export async function removeMember(db: Db, ctx: TenantContext, userId: number) {
  assertAdministrator(ctx);
  if (userId === ctx.userId)
    throw badRequest(adminUserMessages.notYourselfDelete, 'cannot_delete_self');
  const member = await requireMember(db, ctx, userId);
  await db.transaction(async (tx) => {
    await assertKeepsAnAdministrator(tx, ctx, userId, await stateOf(tx, ctx, member), null);
    await deleteMembership(tx, ctx.companyId, userId);
  });
}

/** Blocked members count as non-members: no sign-in to this company, no API calls in it. */
export async function setMemberBlocked(
  db: Db,
  ctx: TenantContext,
  userId: number,
  blocked: boolean,
) {
  assertAdministrator(ctx);
  if (blocked && userId === ctx.userId) {
    throw badRequest(adminUserMessages.notYourselfBlock, 'cannot_block_self');
  }
  const member = await requireMember(db, ctx, userId);
  await db.transaction(async (tx) => {
    const before = await stateOf(tx, ctx, member);
    await assertKeepsAnAdministrator(tx, ctx, userId, before, { ...before, blocked });
    await updateMembership(tx, ctx.companyId, userId, { blocked });
  });
  return getMember(db, ctx, userId);
}

const emailTaken = () => conflict(adminUserMessages.emailExists, 'email_exists');

/** A new e-mail for the person (and their local sign-in account): valid, different and free. */
export async function changeMemberEmail(db: Db, ctx: TenantContext, userId: number, email: string) {
  assertAdministrator(ctx);
  const member = await requireMember(db, ctx, userId);
  await assertIdentityOwnedByCompany(db, ctx, userId);
  const next = email.trim();
  if (next.toLowerCase() === member.user.emailAddress.toLowerCase()) {
    throw badRequest(adminUserMessages.emailMustDiffer, 'validation_failed', {
      emailAddress: adminUserMessages.emailMustDiffer,
    });
  }
  if (await unsafeFindUserByEmail(db, next)) throw emailTaken();
  await db
    .transaction((tx) => updateEmail(tx, userId, member.user.emailAddress, next))
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  return getMember(db, ctx, userId);
}
