import { findTaxType } from '../lookups/regions';

/** Messages of the shared address, company-name and tax rules (spec 2 §5.2, spec 3 §5). */
export const addressMessages = {
  legalName: 'Legal Name must have at least 3 alphanumeric characters',
  usZipCode: 'Must be a 5 or 9 digit code',
  caPostalCode: 'Must be a 6 character code arranged in the form ANANAN',
  country: 'Must be a valid country',
  region: 'Must be a state or province of the chosen country',
  taxType: 'Must be a tax identification type of the chosen country',
  taxNumberFormat: (format: string) => `Must match the format ${format}`,
  timeZone: 'Must be a valid time zone',
  maxLength: (max: number) => `Must be at most ${max} characters`,
} as const;

/** Field limits of spec 3 §5. */
export const addressLimits = { text: 250, zipCode: 10, taxNumber: 50 } as const;

const US_ZIP = /^\d{5}(-?\d{4})?$/;
const CA_POSTAL = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;

/** Zip codes are stored and compared upper-cased and trimmed (Canadian postal codes have letters). */
export function normalizeZipCode(zip: string): string {
  return zip.trim().toUpperCase();
}

/**
 * The zip rule for an address in `country`: null when the code is fine or the country has no rule.
 * US: 5 or 9 digits ('12345', '12345-6789', '123456789'); CA: 'A1A1A1' or 'A1A 1A1'.
 */
export function zipCodeError(country: string | null | undefined, zip: string): string | null {
  const value = normalizeZipCode(zip);
  if (!value) return null;
  switch (country?.toUpperCase()) {
    case 'US':
      return US_ZIP.test(value) ? null : addressMessages.usZipCode;
    case 'CA':
      return CA_POSTAL.test(value) ? null : addressMessages.caPostalCode;
    default:
      return null;
  }
}

/** 'Zip Code' for US addresses, 'Postal Code' for Canadian ones (spec 3 §5 connection form). */
export function zipCodeLabel(country: string | null | undefined): string {
  return country?.toUpperCase() === 'CA' ? 'Postal Code' : 'Zip Code';
}

export function regionLabel(country: string | null | undefined): string {
  return country?.toUpperCase() === 'CA' ? 'Province' : 'State';
}

/** Spec 2 §5.2: a company name needs at least 3 letters or digits (any script). */
export function legalNameError(name: string): string | null {
  const alphanumerics = name.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return alphanumerics >= 3 ? null : addressMessages.legalName;
}

const SEPARATORS = /[^\p{L}\p{N}]/gu;

/** The letters and digits of a tax number, upper-cased: what identifies it whatever the separators. */
export function taxNumberDigits(value: string): string {
  return value.replace(SEPARATORS, '').toUpperCase();
}

function formatSlots(format: string): string {
  return format.replace(SEPARATORS, '');
}

/** Whether `value` fits the type's format, typed with or without its separators. */
export function taxNumberMatchesFormat(format: string, value: string): boolean {
  const slots = formatSlots(format);
  const chars = taxNumberDigits(value);
  if (chars.length !== slots.length) return false;
  return [...slots].every((slot, i) => {
    const c = chars[i] ?? '';
    if (slot === 'N') return /\d/.test(c);
    if (slot === 'A') return /[A-Z]/.test(c);
    return c === slot;
  });
}

/** Null when the number fits the format, else 'Must match the format NN-NNNNNNN'. */
export function taxNumberError(format: string, value: string): string | null {
  return taxNumberMatchesFormat(format, value) ? null : addressMessages.taxNumberFormat(format);
}

/** The number laid out like its format ('123456789' with NN-NNNNNNN → '12-3456789'). */
export function formatTaxNumber(format: string, value: string): string {
  const chars = [...taxNumberDigits(value)];
  let out = '';
  for (const slot of format) out += slot === 'N' || slot === 'A' ? (chars.shift() ?? '') : slot;
  return out + chars.join('');
}

/** The tax number rule for a country's tax type code; null when the type is unknown. */
export function taxNumberErrorFor(
  country: string | null | undefined,
  taxTypeCode: string | null | undefined,
  value: string,
): string | null {
  const type = findTaxType(country, taxTypeCode);
  return type ? taxNumberError(type.format, value) : null;
}
