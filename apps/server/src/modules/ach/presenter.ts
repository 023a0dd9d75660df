import {
  ACH_ACCOUNT_MASK,
  achAccountTypeName,
  type Ach,
  type AchListItem,
  type AchRef,
} from '@flowline/shared';
import type { AchNumbers } from './numbers';
import type { AchLinks, MaskedAchRow } from './repository';

const ref = ({ id, name }: AchRef): AchRef => ({ id, name });

/** Each connection once, in the (name) order the links came in. */
function distinctById<T extends AchRef>(rows: T[]): AchRef[] {
  const seen = new Map<number, AchRef>();
  for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, ref(row));
  return [...seen.values()];
}

/** '••••1234' from the stored last four digits (the full numbers are encrypted). */
const masked = (last4: string | null) => `${ACH_ACCOUNT_MASK}${last4 ?? ''}`;

/** A list row: both numbers masked, from their last four digits, never decrypted. */
export function presentAchListItem(row: MaskedAchRow, links: AchLinks): AchListItem {
  return {
    id: row.id,
    bankName: row.bankName,
    country: row.country,
    routingNumber: masked(row.routingLast4),
    accountNumberMasked: masked(row.accountLast4),
    accountTypeId: row.accountTypeId,
    accountTypeName: achAccountTypeName(row.accountTypeId),
    isActive: row.isActive,
    profiles: links.profiles.filter((p) => p.achId === row.id).map(ref),
    connections: distinctById(links.connections.filter((c) => c.achId === row.id)),
  };
}

/** One ACH for the form (Administrators only): the decrypted numbers and the spec's shape. */
export function presentAch(row: MaskedAchRow, links: AchLinks, numbers: AchNumbers): Ach {
  const item = presentAchListItem(row, links);
  const connections = links.connections.filter((c) => c.achId === row.id);
  return {
    ...item,
    routingNumber: numbers.routingNumber,
    accountNumber: numbers.accountNumber,
    orgUnitIds: item.profiles.map((p) => p.id),
    partyIds: item.connections.map((c) => c.id),
    partiesByOrgUnitId: item.profiles.map((profile) => ({
      key: profile.id,
      value: connections.filter((c) => c.orgUnitId === profile.id).map(ref),
    })),
  };
}
