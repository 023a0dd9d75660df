/** Pure ACH rules shared by the server and the form (spec 2 §5.1, §9). */

export const achMessages = {
  usRoutingFormat: 'Must be 9 digits and begin with 0, 1, 2, or 3',
  routingCheckDigit: 'Invalid routing number: the check digit does not match',
} as const;

/** Countries of an ACH (spec 2 §9): the US has ABA routing numbers, Other is free-form digits. */
export const AchCountry = { UnitedStates: 'US', Other: 'O' } as const;
export type AchCountryCode = (typeof AchCountry)[keyof typeof AchCountry];
export const achCountryNames: Record<AchCountryCode, string> = {
  US: 'United States of America',
  O: 'Other',
};

export const AchAccountType = { Checking: 1, Savings: 2 } as const;
export type AchAccountTypeId = (typeof AchAccountType)[keyof typeof AchAccountType];
export const achAccountTypeNames: Record<AchAccountTypeId, string> = {
  1: 'Checking',
  2: 'Savings',
};

export function achAccountTypeName(id: number): string {
  return id === 1 || id === 2 ? achAccountTypeNames[id] : '';
}

export function isDigitString(value: string): boolean {
  return /^\d+$/.test(value);
}

/** A US routing number has 9 digits and starts with 0–3 (Federal Reserve routing symbols). */
export function hasUsRoutingFormat(value: string): boolean {
  return /^[0-3]\d{8}$/.test(value);
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** ABA check: 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9 ≡ 0 (mod 10). */
export function hasValidAbaChecksum(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = ABA_WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % 10 === 0;
}

/**
 * The country-dependent routing-number message, or null when the number is acceptable.
 * Emptiness and non-digits are the field's own rules ('Required', 'Must be a number').
 */
export function usRoutingNumberError(country: string, routingNumber: string): string | null {
  if (country !== AchCountry.UnitedStates || !isDigitString(routingNumber)) return null;
  if (!hasUsRoutingFormat(routingNumber)) return achMessages.usRoutingFormat;
  if (!hasValidAbaChecksum(routingNumber)) return achMessages.routingCheckDigit;
  return null;
}

export const ACH_ACCOUNT_MASK = '••••';

/** Only the last 4 digits of an account number are ever shown in lists: '••••1234'. */
export function maskAccountNumber(accountNumber: string): string {
  return `${ACH_ACCOUNT_MASK}${accountNumber.slice(-4)}`;
}
