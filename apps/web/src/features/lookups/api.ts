import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zCountry,
  zCountryState,
  zCountryTaxType,
  zLocation,
  zRoleOption,
  zState,
  zStatesByCountry,
  zTaxType,
  zTaxTypesByCountry,
  zTimeZone,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * Reference data for address and tax fields (spec 3 §9: lists come from the server). The service
 * lookups are public, so they work on the Sign Up page and never send a token or Company-Id.
 */
export const lookupKeys = {
  all: ['lookups'] as const,
  timeZones: () => [...lookupKeys.all, 'time-zones'] as const,
  countries: () => [...lookupKeys.all, 'countries'] as const,
  allStates: () => [...lookupKeys.all, 'all-states'] as const,
  allTaxTypes: () => [...lookupKeys.all, 'all-tax-types'] as const,
  states: (country: string) => [...lookupKeys.all, 'states', country] as const,
  taxTypes: (country: string) => [...lookupKeys.all, 'tax-types', country] as const,
  statesByCountry: () => [...lookupKeys.all, 'states-by-country'] as const,
  taxTypesByCountry: () => [...lookupKeys.all, 'tax-types-by-country'] as const,
  locations: () => [...lookupKeys.all, 'locations'] as const,
  roles: () => [...lookupKeys.all, 'roles'] as const,
};

const lookup = <T>(path: string, schema: z.ZodType<T>) =>
  apiRequest(`/servicesLookup/${path}`, { schema, auth: false, company: false });

export const getTimeZones = () => lookup('Timezones', z.array(zTimeZone));
export const getCountries = () => lookup('Countries', z.array(zCountry));
export const getAllStates = () => lookup('AllStates', z.array(zCountryState));
export const getAllTaxTypes = () => lookup('AllTaxTypes', z.array(zCountryTaxType));
export const getStates = (country: string) =>
  lookup(`States/${encodeURIComponent(country)}`, z.array(zState));
export const getTaxTypes = (country: string) =>
  lookup(`TaxTypes/${encodeURIComponent(country)}`, z.array(zTaxType));
export const getStatesByCountry = () => lookup('AllStatesByCountry', zStatesByCountry);
export const getTaxTypesByCountry = () => lookup('AllTaxTypesByCountry', zTaxTypesByCountry);
export const getLocations = () => lookup('Locations', z.array(zLocation));
/** Needs a signed-in user (no company). */
export const getAssignableRoles = () =>
  apiRequest('/lookups/roles', { schema: z.array(zRoleOption), company: false });

// The server caches these for an hour; they do not change while the app is open.
const STATIC = { staleTime: 60 * 60_000, gcTime: 2 * 60 * 60_000 };

export const timeZonesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.timeZones(), queryFn: getTimeZones, ...STATIC });
export const countriesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.countries(), queryFn: getCountries, ...STATIC });
export const allStatesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.allStates(), queryFn: getAllStates, ...STATIC });
export const allTaxTypesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.allTaxTypes(), queryFn: getAllTaxTypes, ...STATIC });
export const statesQueryOptions = (country: string) =>
  queryOptions({
    queryKey: lookupKeys.states(country),
    queryFn: () => getStates(country),
    enabled: country !== '',
    ...STATIC,
  });
export const taxTypesQueryOptions = (country: string) =>
  queryOptions({
    queryKey: lookupKeys.taxTypes(country),
    queryFn: () => getTaxTypes(country),
    enabled: country !== '',
    ...STATIC,
  });
export const statesByCountryQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.statesByCountry(),
    queryFn: getStatesByCountry,
    ...STATIC,
  });
export const taxTypesByCountryQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.taxTypesByCountry(),
    queryFn: getTaxTypesByCountry,
    ...STATIC,
  });
export const locationsQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.locations(), queryFn: getLocations, ...STATIC });
export const assignableRolesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.roles(), queryFn: getAssignableRoles, ...STATIC });

/** Failures show the server's message in the snackbar (spec 3 §8 'Lookup load failure'). */
export const useTimeZones = () => useQuery(timeZonesQueryOptions());
export const useCountries = () => useQuery(countriesQueryOptions());
export const useAllStates = () => useQuery(allStatesQueryOptions());
export const useAllTaxTypes = () => useQuery(allTaxTypesQueryOptions());
/** The states or provinces of a country code ('' → no request, no list). */
export const useStates = (country: string | null | undefined) =>
  useQuery(statesQueryOptions(country?.toUpperCase() ?? ''));
export const useTaxTypes = (country: string | null | undefined) =>
  useQuery(taxTypesQueryOptions(country?.toUpperCase() ?? ''));
export const useStatesByCountry = () => useQuery(statesByCountryQueryOptions());
export const useTaxTypesByCountry = () => useQuery(taxTypesByCountryQueryOptions());
export const useLocations = () => useQuery(locationsQueryOptions());
export const useAssignableRoles = () => useQuery(assignableRolesQueryOptions());
