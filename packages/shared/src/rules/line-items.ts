import { RouteStatus, UserType, type RouteStatusId } from '../ids';
import { routeStatusName } from '../schemas/documents';
import { canChangeData } from './roles';
import { isInvoiceDocument, workflowMessages } from './document-workflow';
import {
  isBlankValue,
  isPlainNumber,
  lineAmountMessage,
  toCents,
  type LineItemColumn,
} from './document-validation';

/**
 * Detail line items (spec 1 §2–§5; docs/line-items.md). The sender owns the lines (description,
 * quantity, unit price, amount); the receiving company codes each line on its own side (AFE, cost
 * center, account code, well, property), never changing the sender's values.
 */

/** Line-item account kinds (spec 1 §3). */
export const AccountKind = {
  AFE: 1,
  CostCenter: 2,
  AccountCode: 3,
  Vendor: 4,
  OrgUnit: 5,
  Deck: 6,
  Well: 7,
  Property: 8,
} as const;
export type AccountKindId = (typeof AccountKind)[keyof typeof AccountKind];

export const accountKindNames: Record<AccountKindId, string> = {
  1: 'AFE',
  2: 'Cost Center',
  3: 'Account Code',
  4: 'Vendor',
  5: 'Org Unit',
  6: 'Deck',
  7: 'Well',
  8: 'Property',
};

/** The kinds a receiver codes a line with, and the cell key of each. */
export const codingKinds = [
  { kind: AccountKind.AFE, key: 'afe' },
  { kind: AccountKind.CostCenter, key: 'costCenter' },
  { kind: AccountKind.AccountCode, key: 'accountCode' },
  { kind: AccountKind.Well, key: 'well' },
  { kind: AccountKind.Property, key: 'property' },
] as const;
export type CodingKey = (typeof codingKinds)[number]['key'];
export const codingKeys: readonly CodingKey[] = codingKinds.map((c) => c.key);

export function codingKeyOf(kind: number): CodingKey | null {
  return codingKinds.find((c) => c.kind === kind)?.key ?? null;
}

/** The sender's cells, in order. */
export type SenderLineKey = 'description' | 'quantity' | 'unitPrice' | 'amount';
export const senderLineKeys: readonly SenderLineKey[] = [
  'description',
  'quantity',
  'unitPrice',
  'amount',
];

export interface LineItemColumnDefinition extends LineItemColumn {
  key: SenderLineKey | CodingKey;
  /** Whose cell it is: the sender's line or the receiver's coding. */
  owner: 'sender' | 'receiver';
  valueType: 'text' | 'number' | 'currency' | 'account';
  accountKind: AccountKindId | null;
}

export const senderLineColumns: readonly LineItemColumnDefinition[] = [
  {
    key: 'description',
    name: 'Description',
    owner: 'sender',
    valueType: 'text',
    accountKind: null,
    isRequired: true,
  },
  { key: 'quantity', name: 'Quantity', owner: 'sender', valueType: 'number', accountKind: null },
  {
    key: 'unitPrice',
    name: 'Unit Price',
    owner: 'sender',
    valueType: 'currency',
    accountKind: null,
  },
  {
    key: 'amount',
    name: 'Amount',
    owner: 'sender',
    valueType: 'currency',
    accountKind: null,
    isRequired: true,
    isAmount: true,
  },
];

export const codingColumns: readonly LineItemColumnDefinition[] = codingKinds.map((c) => ({
  key: c.key,
  name: accountKindNames[c.kind],
  owner: 'receiver',
  valueType: 'account',
  accountKind: c.kind,
}));

/** The sender sees its own lines; the receiver sees them followed by its coding columns. */
export function lineItemColumnsFor(side: 'sent' | 'received'): LineItemColumnDefinition[] {
  return side === 'received' ? [...senderLineColumns, ...codingColumns] : [...senderLineColumns];
}

export const lineItemMessages = {
  detailItems: (n: number) => `Show Detail Items (${n})`,
  notANumber: (line: number, column: string) => `Line ${line}: ${column} must be a number`,
  tooLong: (line: number, column: string, max: number) =>
    `Line ${line}: ${column} can be at most ${max} characters`,
  tooManyLines: (max: number) => `A document can have at most ${max} line items`,
  unknownLine: (line: number) => `Line ${line} does not exist on this document`,
  duplicateLine: (line: number) => `Line ${line} is given more than once`,
  unknownCode: (line: number, kind: string, code: string) =>
    `Line ${line}: ${code} is not one of your ${kind} codes`,
  amountMismatch: lineAmountMessage,
  linesTotal: (total: string) => `Lines total ${total}`,
  codingNotApplicable: 'Only invoices are coded.',
  codingNotAllowed: (status: string) => `A document in status ${status} can no longer be coded.`,
  linesSaved: 'Line items saved',
  codingSaved: 'Coding saved',
} as const;

export const MAX_LINE_ITEMS = 500;
export const LINE_DESCRIPTION_MAX = 500;
export const ACCOUNT_CODE_MAX = 50;

// ---- Who may code (the receiver's side of the transition table) ------------------------------

const { Received, Viewed, Approved } = RouteStatus;
/** A receiver codes an invoice it has not yet rejected or paid. */
export const CODING_STATUSES: readonly RouteStatusId[] = [Received, Viewed, Approved];

export interface CodingInput {
  templateId: number;
  documentTypeId?: number;
  routeStatusId: number | null;
  side: 'sent' | 'received';
  userType: number;
  roles: readonly number[];
  lineItemsEnabled: boolean;
}

export type CodingDecision =
  { allowed: true } | { allowed: false; refusal: 'role' | 'state'; message: string };

/**
 * Whether this user may save its company's coding of the lines now: the receiving side of an
 * invoice with line items, a member who may change data (not ReadOnly, never a Global support
 * user — like Approve), while the invoice is Received, Viewed or Approved.
 */
export function decideLineCoding(input: CodingInput): CodingDecision {
  if (!input.lineItemsEnabled || !isInvoiceDocument(input.templateId, input.documentTypeId)) {
    return { allowed: false, refusal: 'state', message: lineItemMessages.codingNotApplicable };
  }
  if (input.side !== 'received') {
    return { allowed: false, refusal: 'role', message: workflowMessages.notYourSide };
  }
  if (input.userType === UserType.Global) {
    return { allowed: false, refusal: 'role', message: workflowMessages.globalRefused };
  }
  if (!canChangeData(input)) {
    return { allowed: false, refusal: 'role', message: workflowMessages.roleRefused };
  }
  if (!CODING_STATUSES.includes(input.routeStatusId as RouteStatusId)) {
    return {
      allowed: false,
      refusal: 'state',
      message: lineItemMessages.codingNotAllowed(routeStatusName(input.routeStatusId)),
    };
  }
  return { allowed: true };
}

// ---- Row rules (spec 1 §4 'Line items behaviour') ---------------------------------------------

/** A row of cells by column key, as the pane edits it. */
export type LineCells = Record<string, string | null>;

export function isBlankRow(row: LineCells, columns: readonly { key: string }[]): boolean {
  return columns.every((c) => isBlankValue(row[c.key]));
}

export function blankRow(columns: readonly { key: string }[]): LineCells {
  return Object.fromEntries(columns.map((c) => [c.key, null]));
}

/** Add and delete row are disabled when all cells are read-only. */
export function canAddOrDeleteRows(columns: readonly { isReadonly?: boolean }[]): boolean {
  return columns.some((c) => !c.isReadonly);
}

/** Deleting the only row clears it instead of removing it. */
export function deleteLineRow<R extends LineCells>(
  rows: readonly R[],
  index: number,
  columns: readonly { key: string }[],
): LineCells[] {
  if (rows.length <= 1) return [blankRow(columns)];
  return rows.filter((_, i) => i !== index);
}

/** Adding suggested rows clears an entirely blank first row. */
export function addSuggestedRows(
  rows: readonly LineCells[],
  suggested: readonly LineCells[],
  columns: readonly { key: string }[],
): LineCells[] {
  const first = rows[0];
  const kept = first && isBlankRow(first, columns) ? rows.slice(1) : rows;
  return [...kept, ...suggested.map((s) => ({ ...blankRow(columns), ...s }))];
}

/** A cell's problem (number columns must hold plain numbers), or null. */
export function lineCellProblem(
  column: Pick<LineItemColumnDefinition, 'name' | 'valueType'>,
  value: string | null | undefined,
  line: number,
): string | null {
  if (isBlankValue(value)) return null;
  const text = value!.trim();
  if ((column.valueType === 'number' || column.valueType === 'currency') && !isPlainNumber(text)) {
    return lineItemMessages.notANumber(line, column.name);
  }
  const max = column.valueType === 'text' ? LINE_DESCRIPTION_MAX : ACCOUNT_CODE_MAX;
  if (text.length > max) return lineItemMessages.tooLong(line, column.name, max);
  return null;
}

/** The sum of the lines' amounts in cents (the running total beside the invoice total). */
export function linesTotalCents(rows: readonly { amount?: string | null }[]): number {
  return rows.reduce((sum, row) => sum + (toCents(row.amount ?? null) ?? 0), 0);
}

/** The detail line items pane (spec 1 §2): percent of the height, start and minimum. */
export const LINE_ITEMS_PANE = { startPercent: 40, minPercent: 20, maxPercent: 80 } as const;
