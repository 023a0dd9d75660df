import { z } from 'zod';
import { findCountry } from '../lookups/countries';
import { findRegion, findTaxType, regionsOf, taxTypesOf } from '../lookups/regions';
import { taxTypes } from '../lookups/tax-types';
import {
  addressMessages,
  normalizeZipCode,
  taxNumberMatchesFormat,
  zipCodeError,
} from '../rules/addresses';
import { messages, MAX_ID } from './common';

/** Spec 3 §5 Profile and §8 (the message is the spec's, for each of the three addresses). */
export const orgUnitMessages = {
  invalidAddress: 'Valid address should contain Line one, City, Country, State and Zip/postal code',
  taxTypeRequired: 'Required when Tax Identification Number is populated',
  codeTaken: (term: string) => `A ${term} with this code already exists`,
  inUse: (term: string) =>
    `This ${term} cannot be deleted because connections, ACH forms or users are assigned to it.`,
  unknownUsers: 'Only users of this company can be assigned',
  created: (term: string) => `${term} Created`,
  saved: (term: string) => `${term} Saved`,
} as const;

/** The three addresses of a profile and the field behind each part (spec 3 §3). */
export const orgUnitAddresses = {
  main: {
    lineOne: 'addressLineOne',
    lineTwo: 'addressLineTwo',
    lineThree: 'addressLineThree',
    city: 'city',
    country: 'country',
    state: 'state',
    zipCode: 'zipCode',
  },
  payment: {
    lineOne: 'paymentAddressLineOne',
    lineTwo: 'paymentAddressLineTwo',
    lineThree: 'paymentAddressLineThree',
    city: 'paymentAddressCity',
    country: 'paymentAddressCountry',
    state: 'paymentAddressState',
    zipCode: 'paymentAddressZipCode',
  },
  tax: {
    lineOne: 'taxAddressLineOne',
    lineTwo: 'taxAddressLineTwo',
    lineThree: 'taxAddressLineThree',
    city: 'taxAddressCity',
    country: 'taxAddressCountry',
    state: 'taxAddressState',
    zipCode: 'taxAddressZipCode',
  },
} as const;
export type OrgUnitAddressKey = keyof typeof orgUnitAddresses;

// Spec: known as, address line three and tax number 250, other text 255; the columns are tighter
// for phone (50), zip (10), country (2), state (10) and tax type (20).
const text = (max: number) => z.string().trim().max(max, addressMessages.maxLength(max)).nullish();

const requiredText = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(255, addressMessages.maxLength(255));

const zOrgUnitFields = z.object({
  name: requiredText,
  code: requiredText,
  knownAs: text(250),
  phone: text(50),
  addressLineOne: text(255),
  addressLineTwo: text(255),
  addressLineThree: text(250),
  city: text(255),
  country: text(2),
  state: text(10),
  zipCode: text(10),
  paymentAddressLineOne: text(255),
  paymentAddressLineTwo: text(255),
  paymentAddressLineThree: text(250),
  paymentAddressCity: text(255),
  paymentAddressCountry: text(2),
  paymentAddressState: text(10),
  paymentAddressZipCode: text(10),
  taxAddressLineOne: text(255),
  taxAddressLineTwo: text(255),
  taxAddressLineThree: text(250),
  taxAddressCity: text(255),
  taxAddressCountry: text(2),
  taxAddressState: text(10),
  taxAddressZipCode: text(10),
  taxIdentificationType: text(20),
  taxIdentificationNumber: text(250),
  isActive: z.boolean().default(true),
  /** Ids of the users assigned to the profile (members of the company). */
  users: z.array(z.number().int().positive()).max(10000).default([]),
});

type Values = Record<string, unknown>;
type Issue = { path: string; message: string };
const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The issues of one address: all-or-none of line one, city, zip, country and state; zip per
 * country; a known country and a state of it. Only the US and Canada have states (spec 3 §9), so
 * for any other country an address is complete without one.
 */
export function orgUnitAddressIssues(values: Values, key: OrgUnitAddressKey): Issue[] {
  const a = orgUnitAddresses[key];
  const country = values[a.country];
  const state = values[a.state];
  const zip = values[a.zipCode];
  const countryCode = filled(country) ? country.trim().toUpperCase() : '';
  const needsState = !countryCode || regionsOf(countryCode).length > 0;
  const parts = [a.lineOne, a.city, a.zipCode, a.country, ...(needsState ? [a.state] : [])];
  const issues: Issue[] = [];
  const set = parts.map((f) => filled(values[f]));
  if (set.some(Boolean) && !set.every(Boolean)) {
    issues.push({ path: a.lineOne, message: orgUnitMessages.invalidAddress });
  }
  if (countryCode && !findCountry(countryCode)) {
    issues.push({ path: a.country, message: addressMessages.country });
  } else if (countryCode && filled(state) && !findRegion(countryCode, state.trim())) {
    issues.push({ path: a.state, message: addressMessages.region });
  }
  if (countryCode && filled(zip)) {
    const zipError = zipCodeError(countryCode, normalizeZipCode(zip));
    if (zipError) issues.push({ path: a.zipCode, message: zipError });
  }
  return issues;
}

/** Every cross-field issue of a profile, in form order. */
export function orgUnitIssues(values: Values): Issue[] {
  const issues = (Object.keys(orgUnitAddresses) as OrgUnitAddressKey[]).flatMap((key) =>
    orgUnitAddressIssues(values, key),
  );
  const taxType = values.taxIdentificationType;
  if (filled(values.taxIdentificationNumber) && !filled(taxType)) {
    issues.push({ path: 'taxIdentificationType', message: orgUnitMessages.taxTypeRequired });
  } else if (filled(taxType) && !orgUnitTaxTypeAllowed(values.country, taxType)) {
    issues.push({ path: 'taxIdentificationType', message: addressMessages.taxType });
  }
  return issues;
}

/** Tax types follow the main address country; without one, any known type code is accepted. */
export function orgUnitTaxTypeAllowed(country: unknown, taxType: string): boolean {
  const code = taxType.trim().toUpperCase();
  if (filled(country) && taxTypesOf(country).length > 0) return !!findTaxType(country, code);
  return taxTypes.some((t) => t.code === code);
}

/** isTaxIdValid (read-only): the number fits the format of its tax identification type. */
export function orgUnitTaxIdValid(
  taxType: string | null | undefined,
  taxNumber: string | null | undefined,
): boolean {
  const type = taxTypes.find((t) => t.code === taxType?.trim().toUpperCase());
  return !!type && !!taxNumber && taxNumberMatchesFormat(type.format, taxNumber);
}

/**
 * POST /companyorgunit and PUT /companyorgunit/{id}, and the edit form's validation (spec 3 §5).
 * Empty strings mean "not set"; the server stores them as null.
 */
export const zOrgUnitInput = zOrgUnitFields.superRefine(
  (values, ctx) => {
    for (const issue of orgUnitIssues(values as Values)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  },
  // The address and tax rules show together with the required fields, not only once they pass.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type OrgUnitInput = z.output<typeof zOrgUnitInput>;
export type OrgUnitFormValues = z.input<typeof zOrgUnitInput>;

const nullableText = z.string().nullable();

/** One profile with everything the edit screen shows. */
export const zOrgUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  knownAs: nullableText,
  phone: nullableText,
  addressLineOne: nullableText,
  addressLineTwo: nullableText,
  addressLineThree: nullableText,
  city: nullableText,
  country: nullableText,
  state: nullableText,
  zipCode: nullableText,
  paymentAddressLineOne: nullableText,
  paymentAddressLineTwo: nullableText,
  paymentAddressLineThree: nullableText,
  paymentAddressCity: nullableText,
  paymentAddressCountry: nullableText,
  paymentAddressState: nullableText,
  paymentAddressZipCode: nullableText,
  taxAddressLineOne: nullableText,
  taxAddressLineTwo: nullableText,
  taxAddressLineThree: nullableText,
  taxAddressCity: nullableText,
  taxAddressCountry: nullableText,
  taxAddressState: nullableText,
  taxAddressZipCode: nullableText,
  taxIdentificationType: nullableText,
  taxIdentificationNumber: nullableText,
  isTaxIdValid: z.boolean(),
  isActive: z.boolean(),
  users: z.array(z.number().int()),
});
export type OrgUnit = z.infer<typeof zOrgUnit>;

/** A row of the profiles list and of every profile picker. */
export const zOrgUnitListItem = zOrgUnit.pick({
  id: true,
  name: true,
  code: true,
  knownAs: true,
  phone: true,
  addressLineOne: true,
  addressLineTwo: true,
  city: true,
  state: true,
  country: true,
  zipCode: true,
  isActive: true,
});
export type OrgUnitListItem = z.infer<typeof zOrgUnitListItem>;

export const zOrgUnitPage = z.object({
  items: z.array(zOrgUnitListItem),
  totalRecords: z.number().int(),
});
export type OrgUnitPage = z.infer<typeof zOrgUnitPage>;

export const orgUnitOrderByFields = [
  'name',
  'code',
  'addressLineOne',
  'addressLineTwo',
  'city',
  'zipCode',
  'phone',
  'isActive',
] as const;
export type OrgUnitOrderBy = (typeof orgUnitOrderByFields)[number];

/** '1,2,3' → [1, 2, 3]: query strings carry the ids comma-separated. */
const zIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Must be a comma-separated list of ids')
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.length <= 10000 && ids.every((id) => id > 0 && id <= MAX_ID), {
    message: 'Must be a comma-separated list of ids',
  });

/** GET /companyorgunit: pickers ask for everything (default 10000), the list pages. */
export const zOrgUnitListQuery = z.object({
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(10000),
  ids: zIdList.optional(),
  query: z.string().trim().max(255).optional(),
  orderBy: z.enum(orgUnitOrderByFields).default('name'),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
});
/** What a client asks for (the query string carries ids comma-separated, booleans as text). */
export interface OrgUnitListQuery {
  isActive?: boolean;
  page?: number;
  pageSize?: number;
  ids?: readonly number[];
  query?: string;
  orderBy?: OrgUnitOrderBy;
  orderByDirection?: 'asc' | 'desc';
}
