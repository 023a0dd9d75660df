import {
  orgUnitAddressIssues,
  orgUnitMessages,
  zipCodeError,
  zipCodeLabel,
  type OrgUnitFormValues,
} from '@flowline/shared';

/** The accept wizard's messages for a new profile (spec 2 §5.4). */
export const newProfileMessages = {
  missing: 'There is some required data missing',
  incompleteAddress: 'Please fill in all address fields when a country is selected',
  countryForZip: 'A country must be selected when the Zip Code is populated',
  fixZip: (country: string) => `Please fix the ${zipCodeLabel(country)} issue`,
} as const;

const filled = (value: string | null | undefined) => !!value?.trim();

/**
 * The one message the wizard shows before it accepts with a new profile, or null when the profile
 * may be sent. Field-level messages come from the profile schema (zOrgUnitInput) as well.
 */
export function newProfileMessage(values: OrgUnitFormValues): string | null {
  if (!filled(values.name) || !filled(values.code)) return newProfileMessages.missing;
  const country = values.country?.trim() ?? '';
  const zip = values.zipCode ?? '';
  if (!country) return filled(zip) ? newProfileMessages.countryForZip : null;
  const incomplete = orgUnitAddressIssues(values, 'main').some(
    (issue) => issue.message === orgUnitMessages.invalidAddress,
  );
  if (incomplete) return newProfileMessages.incompleteAddress;
  if (zipCodeError(country, zip)) return newProfileMessages.fixZip(country);
  return null;
}
