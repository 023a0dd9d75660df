import { z } from 'zod';

/** Lookup shapes of spec 3 §3 (country, timezone, state/province, tax type). */
export const zCountry = z.object({ code: z.string(), name: z.string(), isActive: z.boolean() });
export type CountryLookup = z.infer<typeof zCountry>;

export const zTimeZone = z.object({ id: z.string(), displayName: z.string() });
export type TimeZoneLookup = z.infer<typeof zTimeZone>;

export const zState = z.object({ code: z.string(), name: z.string() });
export type StateLookup = z.infer<typeof zState>;

/** A state in the all-states list, with the country it belongs to. */
export const zCountryState = zState.extend({ country: z.string() });
export type CountryStateLookup = z.infer<typeof zCountryState>;

export const zTaxType = z.object({ code: z.string(), name: z.string(), format: z.string() });
export type TaxTypeLookup = z.infer<typeof zTaxType>;

export const zCountryTaxType = zTaxType.extend({ country: z.string() });
export type CountryTaxTypeLookup = z.infer<typeof zCountryTaxType>;

/** Country code → its list (only countries that have one: US and CA). */
export const zStatesByCountry = z.record(z.string(), z.array(zState));
export const zTaxTypesByCountry = z.record(z.string(), z.array(zTaxType));

/** A country with its states (empty for countries without a list). */
export const zLocation = zCountry.extend({ states: z.array(zState) });
export type LocationLookup = z.infer<typeof zLocation>;

/** Path parameter of /States/{country} and /TaxTypes/{country}: an ISO alpha-2 code, any case. */
export const zCountryCodeParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Must be a 2-letter country code')
  .transform((v) => v.toUpperCase());

/** A role offered in user administration (GET /lookups/roles). */
export const zRoleOption = z.object({ id: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof zRoleOption>;
