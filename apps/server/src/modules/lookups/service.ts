import {
  assignableRoleIds,
  countries,
  listTimeZones,
  regionsByCountry,
  regionsOf,
  roleNames,
  taxTypes,
  taxTypesOf,
  type CountryLookup,
  type CountryStateLookup,
  type CountryTaxTypeLookup,
  type LocationLookup,
  type RoleOption,
  type StateLookup,
  type TaxTypeLookup,
  type TimeZoneLookup,
} from '@flowline/shared';

/** Reference data of spec 3 §3 and §9, served from packages/shared so forms and API agree. */

const ONE_HOUR_MS = 60 * 60 * 1000;
let timeZoneCache: { at: number; list: TimeZoneLookup[] } | null = null;

/**
 * Display names carry today's UTC offset, which moves with daylight saving time; the list is
 * computed at most once an hour (the clients' cache lifetime) since it formats ~400 zones.
 */
export function getTimeZones(now = Date.now()): TimeZoneLookup[] {
  if (!timeZoneCache || now - timeZoneCache.at >= ONE_HOUR_MS) {
    timeZoneCache = { at: now, list: listTimeZones(new Date(now)) };
  }
  return timeZoneCache.list;
}

export const getCountries = (): CountryLookup[] => countries.map((c) => ({ ...c }));

const presentState = ({ code, name }: StateLookup): StateLookup => ({ code, name });
const presentTaxType = ({ code, name, format }: TaxTypeLookup): TaxTypeLookup => ({
  code,
  name,
  format,
});

export function getAllStates(): CountryStateLookup[] {
  return Object.entries(regionsByCountry).flatMap(([country, regions]) =>
    regions.map((r) => ({ ...presentState(r), country })),
  );
}

export const getAllTaxTypes = (): CountryTaxTypeLookup[] => taxTypes.map((t) => ({ ...t }));

export const getStates = (country: string): StateLookup[] => regionsOf(country).map(presentState);

export const getTaxTypes = (country: string): TaxTypeLookup[] =>
  taxTypesOf(country).map(presentTaxType);

export function getStatesByCountry(): Record<string, StateLookup[]> {
  return Object.fromEntries(
    Object.entries(regionsByCountry).map(([country, regions]) => [
      country,
      regions.map(presentState),
    ]),
  );
}

export function getTaxTypesByCountry(): Record<string, TaxTypeLookup[]> {
  return Object.fromEntries(
    Object.keys(regionsByCountry).map((country) => [country, getTaxTypes(country)]),
  );
}

export const getLocations = (): LocationLookup[] =>
  countries.map((c) => ({ ...c, states: getStates(c.code) }));

/** Spec 3 §3: user administration offers Administrator, ReadOnly and Processor only. */
export const getAssignableRoles = (): RoleOption[] =>
  assignableRoleIds.map((id) => ({ id, name: roleNames[id] }));
