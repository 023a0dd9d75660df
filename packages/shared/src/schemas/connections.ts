import { z } from 'zod';
import { PartyType } from '../ids';
import { findCountry } from '../lookups/countries';
import { findRegion, findTaxType, taxTypesOf } from '../lookups/regions';
import { taxTypes } from '../lookups/tax-types';
import {
  addressMessages,
  normalizeZipCode,
  taxNumberMatchesFormat,
  zipCodeError,
} from '../rules/addresses';
import { connectionMessages } from '../rules/connection-status';
import { messages } from './common';

/** Spec 2 §3 field limits of a connection. */
export const connectionLimits = {
  name: 250,
  nameTwo: 250,
  number: 100,
  externalSystem: 128,
  externalSystemId: 32,
  routing: 9,
  emails: 500,
  phone: 16,
  ext: 8,
  cell: 16,
  addressText: 250,
  zipCode: 10,
  taxIdentifier: 50,
} as const;

const text = (max: number) => z.string().trim().max(max, addressMessages.maxLength(max)).nullish();
const required = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, addressMessages.maxLength(max));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'a@x.com  b@y.com' → ['a@x.com', 'b@y.com']; a list is accepted too (the API's shape). */
export function splitEmails(value: string | readonly string[] | null | undefined): string[] {
  // Also called by the form-level refinement on raw input, which may be any JSON (a number, {}).
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  return parts
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The first message for the e-mails field, or null (spec 2 §5.3). */
export function emailsError(value: string | readonly string[] | null | undefined): string | null {
  const list = splitEmails(value);
  if (list.length === 0) return messages.required;
  const invalid = list.find((e) => !EMAIL.test(e));
  if (invalid) return connectionMessages.invalidEmail(invalid);
  if (list.join(' ').length > connectionLimits.emails) {
    return addressMessages.maxLength(connectionLimits.emails);
  }
  return null;
}

/** Dates are trimmed to 10 characters ('2024-03-05T00:00:00' → '2024-03-05'); '' means none. */
const zDay = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z
    .string()
    .refine(
      (v) => v === '' || (DAY.test(v) && !Number.isNaN(Date.parse(v))),
      'Must be a valid date',
    )
    .nullish(),
);

const partyTypeIds = Object.values(PartyType) as number[];

const zConnectionFields = z.object({
  partyTypeId: z.coerce
    .number({ error: messages.required })
    .int()
    .refine((v) => partyTypeIds.includes(v), messages.required),
  name: required(connectionLimits.name),
  nameTwo: text(connectionLimits.nameTwo),
  number: required(connectionLimits.number),
  /** Read-only (set by integrations): accepted and ignored on write. */
  externalSystem: z.unknown().optional(),
  externalSystemId: z.unknown().optional(),
  achRoutingTransitNumber: text(connectionLimits.routing),
  wireRoutingTransitNumber: text(connectionLimits.routing),
  effectiveFromDate: zDay,
  effectiveThruDate: zDay,
  /** Edited as one whitespace-separated string; stored as a list. */
  emails: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => splitEmails(v)),
  phone: text(connectionLimits.phone),
  ext: text(connectionLimits.ext),
  cell: text(connectionLimits.cell),
  addressLineOne: text(250),
  addressLineTwo: text(250),
  addressLineThree: text(250),
  country: text(2),
  state: text(10),
  city: text(250),
  zipCode: text(10),
  altAddressLineOne: text(250),
  altAddressLineTwo: text(250),
  altAddressLineThree: text(250),
  altCountry: text(2),
  altState: text(10),
  altCity: text(250),
  altZipCode: text(10),
  isActive: z.boolean().default(true),
  taxTypeId: text(20),
  taxIdentifier: required(connectionLimits.taxIdentifier),
  /** PIDX PartnerIdentifier values (docs/pidx.md); left out = unchanged. */
  dunsNumber: text(13),
  buyerAssignedId: text(50),
  sellerAssignedId: text(50),
  companyOrgUnitIds: z.array(z.number().int().positive()).max(10000).default([]),
});

type Values = Record<string, unknown>;
type Issue = { path: string; message: string };
const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function addressIssues(values: Values, prefix: '' | 'alt'): Issue[] {
  const key = (name: string) => (prefix ? `alt${name[0]?.toUpperCase()}${name.slice(1)}` : name);
  const country = values[key('country')];
  const state = values[key('state')];
  const zip = values[key('zipCode')];
  if (!filled(country)) return [];
  const code = country.trim().toUpperCase();
  if (!findCountry(code)) return [{ path: key('country'), message: addressMessages.country }];
  const issues: Issue[] = [];
  if (filled(state) && !findRegion(code, state.trim().toUpperCase())) {
    issues.push({ path: key('state'), message: addressMessages.region });
  }
  if (filled(zip)) {
    const error = zipCodeError(code, normalizeZipCode(zip));
    if (error) issues.push({ path: key('zipCode'), message: error });
  }
  return issues;
}

/** The cross-field rules of spec 2 §5.3, in form order. */
export function connectionIssues(values: Values): Issue[] {
  const issues: Issue[] = [];
  const from = values.effectiveFromDate;
  const thru = values.effectiveThruDate;
  if (filled(from) && filled(thru) && from.slice(0, 10) >= thru.slice(0, 10)) {
    issues.push({ path: 'effectiveFromDate', message: connectionMessages.dateRange });
  }
  const emails = emailsError(values.emails as string | string[] | undefined);
  if (emails) issues.push({ path: 'emails', message: emails });
  issues.push(...addressIssues(values, ''), ...addressIssues(values, 'alt'));
  const taxType = values.taxTypeId;
  if (filled(taxType) && !connectionTaxTypeAllowed(values.country, taxType)) {
    issues.push({ path: 'taxTypeId', message: addressMessages.taxType });
  }
  const profiles = values.companyOrgUnitIds;
  if (!Array.isArray(profiles) || profiles.length === 0) {
    issues.push({ path: 'companyOrgUnitIds', message: messages.required });
  }
  return issues;
}

/** Tax types follow the primary country; without one any known type is accepted. */
export function connectionTaxTypeAllowed(country: unknown, taxType: string): boolean {
  const code = taxType.trim().toUpperCase();
  if (filled(country) && taxTypesOf(country).length > 0) return !!findTaxType(country, code);
  return taxTypes.some((t) => t.code === code);
}

/** isTaxValid (read-only): the identifier fits its tax type's format. */
export function connectionTaxValid(
  taxType: string | null | undefined,
  value: string | null | undefined,
) {
  const type = taxTypes.find((t) => t.code === taxType?.trim().toUpperCase());
  return !!type && !!value && taxNumberMatchesFormat(type.format, value);
}

/** POST /party and PUT /party/{id}, and the connection form (spec 2 §3, §5.3). */
export const zConnectionInput = zConnectionFields.superRefine(
  (values, ctx) => {
    for (const issue of connectionIssues(values as Values)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type ConnectionInput = z.output<typeof zConnectionInput>;
export type ConnectionFormValues = z.input<typeof zConnectionInput>;
