import {
  AchCountry,
  type Ach,
  type AchAvailableParty,
  type AchFormValues,
  type AchRef,
} from '@flowline/shared';
import type { DefaultValues } from 'react-hook-form';

export const ACH_TEXT_MAX = 255;
const US_ROUTING_LENGTH = 9;

/** What a digits-only field keeps of typed or pasted text: digits, up to its maximum length. */
export function keepDigits(raw: string, maxLength: number): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** A US routing number stops at 9 digits; other countries at the column's 255. */
export function routingNumberMaxLength(country: string | undefined): number {
  return country === AchCountry.UnitedStates ? US_ROUTING_LENGTH : ACH_TEXT_MAX;
}

/** A new ACH: nothing chosen, except the profile when the company has only one (spec 2 §9). */
export function newAchValues(profiles: readonly AchRef[]): DefaultValues<AchFormValues> {
  const [only] = profiles;
  return {
    bankName: '',
    routingNumber: '',
    accountNumber: '',
    isActive: true,
    orgUnitIds: profiles.length === 1 && only ? [only.id] : [],
    partyIds: [],
  };
}

export function achFormValues(ach: Ach): DefaultValues<AchFormValues> {
  return {
    bankName: ach.bankName,
    country: ach.country === 'US' || ach.country === 'O' ? ach.country : undefined,
    routingNumber: ach.routingNumber,
    accountNumber: ach.accountNumber,
    accountTypeId:
      ach.accountTypeId === 1 || ach.accountTypeId === 2 ? ach.accountTypeId : undefined,
    isActive: ach.isActive,
    orgUnitIds: ach.orgUnitIds,
    partyIds: ach.partyIds,
  };
}

/** Once the connections of the chosen profiles are known, drop chosen ones that are no longer offered. */
export function keepOfferedParties(
  partyIds: readonly number[],
  offered: readonly AchAvailableParty[],
): number[] {
  const ids = new Set(offered.map((p) => p.id));
  return partyIds.filter((id) => ids.has(id));
}

/** Options for a chip picker: the offered ones plus chosen ones not offered (names from the ACH). */
export function pickerOptions(
  offered: readonly AchRef[],
  chosenIds: readonly number[],
  known: readonly AchRef[],
): AchRef[] {
  const options = new Map(offered.map((o) => [o.id, { id: o.id, name: o.name }]));
  for (const id of chosenIds) {
    if (options.has(id)) continue;
    const name = known.find((k) => k.id === id)?.name ?? `#${id}`;
    options.set(id, { id, name });
  }
  return [...options.values()];
}
