import type { Connection } from '@flowline/shared';

/** The form's values: text everywhere (empty = not set), e-mails as one whitespace-separated string. */
export const emptyConnectionValues = {
  partyTypeId: '' as number | '',
  name: '',
  nameTwo: '',
  number: '',
  externalSystem: '',
  externalSystemId: '',
  achRoutingTransitNumber: '',
  wireRoutingTransitNumber: '',
  effectiveFromDate: '',
  effectiveThruDate: '',
  emails: '',
  phone: '',
  ext: '',
  cell: '',
  addressLineOne: '',
  addressLineTwo: '',
  addressLineThree: '',
  country: '',
  state: '',
  city: '',
  zipCode: '',
  altAddressLineOne: '',
  altAddressLineTwo: '',
  altAddressLineThree: '',
  altCountry: '',
  altState: '',
  altCity: '',
  altZipCode: '',
  isActive: true,
  taxTypeId: '',
  taxIdentifier: '',
  dunsNumber: '',
  buyerAssignedId: '',
  sellerAssignedId: '',
  companyOrgUnitIds: [] as number[],
};
export type ConnectionFormState = typeof emptyConnectionValues;
export type ConnectionTextName = Exclude<
  keyof ConnectionFormState,
  'partyTypeId' | 'isActive' | 'companyOrgUnitIds'
>;

/** A new connection: the only profile is preselected (spec 2 §9). */
export function newConnectionValues(profileIds: number[]): ConnectionFormState {
  return { ...emptyConnectionValues, companyOrgUnitIds: profileIds.length === 1 ? profileIds : [] };
}

/** The form's values for a stored connection (null → ''; dates trimmed to 10 characters). */
export function connectionFormValues(c: Connection): ConnectionFormState {
  const values: ConnectionFormState = { ...emptyConnectionValues };
  for (const key of Object.keys(emptyConnectionValues) as (keyof ConnectionFormState)[]) {
    if (key === 'partyTypeId' || key === 'isActive' || key === 'companyOrgUnitIds') continue;
    if (key === 'emails') continue;
    values[key] = (c[key] ?? '').slice(0, key.endsWith('Date') ? 10 : undefined);
  }
  return {
    ...values,
    partyTypeId: c.partyTypeId,
    emails: c.emails.join(' '),
    isActive: c.isActive,
    companyOrgUnitIds: [...c.companyOrgUnitIds],
  };
}
