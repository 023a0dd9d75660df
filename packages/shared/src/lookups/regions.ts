import { caProvinces } from './ca-provinces';
import { taxTypes, type TaxType } from './tax-types';
import { usStates } from './us-states';

/** A state, province or territory. */
export interface Region {
  code: string;
  name: string;
}

/** Spec 3 §9: states and tax types exist only for the United States and Canada. */
export const regionsByCountry: Readonly<Record<string, readonly Region[]>> = {
  US: usStates,
  CA: caProvinces,
};

export const countriesWithRegions = Object.keys(regionsByCountry);

/** The states or provinces of a country; empty for countries without a list. */
export function regionsOf(country: string | null | undefined): readonly Region[] {
  return (country && regionsByCountry[country.toUpperCase()]) || [];
}

export function taxTypesOf(country: string | null | undefined): readonly TaxType[] {
  const code = country?.toUpperCase();
  return code ? taxTypes.filter((t) => t.country === code) : [];
}

export function findRegion(country: string | null | undefined, code: string | null | undefined) {
  return code ? regionsOf(country).find((r) => r.code === code.toUpperCase()) : undefined;
}

export function findTaxType(country: string | null | undefined, code: string | null | undefined) {
  return code ? taxTypesOf(country).find((t) => t.code === code.toUpperCase()) : undefined;
}
