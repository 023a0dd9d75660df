import { z } from 'zod';
import { Role, assignableRoleIds } from '../ids';
import { messages } from './common';
import { USER_NAME_MAX, USER_PHONE_MAX, USER_TITLE_MAX, maxLengthMessage } from './preferences';

/** The 409 code for an e-mail that exists in another company under a different name (spec 3 §8). */
export const USER_EXISTS_IN_OTHER_COMPANY_CODE = '120-020';

/** Spec 3 §5 User and §8; the last-Administrator and self-action messages are ours. */
export const adminUserMessages = {
  existsInOtherCompany:
    'The user you are attempting to create already exists in another company with a different name. Please revise the name and try again. If you continue to have issues, please contact support who can assist you further.',
  emailExists: 'User with the same email already exist.',
  deleteFailed: 'Error deleting the user. Please contact support.',
  deleted: 'User Deleted',
  created: 'User Created',
  saved: 'User Saved',
  emailChanged: 'User email address changed',
  blocked: 'User Blocked',
  unblocked: 'User Unblocked',
  emailMustDiffer: 'Must be a valid e-mail and different from existing email',
  atLeastOneOrgUnit: (term: string) => `You must select at least 1 ${term}`,
  roleNotOffered: 'Only the Administrator, ReadOnly and Processor roles can be assigned',
  lastAdministrator:
    'This user is the last active Administrator of the company. Make another user an Administrator first.',
  notYourselfDelete: 'You cannot delete your own user.',
  notYourselfBlock: 'You cannot block your own user.',
  unknownOrgUnits: 'Only profiles of this company can be selected',
  /** The list's state of someone who has not joined yet (new e-mail or known person alike). */
  invitationPending: 'Invitation pending',
  notJoinedYet:
    'This person has not joined the company yet. Delete the invitation and add them again with the right e-mail address.',
  emailChangeRequested: (email: string) =>
    `A confirmation link was sent to ${email}. The e-mail address changes when it is confirmed.`,
} as const;

export const zAssignableRole = z.literal(assignableRoleIds, {
  error: adminUserMessages.roleNotOffered,
});

const name = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(USER_NAME_MAX, maxLengthMessage(USER_NAME_MAX));

export const zEmailAddress = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, maxLengthMessage(254))
  .pipe(z.email(messages.validEmail));

const zIdArray = z.array(z.number().int().positive()).max(10000);

/** PUT /users/{id}: everything an Administrator edits except the e-mail. */
export const zUpdateUserInput = z.object({
  firstName: name,
  lastName: name,
  title: z.string().trim().max(USER_TITLE_MAX, maxLengthMessage(USER_TITLE_MAX)).nullish(),
  phoneNumber: z.string().trim().max(USER_PHONE_MAX, maxLengthMessage(USER_PHONE_MAX)).nullish(),
  /** Spec 3 §3: a new user's main role is ReadOnly by default. */
  mainRole: zAssignableRole.default(Role.ReadOnly),
  additionalRoles: z.array(zAssignableRole).max(3).default([]),
  /**
   * At least one is required; the server checks it with the company's own word for a profile,
   * so the message reads 'You must select at least 1 {term}'.
   */
  userOrgUnitIds: zIdArray.default([]),
  isActive: z.boolean().default(true),
});
export type UpdateUserInput = z.output<typeof zUpdateUserInput>;

/** POST /users. */
export const zCreateUserInput = zUpdateUserInput.extend({ emailAddress: zEmailAddress });
export type CreateUserInput = z.output<typeof zCreateUserInput>;

/** The user form (create and edit): the API body plus the profile rule in the company's term. */
export function userFormSchema(orgUnitTerm: string) {
  return zCreateUserInput.extend({
    userOrgUnitIds: zIdArray.min(1, adminUserMessages.atLeastOneOrgUnit(orgUnitTerm)),
  });
}
export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;
export type UserFormOutput = z.output<ReturnType<typeof userFormSchema>>;

/** POST /users/{id}/emailaddress. */
export const zChangeEmailInput = z.object({
  emailAddress: z
    .string({ error: adminUserMessages.emailMustDiffer })
    .trim()
    .max(254, maxLengthMessage(254))
    .pipe(z.email(adminUserMessages.emailMustDiffer)),
});
export type ChangeEmailInput = z.infer<typeof zChangeEmailInput>;

/** The change-email dialog: valid, and different from the current address (case aside). */
export function changeEmailFormSchema(currentEmail: string) {
  return zChangeEmailInput.refine(
    (v) => v.emailAddress.toLowerCase() !== currentEmail.trim().toLowerCase(),
    { path: ['emailAddress'], message: adminUserMessages.emailMustDiffer },
  );
}

export const zAdminUserListItem = z.object({
  id: z.number().int(),
  /** Added but not joined yet: a new person who has never signed in, or a pending membership. */
  invitationPending: z.boolean(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  blocked: z.boolean(),
  mainRole: z.number().int().nullable(),
});
export type AdminUserListItem = z.infer<typeof zAdminUserListItem>;

export const zAdminUserPage = z.object({
  items: z.array(zAdminUserListItem),
  totalRecords: z.number().int(),
});
export type AdminUserPage = z.infer<typeof zAdminUserPage>;

export const adminUserOrderByFields = ['email', 'firstName', 'lastName', 'isActive'] as const;
export type AdminUserOrderBy = (typeof adminUserOrderByFields)[number];

/** GET /users/exchange. */
export const zAdminUserListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(25),
  query: z.string().trim().max(255).optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  orderBy: z.enum(adminUserOrderByFields).default('email'),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
});
/** What a client asks for (booleans travel as text in the query string). */
export interface AdminUserListQuery {
  page?: number;
  pageSize?: number;
  query?: string;
  isActive?: boolean;
  orderBy?: AdminUserOrderBy;
  orderByDirection?: 'asc' | 'desc';
}

export const zUserRole = z.object({ roleId: z.number().int(), isMain: z.boolean() });
export type UserRole = z.infer<typeof zUserRole>;

/** GET /users/{id}: a member of the selected company as user administration edits them. */
export const zAdminUser = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  blocked: z.boolean(),
  mainRole: z.number().int().nullable(),
  additionalRoles: z.array(z.number().int()),
  userRoles: z.array(z.object({ roleId: z.number().int(), userId: z.number().int() })),
  userOrgUnitIds: z.array(z.number().int()),
  userType: z.number().int(),
  isTemporaryPassword: z.boolean(),
  invitationPending: z.boolean(),
  /** A requested sign-in e-mail change waiting for the new address to confirm it. */
  pendingEmailAddress: z.string().nullable(),
});
export type AdminUser = z.infer<typeof zAdminUser>;
