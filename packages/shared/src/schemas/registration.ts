import { z } from 'zod';
import { findCountry, findRegion, findTaxType } from '../lookups/index';
import { isValidTimeZone } from '../lookups/time-zones';
import {
  addressLimits,
  addressMessages,
  legalNameError,
  taxNumberError,
  zipCodeError,
} from '../rules/addresses';
import { messages } from './common';

export const registrationMessages = {
  duplicateCompany: 'A company with this name or tax number is already registered.',
  duplicateEmail: 'A user with this email already exists. Please sign in instead.',
  success: 'Please check your email for further instructions',
} as const;

/** A missing or non-string value reads 'Required' too, like an empty one (the form's wording). */
const zText = () =>
  z.string({ error: (issue) => (issue.input == null ? messages.required : 'Must be text') }).trim();

const requiredText = (max: number) =>
  zText().min(1, messages.required).max(max, addressMessages.maxLength(max));

const optionalText = (max: number) => zText().max(max, addressMessages.maxLength(max)).nullish();

/**
 * POST /companyRegistration (spec 3 §3 and §5): the company, its address and tax number, and its
 * first administrator. Shared by the Sign Up form and the server so both say the same thing.
 */
export const zCompanyRegistration = z
  .object({
    /** Invitation or onboarding token of /register/{token} and /onboarding/{token}. */
    invitationToken: optionalText(200),
    /** True when registering through /onboarding/{token}. */
    isBoarding: z.boolean().default(false),
    legalName: requiredText(addressLimits.text).refine(
      (v) => legalNameError(v) === null,
      addressMessages.legalName,
    ),
    knownAs: optionalText(addressLimits.text),
    timezone: requiredText(64).refine(isValidTimeZone, addressMessages.timeZone),
    addressLineOne: requiredText(addressLimits.text),
    addressLineTwo: optionalText(addressLimits.text),
    addressLineThree: optionalText(addressLimits.text),
    country: requiredText(2).toUpperCase(),
    state: requiredText(10).toUpperCase(),
    city: requiredText(addressLimits.text),
    zipCode: requiredText(addressLimits.zipCode).toUpperCase(),
    /** The tax type code (EIN, SSN, BN, SIN). */
    taxIdType: requiredText(20).toUpperCase(),
    /** Kept for compatibility with the original payload (sent as 0); the code in taxIdType decides. */
    taxType: z.number().int().optional(),
    taxNumber: requiredText(addressLimits.taxNumber),
    /** Accepted for compatibility; a registered company always starts active. */
    isActive: z.boolean().optional(),
    userFirstName: requiredText(100),
    userLastName: requiredText(100),
    userEmail: requiredText(254).regex(z.regexes.email, messages.validEmail),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    // Each rule needs its inputs; a missing one has already been reported as 'Required'.
    if (v.country && !findCountry(v.country)) issue('country', addressMessages.country);
    if (v.country && v.state && !findRegion(v.country, v.state))
      issue('state', addressMessages.region);
    const zipError = v.zipCode ? zipCodeError(v.country, v.zipCode) : null;
    if (zipError) issue('zipCode', zipError);
    const taxType = v.country && v.taxIdType ? findTaxType(v.country, v.taxIdType) : undefined;
    if (v.country && v.taxIdType && !taxType) issue('taxIdType', addressMessages.taxType);
    const taxError = taxType && v.taxNumber ? taxNumberError(taxType.format, v.taxNumber) : null;
    if (taxError) issue('taxNumber', taxError);
  });

/** What the form holds (before defaults and normalisation). */
export type CompanyRegistrationInput = z.input<typeof zCompanyRegistration>;
/** What the server receives after validation: trimmed, upper-cased codes. */
export type CompanyRegistration = z.output<typeof zCompanyRegistration>;

/** The response: the new company; the SPA shows its name on the success page. */
export const zCompanyRegistrationResult = z.object({ id: z.number().int(), name: z.string() });
export type CompanyRegistrationResult = z.infer<typeof zCompanyRegistrationResult>;
