import type { OrgUnit, OrgUnitListItem } from '@flowline/shared';
import type { OrgUnitRow } from './repository';

export function presentOrgUnitListItem(row: OrgUnitRow): OrgUnitListItem {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    knownAs: row.knownAs,
    phone: row.phone,
    addressLineOne: row.addressLineOne,
    addressLineTwo: row.addressLineTwo,
    city: row.city,
    state: row.state,
    country: row.country,
    zipCode: row.zipCode,
    isActive: row.isActive,
  };
}

/** The whole profile; columns are listed so a new column is never sent by accident. */
export function presentOrgUnit(row: OrgUnitRow, users: number[]): OrgUnit {
  return {
    ...presentOrgUnitListItem(row),
    addressLineThree: row.addressLineThree,
    paymentAddressLineOne: row.paymentAddressLineOne,
    paymentAddressLineTwo: row.paymentAddressLineTwo,
    paymentAddressLineThree: row.paymentAddressLineThree,
    paymentAddressCity: row.paymentAddressCity,
    paymentAddressCountry: row.paymentAddressCountry,
    paymentAddressState: row.paymentAddressState,
    paymentAddressZipCode: row.paymentAddressZipCode,
    taxAddressLineOne: row.taxAddressLineOne,
    taxAddressLineTwo: row.taxAddressLineTwo,
    taxAddressLineThree: row.taxAddressLineThree,
    taxAddressCity: row.taxAddressCity,
    taxAddressCountry: row.taxAddressCountry,
    taxAddressState: row.taxAddressState,
    taxAddressZipCode: row.taxAddressZipCode,
    taxIdentificationType: row.taxIdentificationType,
    taxIdentificationNumber: row.taxIdentificationNumber,
    isTaxIdValid: row.isTaxIdValid,
    users,
  };
}
