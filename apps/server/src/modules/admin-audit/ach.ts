import type { AdminChange } from './record';
import { diffFields, maskAccountNumber } from './record';

/** What the audit keeps of an ACH form: never a full routing or account number (last 4 only). */
interface AchLike {
  bankName: string;
  country: string;
  accountTypeId: number;
  isActive: boolean;
  routingLast4?: string | null;
  accountLast4?: string | null;
  routingNumber?: string;
  accountNumber?: string;
}
const FIELDS = [
  'bankName',
  'country',
  'accountTypeId',
  'isActive',
  'routingNumber',
  'accountNumber',
] as const;

/** A stored row keeps only the last four digits. */
const last4 = (digits: string | null | undefined) => (digits ? `****${digits}` : null);

function masked(a: AchLike) {
  return {
    bankName: a.bankName,
    country: a.country,
    accountTypeId: a.accountTypeId,
    isActive: a.isActive,
    routingNumber: a.routingNumber ? maskAccountNumber(a.routingNumber) : last4(a.routingLast4),
    accountNumber: a.accountNumber ? maskAccountNumber(a.accountNumber) : last4(a.accountLast4),
  };
}

/** The audit entry of an ACH form created, updated or deleted (docs/admin-audit.md). */
export function achChange(
  kind: 'created' | 'updated' | 'deleted',
  id: number,
  before: AchLike | null,
  after: AchLike | null,
): AdminChange {
  const bank = (after ?? before)?.bankName ?? '';
  return {
    action: `ach.${kind}`,
    entityType: 'ach',
    entityId: id,
    summary: `${kind === 'created' ? 'Created' : kind === 'updated' ? 'Changed' : 'Deleted'} the ACH form of ${bank}`,
    changes: diffFields(before && masked(before), after && masked(after), FIELDS),
  };
}
