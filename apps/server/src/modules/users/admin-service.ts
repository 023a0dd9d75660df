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
import {
  closeInvitation,
  findPendingForCompany,
  updatePendingInvitation,
  type MembershipInvitationRow,
} from '../membership-invitations/repository';
import { findOrgUnitTerm } from '../org-units/repository';
import { diffFields, recordAdminChange, rolesForAudit } from '../admin-audit/record';
import { presentAdminUser, presentInvitedUser } from './admin-presenter';
import {
  countMembershipsElsewhere,
  countOtherActiveAdministrators,
  deleteMembership,
  findCompanyOrgUnitIds,
  findMember,
  findMemberOrgUnitIds,
  findMemberPage,
  findMemberRoles,
  isMemberNotJoined,
  lockCompany,
  replaceMemberOrgUnits,
  replaceMemberRoles,
  updateMembership,
  updateUserDetails,
  type Member,
  type MemberPageQuery,
} from './admin-repository';
import { findPendingEmailChange, requestEmailChange, type EmailChangeDeps } from './email-change';
import { findUserById, hasTemporaryPassword } from './repository';

export const userNotFound = () => notFound('User not found', 'user_not_found');

export async function listMembers(
  db: Db,
  ctx: TenantContext,
  q: MemberPageQuery,
): Promise<AdminUserPage> {
  assertAdministrator(ctx);
  return findMemberPage(db, ctx.companyId, q);
}

/** A member, or a pending membership invitation of the company (ids never overlap). */
type Person =
  { kind: 'member'; member: Member } | { kind: 'invited'; invitation: MembershipInvitationRow };

async function requirePerson(db: Db, ctx: TenantContext, id: number): Promise<Person> {
  const member = await findMember(db, ctx.companyId, id);
  if (member) return { kind: 'member', member };
  const invitation = await findPendingForCompany(db, ctx.companyId, id);
  if (invitation) return { kind: 'invited', invitation };
  throw userNotFound();
}

export async function getMember(db: Db, ctx: TenantContext, userId: number): Promise<AdminUser> {
  assertAdministrator(ctx);
  const person = await requirePerson(db, ctx, userId);
  if (person.kind === 'invited') return presentInvitedUser(person.invitation);
  const { member } = person;
  const [roles, orgUnitIds, isTemporaryPassword, invitationPending, pendingEmailAddress] =
    await Promise.all([
      findMemberRoles(db, ctx.companyId, userId),
      findMemberOrgUnitIds(db, ctx.companyId, userId),
      hasTemporaryPassword(db, member.user),
      isMemberNotJoined(db, userId),
      findPendingEmailChange(db, userId),
    ]);
  return presentAdminUser(member, {
    roles,
    orgUnitIds,
    isTemporaryPassword,
    invitationPending,
    pendingEmailAddress,
  });
}

export async function getMemberRoles(
  db: Db,
  ctx: TenantContext,
  userId: number,
): Promise<UserRole[]> {
  assertAdministrator(ctx);
  const person = await requirePerson(db, ctx, userId);
  if (person.kind === 'invited') {
    const { mainRole, additionalRoles } = person.invitation;
    return [
      { roleId: mainRole, isMain: true },
      ...additionalRoles.map((roleId) => ({ roleId, isMain: false })),
    ];
  }
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
  const person = await requirePerson(db, ctx, userId);
  const orgUnitIds = await assertMemberOrgUnits(db, ctx, input.userOrgUnitIds);
  const roles = membershipRolesOf(input);
  if (person.kind === 'invited') {
    // Until the person accepts, the invitation holds what the company typed; it may edit that.
    const inv = person.invitation;
    const next = {
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title?.trim() || null,
      phoneNumber: input.phoneNumber?.trim() || null,
      isActive: input.isActive,
      mainRole: input.mainRole,
      additionalRoles: roles.filter((r) => !r.isMain).map((r) => r.roleId),
      orgUnitIds,
    };
    await db.transaction(async (tx) => {
      await updatePendingInvitation(tx, ctx.companyId, userId, next);
      const rolesOf = (main: number, extra: number[]) =>
        rolesForAudit([
          { roleId: main, isMain: true },
          ...extra.map((roleId) => ({ roleId, isMain: false })),
        ]);
      const changes = diffFields(
        {
          ...inv,
          ...rolesOf(inv.mainRole, inv.additionalRoles),
          orgUnitIds: [...inv.orgUnitIds].sort(),
        },
        {
          ...next,
          ...rolesOf(next.mainRole, next.additionalRoles),
          orgUnitIds: [...orgUnitIds].sort(),
        },
        [
          'firstName',
          'lastName',
          'title',
          'phoneNumber',
          'isActive',
          'mainRole',
          'additionalRoles',
          'orgUnitIds',
        ],
      );
      if (changes.length === 0) return;
      await recordAdminChange(tx, ctx, {
        action: 'membership.invitation_updated',
        entityType: 'membership_invitation',
        entityId: userId,
        summary: `Changed the invitation of ${inv.firstName} ${inv.lastName} (${inv.emailAddress})`,
        changes,
      });
    });
    return getMember(db, ctx, userId);
  }
  const { member } = person;
  // Roles, profiles and the active flag are the company's; the identity only when it owns it.
  if (identityChanged(member.user, input)) await assertIdentityOwnedByCompany(db, ctx, userId);
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
    // One query at a time: a transaction's client runs them in turn anyway.
    const oldRoles = await findMemberRoles(tx, ctx.companyId, userId);
    const oldOrgUnitIds = await findMemberOrgUnitIds(tx, ctx.companyId, userId);
    await replaceMemberRoles(tx, ctx.companyId, userId, roles);
    await replaceMemberOrgUnits(tx, ctx.companyId, userId, orgUnitIds);
    const u = member.user;
    const roleChanges = diffFields(rolesForAudit(oldRoles), rolesForAudit(roles), [
      'mainRole',
      'additionalRoles',
    ]);
    const changes = [
      ...diffFields(
        {
          firstName: u.firstName,
          lastName: u.lastName,
          title: u.title ?? null,
          phoneNumber: u.phoneNumber ?? null,
          isActive: member.isActive,
        },
        {
          firstName: input.firstName,
          lastName: input.lastName,
          title: input.title?.trim() || null,
          phoneNumber: input.phoneNumber?.trim() || null,
          isActive: input.isActive,
        },
        ['firstName', 'lastName', 'title', 'phoneNumber', 'isActive'],
      ),
      ...roleChanges,
      ...diffFields(
        { orgUnitIds: [...oldOrgUnitIds].sort((a, b) => a - b) },
        { orgUnitIds: [...orgUnitIds].sort((a, b) => a - b) },
        ['orgUnitIds'],
      ),
    ];
    if (changes.length === 0) return;
    await recordAdminChange(tx, ctx, {
      action: roleChanges.length ? 'user.roles_changed' : 'user.updated',
      entityType: 'user',
      entityId: userId,
      summary: `${roleChanges.length ? 'Changed the roles of' : 'Changed'} ${u.firstName} ${u.lastName} (${u.emailAddress})`,
      changes,
    });
  });
  return getMember(db, ctx, userId);
}

/** Removes the user from this company only; the person keeps their other companies. */
export async function removeMember(db: Db, ctx: TenantContext, userId: number) {
  assertAdministrator(ctx);
  if (userId === ctx.userId)
    throw badRequest(adminUserMessages.notYourselfDelete, 'cannot_delete_self');
  const person = await requirePerson(db, ctx, userId);
  if (person.kind === 'invited') {
    const inv = person.invitation;
    return db.transaction(async (tx) => {
      await closeInvitation(tx, userId, 'revoked');
      await recordAdminChange(tx, ctx, {
        action: 'membership.invitation_revoked',
        entityType: 'membership_invitation',
        entityId: userId,
        summary: `Withdrew the invitation of ${inv.firstName} ${inv.lastName} (${inv.emailAddress})`,
        changes: [{ field: 'status', old: 'pending', new: 'revoked' }],
      });
    });
  }
  const { member } = person;
  await db.transaction(async (tx) => {
    const before = await stateOf(tx, ctx, member);
    await assertKeepsAnAdministrator(tx, ctx, userId, before, null);
    const oldRoles = await findMemberRoles(tx, ctx.companyId, userId);
    await deleteMembership(tx, ctx.companyId, userId);
    const u = member.user;
    await recordAdminChange(tx, ctx, {
      action: 'membership.removed',
      entityType: 'user',
      entityId: userId,
      summary: `Removed ${u.firstName} ${u.lastName} (${u.emailAddress}) from the company`,
      changes: [
        ...Object.entries(rolesForAudit(oldRoles)).map(([field, value]) => ({
          field,
          old: value,
          new: null,
        })),
        { field: 'member', old: true, new: false },
      ],
    });
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
  const person = await requirePerson(db, ctx, userId);
  const action = blocked ? 'user.blocked' : 'user.unblocked';
  if (person.kind === 'invited') {
    const inv = person.invitation;
    await db.transaction(async (tx) => {
      await updatePendingInvitation(tx, ctx.companyId, userId, { blocked });
      if (inv.blocked === blocked) return;
      await recordAdminChange(tx, ctx, {
        action,
        entityType: 'membership_invitation',
        entityId: userId,
        summary: `${blocked ? 'Blocked' : 'Unblocked'} ${inv.firstName} ${inv.lastName} (${inv.emailAddress})`,
        changes: [{ field: 'blocked', old: inv.blocked, new: blocked }],
      });
    });
    return getMember(db, ctx, userId);
  }
  const { member } = person;
  await db.transaction(async (tx) => {
    const before = await stateOf(tx, ctx, member);
    await assertKeepsAnAdministrator(tx, ctx, userId, before, { ...before, blocked });
    await updateMembership(tx, ctx.companyId, userId, { blocked });
    if (member.blocked === blocked) return;
    const u = member.user;
    await recordAdminChange(tx, ctx, {
      action,
      entityType: 'user',
      entityId: userId,
      summary: `${blocked ? 'Blocked' : 'Unblocked'} ${u.firstName} ${u.lastName} (${u.emailAddress})`,
      changes: [{ field: 'blocked', old: member.blocked, new: blocked }],
    });
  });
  return getMember(db, ctx, userId);
}

const notJoinedYet = () => conflict(adminUserMessages.notJoinedYet, 'not_joined_yet');

/**
 * A new sign-in e-mail for a person whose identity the company owns: a confirmation link goes to
 * the new address and a notice to the old one; the change happens when the link is opened.
 */
export async function changeMemberEmail(
  db: Db,
  ctx: TenantContext,
  userId: number,
  email: string,
  deps: EmailChangeDeps,
) {
  assertAdministrator(ctx);
  const person = await requirePerson(db, ctx, userId);
  // Someone who has not joined yet (new or already known elsewhere) is re-added instead.
  if (person.kind === 'invited' || (await isMemberNotJoined(db, userId))) throw notJoinedYet();
  const { member } = person;
  await assertIdentityOwnedByCompany(db, ctx, userId);
  const admin = await findUserById(db, ctx.userId);
  const requestedBy = {
    userId: ctx.userId,
    name: admin
      ? `${admin.firstName} ${admin.lastName}, your company administrator,`
      : 'Your administrator',
  };
  const u = member.user;
  await requestEmailChange(db, u, email, requestedBy, deps, (tx, next) =>
    recordAdminChange(tx, ctx, {
      action: 'user.email_change_requested',
      entityType: 'user',
      entityId: userId,
      summary: `Asked to change the sign-in e-mail of ${u.firstName} ${u.lastName} (confirmed by a link sent to the new address)`,
      changes: [{ field: 'emailAddress', old: u.emailAddress, new: next }],
    }),
  );
  return getMember(db, ctx, userId);
}
