import { MetadataKey } from '../document-fields';
import { DocumentTemplate, FieldType } from '../ids';
import { formatCents, formatMoney } from './money';

/**
 * Document validation (spec 1 §5, spec 2 §5.5; docs/document-screen.md): the whole-document check
 * run before Send and before signing, the detail total check, and the per-field value check the
 * save endpoint runs. Values are in their canonical text form (docs/documents.md).
 */

/** What the validators need of a metadata definition (zMetadataDefinition fits). */
export interface ValidationField {
  id: number;
  key: string;
  name: string;
  isRequired: boolean;
  isThirdParty: boolean;
  isDollarTotal: boolean;
  isMultiple?: boolean;
  metadataType: { id: number };
}

export interface LineItemColumn {
  key: string;
  name: string;
  isRequired?: boolean;
  isThirdParty?: boolean;
  /** The column whose cells add up to the document's dollar total. */
  isAmount?: boolean;
}

/** One row of detail line items: cell values by column key. */
export type LineItemRow = Readonly<Record<string, string | null | undefined>>;

export interface LineItemsForValidation {
  columns: readonly LineItemColumn[];
  rows: readonly LineItemRow[];
}

export interface ValidateDocumentInput {
  /** Invoices (templates 2 and 11) have extra required fields (spec 2 §5.5). */
  templateId?: number;
  definitions: readonly ValidationField[];
  /** Values by metadata definition id. */
  values: Readonly<Record<number, string | null | undefined>>;
  /** Present when the type has line items enabled. */
  lineItems?: LineItemsForValidation | null;
}

/** Third-party fields are required except the division order address lines and zip. */
export const THIRD_PARTY_OPTIONAL_KEYS: readonly string[] = [
  'docOwnerAddressLineOne',
  'docOwnerAddressLineTwo',
  'docOwnerZipCode',
];

const INVOICE_TEMPLATES: readonly number[] = [DocumentTemplate.Invoice, DocumentTemplate.ArInvoice];

/** Invoices also require number, service date, total, scan date, org unit name and quantity. */
export const INVOICE_REQUIRED_KEYS: readonly string[] = [
  MetadataKey.number,
  'docServiceDate',
  'docTotal',
  MetadataKey.scanDate,
  MetadataKey.orgUnitName,
  'quantity',
];

export function isBlankValue(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const text = value.trim();
  return text === '' || text === '[]';
}

/** 'Field X is required' / 'Fields X, Y are required' (spec 2 §5.5). */
export function requiredFieldsMessage(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `Field ${names[0]} is required`;
  return `Fields ${names.join(', ')} are required`;
}

function isRequiredField(
  field: { key: string; isRequired?: boolean; isThirdParty?: boolean; isDollarTotal?: boolean },
  invoice: boolean,
): boolean {
  if (field.isRequired) return true;
  if (field.isThirdParty && !THIRD_PARTY_OPTIONAL_KEYS.includes(field.key)) return true;
  return invoice && (INVOICE_REQUIRED_KEYS.includes(field.key) || field.isDollarTotal === true);
}

/** The header fields Send needs and does not have, in definition order (to mark them). */
export function missingRequiredFields<F extends ValidationField>(
  input: Omit<ValidateDocumentInput, 'definitions'> & { definitions: readonly F[] },
): F[] {
  const invoice = INVOICE_TEMPLATES.includes(input.templateId ?? -1);
  return input.definitions.filter(
    (d) => isRequiredField(d, invoice) && isBlankValue(input.values[d.id]),
  );
}

/** The field error shown under a field Send needs. */
export const requiredFieldMessage = (name: string) => `${name} is required`;

/**
 * Null when the document may be sent (or signed); otherwise the one message the screen shows:
 * the missing required fields (header fields in definition order, then line-item cells as
 * 'Column (line n)'), or else the detail total mismatch.
 */
export function validateDocumentForSend(input: ValidateDocumentInput): string | null {
  const invoice = INVOICE_TEMPLATES.includes(input.templateId ?? -1);
  const missing = missingRequiredFields(input).map((d) => d.name);
  const lines = input.lineItems;
  if (lines) {
    const required = lines.columns.filter((c) => isRequiredField(c, invoice));
    lines.rows.forEach((row, i) => {
      for (const column of required) {
        if (isBlankValue(row[column.key])) missing.push(`${column.name} (line ${i + 1})`);
      }
    });
  }
  return requiredFieldsMessage(missing) ?? lineAmountMismatch(input) ?? detailTotalMismatch(input);
}

/** The first line whose Quantity × Unit Price does not give its Amount (issue 27 item 15). */
function lineAmountMismatch(input: ValidateDocumentInput): string | null {
  for (const [i, row] of (input.lineItems?.rows ?? []).entries()) {
    const problem = lineAmountProblem(row, i + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Spec 1 §5 detail total check: with line items enabled, a dollar-total field with a value and at
 * least one line item, the line amounts must add up to the total (compared in cents).
 */
export function detailTotalMismatch(input: ValidateDocumentInput): string | null {
  const lines = input.lineItems;
  if (!lines || lines.rows.length === 0) return null;
  const totalField = input.definitions.find((d) => d.isDollarTotal);
  const amountColumn =
    lines.columns.find((c) => c.isAmount) ?? lines.columns.find((c) => c.key === 'amount');
  if (!totalField || !amountColumn) return null;
  const total = toCents(input.values[totalField.id]);
  if (total === null) return null;
  const sum = lines.rows.reduce((acc, row) => acc + (toCents(row[amountColumn.key]) ?? 0), 0);
  if (sum === total) return null;
  return `Detail item total (${formatUsd(sum)}) does not match ${totalField.name} (${formatUsd(total)})`;
}

const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?$/;

/** A canonical decimal as whole cents (half away from zero); null when empty or not a number. */
export function toCents(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = `${fraction}000`;
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Whole cents as US dollars: 123456 → '$1,234.56', -500 → '-$5.00' (rules/money.ts). */
export function formatUsd(cents: number): string {
  return formatCents(cents);
}

// ---- Value validation by field type (the save endpoint; spec 1 §5 Date and Numeric fields) ----

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isRealDay(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A strictly valid calendar date in the canonical form yyyy-mm-dd. */
export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isRealDay(m[1]!, m[2]!, m[3]!);
}

/** An ISO 8601 date-time ('2024-03-05T14:30', seconds, fraction and offset optional). */
export function isValidIsoDateTime(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value);
  return m !== null && isRealDay(m[1]!, m[2]!, m[3]!);
}

export function isPlainNumber(value: string): boolean {
  return NUMBER.test(value);
}

export const metadataValueMessages = {
  date: (name: string) => `${name} must be a valid date (yyyy-mm-dd)`,
  dateTime: (name: string) => `${name} must be a valid date and time (ISO 8601)`,
  number: (name: string) => `${name} must be a number`,
  list: (name: string, allowed: readonly string[]) =>
    allowed.length ? `${name} must be one of: ${allowed.join(', ')}` : `${name} has no values`,
  multiple: (name: string) => `${name} must be a list of values`,
} as const;

function checkOne(
  field: Pick<ValidationField, 'name' | 'metadataType'>,
  value: string,
  allowed: readonly string[] | undefined,
): string | null {
  switch (field.metadataType.id) {
    case FieldType.Date:
      return isValidIsoDate(value) ? null : metadataValueMessages.date(field.name);
    case FieldType.DateTime:
      return isValidIsoDateTime(value) ? null : metadataValueMessages.dateTime(field.name);
    case FieldType.Currency:
    case FieldType.Numeric:
      return isPlainNumber(value) ? null : metadataValueMessages.number(field.name);
    case FieldType.List:
      return allowed?.includes(value)
        ? null
        : metadataValueMessages.list(field.name, allowed ?? []);
    default:
      return null;
  }
}

/**
 * Null when the value fits the field's type, else a message naming the field. Empty values are
 * fine here (required fields are checked before Send). Multiple-value fields hold a JSON array
 * of strings, each checked.
 */
export function validateMetadataValue(
  field: Pick<ValidationField, 'name' | 'metadataType' | 'isMultiple'>,
  value: string | null | undefined,
  allowedValues?: readonly string[],
): string | null {
  if (isBlankValue(value)) return null;
  const text = value!.trim();
  if (!field.isMultiple) return checkOne(field, text, allowedValues);
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return metadataValueMessages.multiple(field.name);
  }
  if (!Array.isArray(items) || !items.every((v) => typeof v === 'string')) {
    return metadataValueMessages.multiple(field.name);
  }
  for (const item of items as string[]) {
    const message = checkOne(field, item.trim(), allowedValues);
    if (message) return message;
  }
  return null;
}

export const lineAmountMessage = (
  line: number,
  quantity: string,
  unitPrice: string,
  expected: string,
  amount: string,
) =>
  `Line ${line}: Quantity × Unit Price (${quantity} × ${unitPrice} = ${expected}) does not match Amount (${amount})`;

/**
 * Quantity × Unit Price against Amount (issue 27 item 15): when all three are numbers, the
 * product rounded to cents may differ from the amount by at most one cent (rounding of a unit
 * price with more decimals); otherwise the message names the line and the numbers. Used by the
 * lines save, Send and Resubmit on the server and by the pane on the screen.
 */
export function lineAmountProblem(
  row: { quantity?: string | null; unitPrice?: string | null; amount?: string | null },
  line: number,
): string | null {
  const q = row.quantity?.trim() ?? '';
  const p = row.unitPrice?.trim() ?? '';
  const a = row.amount?.trim() ?? '';
  if (!q || !p || !a || !isPlainNumber(q) || !isPlainNumber(p) || !isPlainNumber(a)) return null;
  const product = Number(q) * Number(p);
  if (!Number.isFinite(product)) return null;
  // Half away from zero, with a nudge for binary fractions (2.675 × 1 is 2.67499…).
  const expected = Math.sign(product) * Math.round(Math.abs(product) * 100 + 1e-6);
  const amount = toCents(a);
  if (amount === null || Math.abs(expected - amount) <= 1) return null;
  return lineAmountMessage(line, q, formatMoney(p), formatCents(expected), formatCents(amount));
}
