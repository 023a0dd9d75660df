import crypto from 'node:crypto';
import type { CompanyRegistrationInput } from '@flowline/shared';

const unique = () => crypto.randomBytes(4).toString('hex');

/** A valid registration payload (spec 3 §3) with a unique name, tax number and e-mail. */
export function buildRegistration(
  overrides: Partial<CompanyRegistrationInput> = {},
): CompanyRegistrationInput {
  const id = unique();
  return {
    invitationToken: null,
    isBoarding: false,
    legalName: `Basin Supply ${id} LLC`,
    knownAs: 'Basin Supply',
    timezone: 'America/Chicago',
    addressLineOne: '100 Main St',
    addressLineTwo: '',
    addressLineThree: '',
    country: 'US',
    state: 'TX',
    city: 'Midland',
    zipCode: '79701',
    taxIdType: 'EIN',
    taxType: 0,
    taxNumber: String(crypto.randomInt(100_000_000, 999_999_999)),
    isActive: true,
    userFirstName: 'Rosa',
    userLastName: 'Diaz',
    userEmail: `rosa-${id}@basin.example`,
    ...overrides,
  };
}

/** A random private address, so the per-IP rate limit of registration only bites where tested. */
export const randomAddress = () => `10.0.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
