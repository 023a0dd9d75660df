import crypto from 'node:crypto';
import { zNewPassword } from '@flowline/shared';

// No 0/O, 1/l/I: the password is read from an e-mail and typed by hand.
const LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

const pick = (chars: string) => chars[crypto.randomInt(chars.length)] ?? '';

/**
 * A 16-character temporary password from a CSPRNG (~92 bits). It always has letters and digits,
 * so it satisfies the new-password rule the issuer applies to local accounts.
 */
export function generateTemporaryPassword(length = 16): string {
  for (;;) {
    const password = Array.from({ length }, () => pick(ALPHABET)).join('');
    if (zNewPassword.safeParse(password).success) return password;
  }
}

/**
 * A short code for the company from its name ('Acme Oil & Gas, LLC' → 'ACMEOILGASLLC'),
 * made unique with a suffix (-2, -3…) against the codes already taken.
 */
export function companyCode(name: string, taken: ReadonlySet<string>): string {
  const base = companyCodeBase(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const code = `${base}-${n}`;
    if (!taken.has(code)) return code;
  }
}

export function companyCodeBase(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  // Names in other scripts have no ASCII letters left: they still need a code.
  return ascii.slice(0, 20) || 'COMPANY';
}
