import type { OrgUnit, OrgUnitFormValues } from '@flowline/shared';

/** A new profile: nothing set, active, no users. Empty text means "not set" (stored as null). */
export const emptyOrgUnitValues = {
  name: '',
  code: '',
  knownAs: '',
  phone: '',
  addressLineOne: '',
  addressLineTwo: '',
  addressLineThree: '',
  city: '',
  country: '',
  state: '',
  zipCode: '',
  paymentAddressLineOne: '',
  paymentAddressLineTwo: '',
  paymentAddressLineThree: '',
  paymentAddressCity: '',
  paymentAddressCountry: '',
  paymentAddressState: '',
  paymentAddressZipCode: '',
  taxAddressLineOne: '',
  taxAddressLineTwo: '',
  taxAddressLineThree: '',
  taxAddressCity: '',
  taxAddressCountry: '',
  taxAddressState: '',
  taxAddressZipCode: '',
  taxIdentificationType: '',
  taxIdentificationNumber: '',
  isActive: true,
  users: [] as number[],
} satisfies Required<OrgUnitFormValues>;

type TextKey = Exclude<keyof typeof emptyOrgUnitValues, 'isActive' | 'users'>;

/** The form's values for a stored profile (null → ''). */
export function orgUnitFormValues(orgUnit: OrgUnit): OrgUnitFormValues {
  const values: OrgUnitFormValues = { ...emptyOrgUnitValues };
  for (const key of Object.keys(emptyOrgUnitValues) as (keyof typeof emptyOrgUnitValues)[]) {
    if (key === 'isActive' || key === 'users') continue;
    values[key as TextKey] = orgUnit[key as TextKey] ?? '';
  }
  return { ...values, isActive: orgUnit.isActive, users: [...orgUnit.users] };
}
