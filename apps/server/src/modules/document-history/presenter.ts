import {
  codingRuleMessages,
  HistoryOperation,
  historyOperationInfo,
  type HistoryDetails,
  type HistoryEntry,
} from '@flowline/shared';
import type { HistoryListRow, HistoryRow } from './repository';

/**
 * Who an entry names. 'Received' is the receiving company's event, done by the system when the
 * sender sent: it names that company, never the sender's user who triggered it (issue 11 item 12).
 */
function actorOf({ entry, firstName, lastName, companyName }: HistoryListRow): string | null {
  if (entry.operationId === HistoryOperation.Receive) return companyName ?? 'System';
  // An automatic approval is the receiving company's rule acting, not one of its users.
  if (isAutomaticApproval(entry)) return companyName ?? 'System';
  return [firstName, lastName].filter(Boolean).join(' ') || null;
}

type StoredEntry = Pick<
  HistoryRow,
  'operationId' | 'userId' | 'objectName' | 'newValue' | 'details'
>;

/**
 * An approval by a coding rule (docs/coding-rules.md): no user, the rule's name as the object
 * name. Read from those columns, so entries written before the rule's details were stored show
 * the same way.
 */
export function isAutomaticApproval(entry: StoredEntry): boolean {
  return (
    entry.operationId === HistoryOperation.Approve &&
    entry.userId === null &&
    entry.objectName !== null
  );
}

/** The reason given with a Reject (its value) or a Return unsigned (its 'Reason' detail). */
export function reasonOf(entry: StoredEntry): string | null {
  if (entry.operationId === HistoryOperation.Reject) return entry.newValue || null;
  if (entry.operationId !== HistoryOperation.ReturnUnsigned) return null;
  const items = Array.isArray(entry.details) ? (entry.details as unknown[]) : [];
  const reason = items.find(
    (i): i is { newValue: string } =>
      !!i &&
      typeof i === 'object' &&
      (i as { name?: unknown }).name === 'Reason' &&
      typeof (i as { newValue?: unknown }).newValue === 'string',
  );
  return reason?.newValue || null;
}

export function presentHistoryEntry(row: HistoryListRow): HistoryEntry {
  const { entry } = row;
  const op = historyOperationInfo(entry.operationId);
  const automatic = isAutomaticApproval(entry);
  const reason = reasonOf(entry);
  return {
    id: entry.id,
    operation: {
      id: op.id,
      name: op.name,
      // The three-way match's entries say what matched, the exceptions, the accepted comment
      // (docs/three-way-match.md).
      label:
        entry.objectType === 'match' && entry.newValue
          ? entry.newValue
          : automatic
            ? codingRuleMessages.approvedAutomatically(entry.objectName!)
            : op.label,
      categories: [op.category],
    },
    objectId: entry.documentId,
    objectName: entry.objectName,
    objectType: entry.objectType,
    oldValue: entry.oldValue,
    newValue: entry.newValue,
    rowNumber: entry.rowNumber,
    updateUser: actorOf(row),
    updateDate: entry.createdAt.toISOString(),
    hasHistoryDetails: entry.details !== null || automatic,
    metadataTypeId: entry.metadataTypeId,
    summary: reason === null ? null : `Reason: ${reason}`,
  };
}

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * The details of an entry. The stored form is `[{ name, oldValue, newValue }]` (or an object with
 * such `items`); any other object is shown as one row per property, its value as the new value.
 */
export function presentHistoryDetails(row: HistoryRow): HistoryDetails {
  const details = row.details as unknown;
  // An automatic approval always names its rule, also when it was written without details.
  if (isAutomaticApproval(row) && details === null) {
    return {
      historyId: row.id,
      items: [{ name: 'Rule', oldValue: null, newValue: row.objectName }],
    };
  }
  // Attachment entries keep the attachment's id for us; people see its file name.
  if (row.objectType === 'attachment') {
    return {
      historyId: row.id,
      items: [
        {
          name: 'File name',
          oldValue: row.oldValue,
          newValue: row.newValue ?? (row.oldValue === null ? row.objectName : null),
        },
      ],
    };
  }
  const list = Array.isArray(details)
    ? details
    : details &&
        typeof details === 'object' &&
        Array.isArray((details as { items?: unknown }).items)
      ? (details as { items: unknown[] }).items
      : null;
  if (list) {
    return {
      historyId: row.id,
      items: list.map((item, i) => {
        const o = (item && typeof item === 'object' ? item : { newValue: item }) as Record<
          string,
          unknown
        >;
        return {
          name: text(o.name) ?? `#${i + 1}`,
          oldValue: text(o.oldValue),
          newValue: text(o.newValue),
        };
      }),
    };
  }
  const entries = details && typeof details === 'object' ? Object.entries(details) : [];
  return {
    historyId: row.id,
    items: entries.map(([name, value]) => ({ name, oldValue: null, newValue: text(value) })),
  };
}
