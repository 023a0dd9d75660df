import {
  achAccountTypeName,
  maskAccountNumber,
  type Ach,
  type AchListItem,
  type AchRef,
} from '@flowline/shared';
import type { AchLinks, AchRow } from './repository';

const ref = ({ id, name }: AchRef): AchRef => ({ id, name });

/** Each connection once, in the (name) order the links came in. */
function distinctById<T extends AchRef>(rows: T[]): AchRef[] {
  const seen = new Map<number, AchRef>();
  for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, ref(row));
  return [...seen.values()];
}

/** A list row: the account number is masked, never sent in full. */
export function presentAchListItem(row: AchRow, links: AchLinks): AchListItem {
  return {
    id: row.id,
    bankName: row.bankName,
    country: row.country,
    routingNumber: row.routingNumber,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    accountTypeId: row.accountTypeId,
    accountTypeName: achAccountTypeName(row.accountTypeId),
    isActive: row.isActive,
    profiles: links.profiles.filter((p) => p.achId === row.id).map(ref),
    connections: distinctById(links.connections.filter((c) => c.achId === row.id)),
  };
}

/** One ACH for the form (Administrators only): the full account number and the spec's shape. */
export function presentAch(row: AchRow, links: AchLinks): Ach {
  const item = presentAchListItem(row, links);
  const connections = links.connections.filter((c) => c.achId === row.id);
  return {
    ...item,
    accountNumber: row.accountNumber,
    orgUnitIds: item.profiles.map((p) => p.id),
    partyIds: item.connections.map((c) => c.id),
    partiesByOrgUnitId: item.profiles.map((profile) => ({
      key: profile.id,
      value: connections.filter((c) => c.orgUnitId === profile.id).map(ref),
    })),
  };
}
