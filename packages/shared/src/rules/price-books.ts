/**
 * Price books (issue 32 item 1; docs/price-books.md): the import's columns and row rules, the
 * import limits, which version is in force on a day, and the escaping of exported cells. Used by
 * the server (import, export, type-ahead, match) and by the web (template help, dialog limits).
 */

export const PRICE_BOOK_LIMITS = {
  /** An import file (CSV or XLSX) is at most 5 MB. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Data rows of one import (the header not counted). */
  maxRows: 10_000,
  /** A spreadsheet's parts may expand to at most 50 MB together… */
  maxUnzippedBytes: 50 * 1024 * 1024,
  /** …and no part more than 100 times its compressed size (a zip bomb). */
  maxZipRatio: 100,
  /** Parts in one XLSX (a normal workbook has about a dozen). */
  maxZipEntries: 200,
  maxColumns: 50,
  maxCellLength: 1000,
  /** Price tiers per item (columns Tier n Min Qty / Tier n Unit Price). */
  maxTiers: 3,
} as const;

export const priceBookMessages = {
  fileRequired: 'Choose a CSV or XLSX file',
  fileType: 'The file must be a CSV or an XLSX spreadsheet',
  tooLarge: 'A price book file can be at most 5 MB',
  tooManyRows: `A price book can hold at most ${PRICE_BOOK_LIMITS.maxRows.toLocaleString('en-US')} rows`,
  zipBomb: 'The spreadsheet expands to more than a price book can hold; save it again or use CSV',
  unreadable: 'The file could not be read as a CSV or XLSX spreadsheet',
  empty: 'The file has no price book rows',
  rowsInvalid: 'Some rows are not valid; nothing was imported',
  connectionNotConnected: 'Price books can be published only to a connected company',
  connectionNotFound: 'Connection not found',
  bookNotFound: 'Price book not found',
  versionNotFound: 'Price book version not found',
  notPublisher: 'Only the company that published this price book can change it',
  effectiveFromRequired: 'Effective From is required',
  effectiveToBeforeFrom: 'Effective To must be on or after Effective From',
  missingColumn: (name: string) => `The file has no ${name} column`,
  unknownColumn: (name: string) => `The column ${name} is not part of the price book template`,
} as const;

/** The template's columns, in order; the header names the import matches (case-insensitive). */
export const priceBookColumns = [
  { key: 'itemCode', header: 'Item Code', required: true },
  { key: 'description', header: 'Description', required: true },
  { key: 'uom', header: 'UOM', required: true },
  { key: 'unitPrice', header: 'Unit Price', required: true },
  { key: 'tier1MinQuantity', header: 'Tier 1 Min Qty', required: false },
  { key: 'tier1UnitPrice', header: 'Tier 1 Unit Price', required: false },
  { key: 'tier2MinQuantity', header: 'Tier 2 Min Qty', required: false },
  { key: 'tier2UnitPrice', header: 'Tier 2 Unit Price', required: false },
  { key: 'tier3MinQuantity', header: 'Tier 3 Min Qty', required: false },
  { key: 'tier3UnitPrice', header: 'Tier 3 Unit Price', required: false },
  { key: 'effectiveFrom', header: 'Effective From', required: false },
  { key: 'effectiveTo', header: 'Effective To', required: false },
  { key: 'contractNumber', header: 'Contract Number', required: false },
] as const;

export type PriceBookColumnKey = (typeof priceBookColumns)[number]['key'];

/** Example rows of the downloadable template. */
export const priceBookTemplateRows: string[][] = [
  [
    'VAC-130',
    'Vacuum truck, 130 bbl',
    'HR',
    '95.00',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'MSA-2026-014',
  ],
  ['HOT-OIL', 'Hot oil unit', 'HR', '140.00', '8', '130.00', '24', '120.00', '', '', '', '', ''],
  [
    'FW-BBL',
    'Fresh water',
    'BBL',
    '1.2500',
    '',
    '',
    '',
    '',
    '',
    '',
    '2026-01-01',
    '2026-06-30',
    '',
  ],
];

export interface PriceTier {
  /** The tier's price applies from this quantity on (canonical decimal text). */
  minQuantity: string;
  unitPrice: string;
}

/** One valid row of a price book (canonical decimals, ISO dates). */
export interface PriceBookItemInput {
  itemCode: string;
  description: string;
  uom: string;
  unitPrice: string;
  tiers: PriceTier[];
  effectiveFrom: string | null;
  effectiveTo: string | null;
  contractNumber: string | null;
}

export interface PriceBookRowError {
  /** The row's line in the file (the header is line 1). */
  line: number;
  reason: string;
}

const DECIMAL = /^\d{1,9}(?:\.\d{1,4})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** '1,250.5' or '$95' → '1250.5' / '95'; null when it is not a decimal with ≤ 4 places. */
export function canonicalDecimal(text: string): string | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!DECIMAL.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}

/** '2026-01-31' or '1/31/2026' → '2026-01-31'; null for anything else or a day that does not exist. */
export function canonicalDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const us = iso ? null : US_DATE.exec(value);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const MAX_LENGTH: Partial<Record<PriceBookColumnKey, number>> = {
  itemCode: 50,
  description: 250,
  uom: 20,
  contractNumber: 50,
};

const headerOf = (key: PriceBookColumnKey) => priceBookColumns.find((c) => c.key === key)!.header;

/**
 * One data row (cells by column key, already text) → the item, or every reason it is refused,
 * joined ('Unit Price must be an amount like 95.00; UOM is required').
 */
export function validatePriceBookRow(
  cells: Partial<Record<PriceBookColumnKey, string>>,
): { item: PriceBookItemInput } | { reason: string } {
  const reasons: string[] = [];
  const text = (key: PriceBookColumnKey) => (cells[key] ?? '').trim();
  for (const column of priceBookColumns) {
    const value = text(column.key);
    if (column.required && value === '') reasons.push(`${column.header} is required`);
    const max = MAX_LENGTH[column.key];
    if (max !== undefined && value.length > max) {
      reasons.push(`${column.header} can be at most ${max} characters`);
    }
  }
  const price = text('unitPrice');
  const unitPrice = price === '' ? null : canonicalDecimal(price);
  if (price !== '' && unitPrice === null) {
    reasons.push('Unit Price must be an amount like 95.00 (at most 4 decimals)');
  }

  const tiers: PriceTier[] = [];
  for (let n = 1; n <= PRICE_BOOK_LIMITS.maxTiers; n++) {
    const qtyKey = `tier${n}MinQuantity` as PriceBookColumnKey;
    const priceKey = `tier${n}UnitPrice` as PriceBookColumnKey;
    const qty = text(qtyKey);
    const tierPrice = text(priceKey);
    if (qty === '' && tierPrice === '') continue;
    if (qty === '' || tierPrice === '') {
      reasons.push(`Tier ${n} needs both a Min Qty and a Unit Price`);
      continue;
    }
    const minQuantity = canonicalDecimal(qty);
    const tierUnitPrice = canonicalDecimal(tierPrice);
    if (minQuantity === null || Number(minQuantity) <= 0) {
      reasons.push(`Tier ${n} Min Qty must be a quantity above 0`);
    } else if (tiers.length > 0 && Number(minQuantity) <= Number(tiers.at(-1)!.minQuantity)) {
      reasons.push(`Tier ${n} Min Qty must be above the tier before it`);
    }
    if (tierUnitPrice === null) reasons.push(`Tier ${n} Unit Price must be an amount like 95.00`);
    if (minQuantity !== null && tierUnitPrice !== null) {
      tiers.push({ minQuantity, unitPrice: tierUnitPrice });
    }
  }

  const dates: Record<'effectiveFrom' | 'effectiveTo', string | null> = {
    effectiveFrom: null,
    effectiveTo: null,
  };
  for (const key of ['effectiveFrom', 'effectiveTo'] as const) {
    const value = text(key);
    if (value === '') continue;
    dates[key] = canonicalDate(value);
    if (dates[key] === null) reasons.push(`${headerOf(key)} must be a date like 2026-01-31`);
  }
  if (dates.effectiveFrom && dates.effectiveTo && dates.effectiveTo < dates.effectiveFrom) {
    reasons.push(priceBookMessages.effectiveToBeforeFrom);
  }

  if (reasons.length > 0) return { reason: reasons.join('; ') };
  return {
    item: {
      itemCode: text('itemCode'),
      description: text('description'),
      uom: text('uom').toUpperCase(),
      unitPrice: unitPrice!,
      tiers,
      effectiveFrom: dates.effectiveFrom,
      effectiveTo: dates.effectiveTo,
      contractNumber: text('contractNumber') || null,
    },
  };
}

/** The key an item code is compared by (a file may not list one code twice). */
export const itemCodeKey = (code: string) => code.trim().toUpperCase();

/** Line-numbered rows of a file → the items and the bad rows, duplicates of a code included. */
export function validatePriceBookRows(
  rows: Array<{ line: number; cells: Partial<Record<PriceBookColumnKey, string>> }>,
): { items: Array<PriceBookItemInput & { line: number }>; errors: PriceBookRowError[] } {
  const items: Array<PriceBookItemInput & { line: number }> = [];
  const errors: PriceBookRowError[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of rows) {
    const result = validatePriceBookRow(cells);
    if ('reason' in result) {
      errors.push({ line, reason: result.reason });
      continue;
    }
    const key = itemCodeKey(result.item.itemCode);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      errors.push({
        line,
        reason: `Item Code ${result.item.itemCode} is already on line ${earlier}`,
      });
      continue;
    }
    firstLine.set(key, line);
    items.push({ ...result.item, line });
  }
  return { items, errors };
}

/** 'Line 4: Unit Price is required' — how a bad row is named to people. */
export const describeRowError = (e: PriceBookRowError) => `Line ${e.line}: ${e.reason}`;

export type PriceBookVersionStatus = 'current' | 'scheduled' | 'past';

export interface VersionDates {
  id: number;
  versionNumber: number;
  effectiveFrom: string;
  effectiveTo: string | null;
}

/**
 * The version in force on `day` (ISO date): among versions that have started and not ended, the
 * one that started last (a later upload wins a tie). A newer version supersedes an older one from
 * its start, even when the older one names a later end.
 */
export function versionInForce<T extends VersionDates>(versions: T[], day: string): T | null {
  let found: T | null = null;
  for (const v of versions) {
    if (v.effectiveFrom > day || (v.effectiveTo !== null && v.effectiveTo < day)) continue;
    if (
      !found ||
      v.effectiveFrom > found.effectiveFrom ||
      (v.effectiveFrom === found.effectiveFrom && v.versionNumber > found.versionNumber)
    ) {
      found = v;
    }
  }
  return found;
}

/** Each version's status on `today`: the one in force is current, a later start is scheduled. */
export function versionStatus(
  versions: VersionDates[],
  version: VersionDates,
  today: string,
): PriceBookVersionStatus {
  if (version.effectiveFrom > today) return 'scheduled';
  return versionInForce(versions, today)?.id === version.id ? 'current' : 'past';
}

/** Whether an item of a version applies on `day` (its own dates narrow the version's). */
export function itemAppliesOn(
  item: { effectiveFrom: string | null; effectiveTo: string | null },
  day: string,
): boolean {
  return (
    (item.effectiveFrom === null || item.effectiveFrom <= day) &&
    (item.effectiveTo === null || item.effectiveTo >= day)
  );
}

/**
 * A cell written to an exported CSV or spreadsheet: text a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return) is prefixed with an apostrophe (OWASP 'CSV injection').
 * Plain numbers ('-5', '+1.5') stay numbers.
 */
export function escapeSpreadsheetCell(value: string): string {
  if (/^[-+]?\d+(?:\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
