/**
 * A tax identification type. `format` is the pattern users see as a hint: N stands for a digit,
 * A for a letter; any other character is a separator that may be typed or left out.
 */
export interface TaxType {
  code: string;
  name: string;
  format: string;
  country: string;
}

/** Codes are unique across countries, so a tax type code alone names its country. */
export const taxTypes: readonly TaxType[] = [
  { code: 'EIN', name: 'EIN', format: 'NN-NNNNNNN', country: 'US' },
  { code: 'SSN', name: 'SSN', format: 'NNN-NN-NNNN', country: 'US' },
  { code: 'BN', name: 'Business Number', format: 'NNNNNNNNN', country: 'CA' },
  { code: 'SIN', name: 'Social Insurance Number', format: 'NNN-NNN-NNN', country: 'CA' },
];
