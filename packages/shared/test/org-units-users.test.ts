import { describe, expect, it } from 'vitest';
import {
  orgUnitTaxIdValid,
  userFormSchema,
  zCreateUserInput,
  zOrgUnitInput,
  zPersonalizationUpdate,
} from '../src/index';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('profile rules (spec 3 §5)', () => {
  const base = { name: 'Midland', code: 'MID' };
  const address = 'Valid address should contain Line one, City, Country, State and Zip/postal code';

  it('needs name and code', () => {
    expect(firstMessages(zOrgUnitInput.safeParse({ name: ' ', code: '' }))).toEqual({
      name: 'Required',
      code: 'Required',
    });
  });

  it('wants each address all or nothing, shown with the other messages', () => {
    const result = zOrgUnitInput.safeParse({
      name: '',
      code: 'X',
      city: 'Midland',
      taxAddressLineOne: '1 Main',
    });
    expect(firstMessages(result)).toEqual({
      name: 'Required',
      addressLineOne: address,
      taxAddressLineOne: address,
    });
    const full = {
      addressLineOne: '1 Main',
      city: 'Midland',
      country: 'US',
      state: 'TX',
      zipCode: '79701',
    };
    expect(zOrgUnitInput.safeParse({ ...base, ...full }).success).toBe(true);
    expect(firstMessages(zOrgUnitInput.safeParse({ ...base, ...full, state: '' }))).toEqual({
      addressLineOne: address,
    });
  });

  it('applies the zip rule of each country', () => {
    const ca = {
      paymentAddressLineOne: '1 Bay St',
      paymentAddressCity: 'Toronto',
      paymentAddressCountry: 'CA',
      paymentAddressState: 'ON',
    };
    expect(
      zOrgUnitInput.safeParse({ ...base, ...ca, paymentAddressZipCode: 'm5j 2n8' }).success,
    ).toBe(true);
    expect(
      firstMessages(zOrgUnitInput.safeParse({ ...base, ...ca, paymentAddressZipCode: '12345' })),
    ).toEqual({
      paymentAddressZipCode: 'Must be a 6 character code arranged in the form ANANAN',
    });
  });

  it('needs a tax type when a number is present, of the main country', () => {
    expect(
      firstMessages(zOrgUnitInput.safeParse({ ...base, taxIdentificationNumber: '1' })),
    ).toEqual({
      taxIdentificationType: 'Required when Tax Identification Number is populated',
    });
    expect(
      zOrgUnitInput.safeParse({
        ...base,
        taxIdentificationType: 'EIN',
        taxIdentificationNumber: '1',
      }).success,
    ).toBe(true);
    expect(orgUnitTaxIdValid('EIN', '75-1234567')).toBe(true);
    expect(orgUnitTaxIdValid('EIN', '75-123')).toBe(false);
  });
});

describe('user rules (spec 3 §5)', () => {
  it('creates ReadOnly, active users and offers roles 1, 3 and 11 only', () => {
    const parsed = zCreateUserInput.parse({
      emailAddress: 'a@b.example',
      firstName: 'A',
      lastName: 'B',
    });
    expect(parsed).toMatchObject({ mainRole: 3, additionalRoles: [], isActive: true });
    expect(zCreateUserInput.safeParse({ ...parsed, mainRole: 2 }).success).toBe(false);
  });

  it('limits title and phone', () => {
    const result = userFormSchema('Profile').safeParse({
      emailAddress: 'a@b.example',
      firstName: 'A',
      lastName: 'B',
      title: 'x'.repeat(26),
      phoneNumber: '1'.repeat(51),
      userOrgUnitIds: [1],
    });
    expect(firstMessages(result)).toEqual({
      title: 'Must be at most 25 characters',
      phoneNumber: 'Must be at most 50 characters',
    });
  });

  it('lets My profile choose only the four date formats', () => {
    const ok = { firstName: 'A', lastName: 'B', dateFormat: 'yyyy/MM/dd', receiveEmails: true };
    expect(zPersonalizationUpdate.safeParse(ok).success).toBe(true);
    expect(zPersonalizationUpdate.safeParse({ ...ok, dateFormat: 'd/M/yy' }).success).toBe(false);
  });
});
