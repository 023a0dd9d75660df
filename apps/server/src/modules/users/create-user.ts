import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PRODUCT_NAME,
  UserType,
  adminUserMessages,
  type AdminUser,
  type CreateUserInput,
} from '@flowline/shared';
import type { AppConfig } from '../../config';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import {
  membershipInvitationMail,
  temporaryPasswordMail,
} from '../../platform/mail/templates/index';
import { notifyInEveryCompany } from '../membership-invitations/notify';
import {
  findPendingForCompanyAndUser,
  insertMembershipInvitation,
} from '../membership-invitations/repository';
import { isUniqueViolation } from '../org-units/unique-violation';
import { recordAdminChange, rolesForAudit } from '../admin-audit/record';
import {
  findCompanyName,
  findMember,
  insertIdentityAccount,
  insertMembership,
  insertUser,
  replaceMemberOrgUnits,
  replaceMemberRoles,
  unsafeFindIdentityAccountId,
  unsafeFindUserByEmail,
} from './admin-repository';
import { presentInvitedUser } from './admin-presenter';
import { assertMemberOrgUnits, getMember, membershipRolesOf } from './admin-service';
import { findUserById, type UserRow } from './repository';

export interface CreateUserDeps {
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

// No look-alike characters (0/O, 1/l/I): the password is typed from an e-mail.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A crypto-random temporary password with letters and digits (the password rule's minimum). */
export function generateTemporaryPassword(length = 14): string {
  for (;;) {
    const chars = Array.from({ length }, () => ALPHABET.charAt(crypto.randomInt(ALPHABET.length)));
    const password = chars.join('');
    if (/[a-z]/i.test(password) && /\d/.test(password)) return password;
  }
}

const emailExists = () => conflict(adminUserMessages.emailExists, 'email_exists');

/**
 * POST /users (spec 3 §3, §8). A new e-mail gets a user, a local sign-in account with a temporary
 * password (embedded issuer only) and a membership. An e-mail that already belongs to a person
 * (of another company, or of none) becomes a pending membership instead: the person is asked by
 * e-mail and notification and joins only if they accept (issue 10 item 2). Both answers look the
 * same, so the call does not tell whether an address has a Flowline account.
 */
export async function createMember(
  db: Db,
  ctx: TenantContext,
  input: CreateUserInput,
  deps: CreateUserDeps,
): Promise<AdminUser> {
  assertAdministrator(ctx);
  const orgUnitIds = await assertMemberOrgUnits(db, ctx, input.userOrgUnitIds);
  const email = input.emailAddress.trim();
  const existing = await unsafeFindUserByEmail(db, email);
  if (existing) {
    // Someone this company already has (or has already invited): it knows them, nothing leaks.
    if (await findMember(db, ctx.companyId, existing.id)) throw emailExists();
    if (await findPendingForCompanyAndUser(db, ctx.companyId, existing.id)) throw emailExists();
    return inviteKnownPerson(
      db,
      ctx,
      existing,
      { ...input, emailAddress: email },
      orgUnitIds,
      deps,
    );
  }
  const roles = membershipRolesOf(input);
  // A local account left without a user (e.g. from an unfinished registration) is reused as is.
  const account = await unsafeFindIdentityAccountId(db, email);
  const password = account || !deps.config.oidc.embedded ? null : generateTemporaryPassword();
  const passwordHash = password ? await hashPassword(password) : null;

  const user = await db
    .transaction(async (tx) => {
      const externalId =
        account ?? (passwordHash ? await insertIdentityAccount(tx, email, passwordHash) : null);
      const person = await insertPerson(tx, input, email, externalId);
      await insertMembership(tx, ctx.companyId, person.id, input.isActive);
      await replaceMemberRoles(tx, ctx.companyId, person.id, roles);
      await replaceMemberOrgUnits(tx, ctx.companyId, person.id, orgUnitIds);
      await recordAdminChange(tx, ctx, {
        action: 'user.created',
        entityType: 'user',
        entityId: person.id,
        summary: `Added user ${person.firstName} ${person.lastName} (${email})`,
        changes: [
          { field: 'emailAddress', old: null, new: email },
          { field: 'name', old: null, new: `${person.firstName} ${person.lastName}` },
          ...Object.entries(rolesForAudit(roles)).map(([field, value]) => ({
            field,
            old: null,
            new: value,
          })),
          { field: 'isActive', old: null, new: input.isActive },
          { field: 'profiles', old: null, new: orgUnitIds },
        ],
      });
      return person;
    })
    .catch((error: unknown) => {
      // Another request created the same user or membership first.
      throw isUniqueViolation(error) ? emailExists() : error;
    });

  await sendWelcome(db, ctx, user, password, deps);
  return getMember(db, ctx, user.id);
}

/** The pending membership of a person who already has an identity; see createMember. */
async function inviteKnownPerson(
  db: Db,
  ctx: TenantContext,
  person: UserRow,
  input: CreateUserInput,
  orgUnitIds: number[],
  deps: CreateUserDeps,
): Promise<AdminUser> {
  // The new-user path hashes a password; doing the same work keeps the answer's timing alike.
  if (deps.config.oidc.embedded) await hashPassword(generateTemporaryPassword());
  const roles = membershipRolesOf(input);
  const invitation = await db
    .transaction(async (tx) => {
      const row = await insertMembershipInvitation(tx, {
        companyId: ctx.companyId,
        userId: person.id,
        invitedByUserId: ctx.userId,
        emailAddress: input.emailAddress,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        title: input.title?.trim() || null,
        phoneNumber: input.phoneNumber?.trim() || null,
        isActive: input.isActive,
        mainRole: input.mainRole,
        additionalRoles: roles.filter((r) => !r.isMain).map((r) => r.roleId),
        orgUnitIds,
      });
      await recordAdminChange(tx, ctx, {
        action: 'membership.invited',
        entityType: 'membership_invitation',
        entityId: row.id,
        summary: `Invited ${input.firstName.trim()} ${input.lastName.trim()} (${input.emailAddress}) to join`,
        changes: [
          { field: 'emailAddress', old: null, new: input.emailAddress },
          ...Object.entries(rolesForAudit(roles)).map(([field, value]) => ({
            field,
            old: null,
            new: value,
          })),
          { field: 'profiles', old: null, new: orgUnitIds },
        ],
      });
      return row;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailExists() : error;
    });
  await tellPersonOfInvitation(db, ctx, person, deps);
  return presentInvitedUser(invitation);
}

async function tellPersonOfInvitation(
  db: Db,
  ctx: TenantContext,
  person: UserRow,
  deps: CreateUserDeps,
) {
  const [companyName, inviter] = await Promise.all([
    findCompanyName(db, ctx.companyId),
    findUserById(db, ctx.userId),
  ]);
  const invitedBy = inviter ? `${inviter.firstName} ${inviter.lastName}` : null;
  await notifyInEveryCompany(db, person.id, {
    sourceCompanyId: ctx.companyId,
    title: 'Invitation to join a company',
    message: `${companyName} invites you to join it. Open your invitations to accept or decline.`,
    actionId: 'openMembershipInvitation',
  });
  try {
    await deps.mailer.send({
      to: [person.emailAddress],
      ...membershipInvitationMail({
        publicUrl: deps.config.publicUrl,
        firstName: person.firstName,
        companyName,
        invitedBy,
      }),
    });
  } catch (err) {
    deps.log.error({ err, userId: person.id }, 'membership invitation e-mail not sent');
  }
}

/** With an external issuer there is no local account: the user is bound by e-mail at first sign-in. */
function insertPerson(tx: Db, input: CreateUserInput, email: string, externalId: string | null) {
  return insertUser(tx, {
    externalId,
    emailAddress: email,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    title: input.title?.trim() || null,
    phoneNumber: input.phoneNumber?.trim() || null,
    userTypeId: UserType.Regular,
  });
}

/** The account exists whether or not the mail goes out; a failed send is logged, not returned. */
async function sendWelcome(
  db: Db,
  ctx: TenantContext,
  user: UserRow,
  password: string | null,
  deps: CreateUserDeps,
) {
  const company = await findCompanyName(db, ctx.companyId);
  const url = deps.config.publicUrl;
  const message: MailMessage = password
    ? {
        to: [user.emailAddress],
        ...temporaryPasswordMail({
          publicUrl: url,
          email: user.emailAddress,
          firstName: user.firstName,
          companyName: company,
          temporaryPassword: password,
          reason: 'added-by-administrator',
        }),
      }
    : {
        to: [user.emailAddress],
        subject: `You were added to ${company}`,
        text: [
          `Hello ${user.firstName},`,
          '',
          `You now have access to ${company} on ${PRODUCT_NAME}.`,
          '',
          `Sign in at ${url} with ${user.emailAddress}.`,
        ].join('\n'),
      };
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, userId: user.id }, 'welcome e-mail not sent');
  }
}
