import { describe, expect, it } from 'vitest';
import { Role, changeEmailFormSchema, userFormSchema, type AdminUser } from '@flowline/shared';
import { ApiError } from '../../lib/api-error';
import {
  newUserValues,
  offeredOrgUnits,
  roleOptions,
  userFormValues,
  userSaveErrorMessage,
} from './user-form-rules';

const user: AdminUser = {
  id: 3,
  emailAddress: 'victor@permian.example',
  firstName: 'Victor',
  lastName: 'Ochoa',
  title: null,
  phoneNumber: null,
  isActive: true,
  blocked: false,
  mainRole: Role.User,
  additionalRoles: [Role.ReadOnly, Role.Processor],
  userRoles: [],
  userOrgUnitIds: [4],
  userType: 1,
  isTemporaryPassword: false,
  invitationPending: false,
  pendingEmailAddress: null,
};

describe('user form rules', () => {
  it('creates active ReadOnly users by default', () => {
    expect(newUserValues).toMatchObject({ isActive: true, mainRole: Role.ReadOnly });
  });

  it('shows the built-in User role as Processor and never repeats the main role', () => {
    expect(userFormValues(user)).toMatchObject({
      mainRole: Role.Processor,
      additionalRoles: [Role.ReadOnly],
      title: '',
    });
  });

  it('offers roles 1, 3 and 11, from the server when it answered', () => {
    expect(roleOptions(undefined)).toEqual([
      { id: 1, name: 'Administrator' },
      { id: 3, name: 'ReadOnly' },
      { id: 11, name: 'Processor' },
    ]);
    expect(
      roleOptions([
        { id: 11, name: 'Processor' },
        { id: 2, name: 'User' },
      ]),
    ).toEqual([{ id: 11, name: 'Processor' }]);
  });

  it('words the 409s of spec 3 §8', () => {
    expect(userSaveErrorMessage(new ApiError(409, '120-020', 'x'))).toBe(
      'The user you are attempting to create already exists in another company with a different name. Please revise the name and try again. If you continue to have issues, please contact support who can assist you further.',
    );
    expect(userSaveErrorMessage(new ApiError(409, 'email_exists', 'x'))).toBe(
      'User with the same email already exist.',
    );
    expect(userSaveErrorMessage(new ApiError(400, 'bad', 'Server says no'))).toBe('Server says no');
  });

  it("shows the server's reason for every other refusal (issue 11 item 9)", () => {
    const lastAdmin = 'A company needs at least one active Administrator.';
    expect(userSaveErrorMessage(new ApiError(409, 'last_administrator', lastAdmin))).toBe(
      lastAdmin,
    );
    const shared = 'This person also belongs to other companies; they change their own name.';
    expect(userSaveErrorMessage(new ApiError(403, 'identity_not_owned', shared))).toBe(shared);
  });

  it('requires at least one profile in the company term, and the spec fields', () => {
    const result = userFormSchema('Division').safeParse({ ...newUserValues, emailAddress: 'nope' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      emailAddress: 'Must be a valid email',
      firstName: 'Required',
      lastName: 'Required',
      userOrgUnitIds: 'You must select at least 1 Division',
    });
  });

  it('wants a new e-mail valid and different', () => {
    const schema = changeEmailFormSchema('Victor@permian.example');
    const message = 'Must be a valid e-mail and different from existing email';
    expect(
      schema.safeParse({ emailAddress: 'victor@PERMIAN.example' }).error?.issues[0]?.message,
    ).toBe(message);
    expect(schema.safeParse({ emailAddress: 'nope' }).error?.issues[0]?.message).toBe(message);
    expect(schema.safeParse({ emailAddress: 'v.ochoa@permian.example' }).success).toBe(true);
  });

  it('offers active profiles plus inactive ones already chosen', () => {
    const all = [
      { id: 1, isActive: true },
      { id: 2, isActive: false },
      { id: 3, isActive: false },
    ];
    expect(offeredOrgUnits(all, [3]).map((o) => o.id)).toEqual([1, 3]);
  });
});
