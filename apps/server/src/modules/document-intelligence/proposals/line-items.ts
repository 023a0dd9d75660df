import { labelWord } from './labels';
import { meanConfidence, segmentAt, textOf, type TextLine, type Token } from './lines';
import { parseAmount, parseNumber } from './parse';

/**
 * The invoice's table of lines: a header line naming at least a description and an amount column
 * (or three known columns), the columns' x-ranges taken from the header words, then one row per
 * line below until a totals line. A line with words only in the description column continues the
 * previous row's description. A header repeated on a later page continues the table there.
 */

export interface ProposedLine {
  /** The item or part code printed in its own column, kept apart from the description. */
  itemCode?: string | null;
  description: string | null;
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
  confidence: number;
}

type Column = 'code' | 'description' | 'quantity' | 'unitPrice' | 'amount' | 'other';

/**
 * Column headings by meaning, over words read as labelWord spells them ('Qty' → 'quantity',
 * 'Ext. Amount' → 'extended amount', 'U/M' → 'uom', 'Part No.' → 'part no').
 */
export const HEADER_WORDS: { pattern: RegExp; column: Column }[] = [
  {
    pattern:
      /^(?:item code|item #|item no|part no|part #|part|code|sku|product code|product no|stock no|material no|material|catalog no)$/,
    column: 'code',
  },
  {
    pattern:
      /^(?:item description|description of (?:services|work)|(?:service|work|job) description|work performed|description|service|services|details|particulars|product|item)$/,
    column: 'description',
  },
  {
    pattern: /^(?:qty|quantity|units|hours|hrs|qty shipped|quantity shipped|no of units|days)$/,
    column: 'quantity',
  },
  {
    pattern:
      /^(?:unit price|unit cost|price each|price|rate|unit rate|each|cost|unit \$|price\/unit|price per unit|unit amount)$/,
    column: 'unitPrice',
  },
  {
    pattern:
      /^(?:amount|line total|total|ext price|extended price|extended amount|extended total|extended|ext amount|line amount|net amount|amount \(usd\)|amount usd|total amount)$/,
    column: 'amount',
  },
  {
    pattern: /^(?:uom|unit|um|unit of measure|date|tax|disc|discount|#|no|line)$/,
    column: 'other',
  },
];

const STOP_ROW =
  /\b(?:sub ?total|subtotal|total|amount due|balance due|tax|freight|shipping|please pay|notes?|remit|thank you|terms)\b/;

interface HeaderColumn {
  column: Column;
  /** The heading as read ('item code'). */
  name: string;
  x0: number;
  x1: number;
}

/** Matches the header vocabulary greedily (two-word names first) over a line's words. */
function headerColumns(line: TextLine): HeaderColumn[] | null {
  const cols: HeaderColumn[] = [];
  const tokens = line.tokens;
  let unknown = 0;
  for (let i = 0; i < tokens.length;) {
    let matched = false;
    for (const n of [3, 2, 1]) {
      // A heading is one phrase: 'Unit' over the unit of measure and 'Price' over the next
      // column are two headings, 'Unit Price' set close together is one.
      if (i + n > segmentAt(line, i)[1]) continue;
      const span = tokens.slice(i, i + n);
      const norm = span
        .map((t) => labelWord(t.norm))
        .filter((w) => w !== '')
        .join(' ')
        .trim();
      const word = HEADER_WORDS.find((w) => w.pattern.test(norm));
      if (!word) continue;
      cols.push({ column: word.column, name: norm, x0: span[0]!.x0, x1: span[n - 1]!.x1 });
      i += n;
      matched = true;
      break;
    }
    if (!matched) {
      if (tokens[i]!.norm !== '') unknown++;
      i++;
    }
  }
  // 'Item | Description': the item column beside a description column holds codes.
  const descriptions = cols.filter((c) => c.column === 'description');
  if (descriptions.length === 2 && /^(?:item|product)$/.test(descriptions[0]!.name))
    descriptions[0]!.column = 'code';
  const kinds = new Set(cols.map((c) => c.column));
  const known = [...kinds].filter((k) => k !== 'other' && k !== 'code').length;
  const ok =
    kinds.has('amount') && (kinds.has('description') || known >= 3) && unknown <= cols.length;
  if (!ok || cols.filter((c) => c.column === 'amount').length > 2) return null;
  // Two amount-like headers ('Total' and 'Amount'): the rightmost is the line amount.
  const amounts = cols.filter((c) => c.column === 'amount');
  if (amounts.length === 2) amounts[0]!.column = 'unitPrice';
  return cols.sort((a, b) => a.x0 - b.x0);
}

const NUMERIC_COLUMNS = new Set<Column>(['quantity', 'unitPrice', 'amount']);
const looksNumeric = (t: Token) => /^[($-]*[$]?[\d.,]+\)?-?$|^[(-]?\$$|^USD$/i.test(t.text);

/** The column whose stretch (half-way to its neighbours' headings) holds x. */
function columnAt(cols: HeaderColumn[], x: number): Column {
  let best = 0;
  for (let i = 0; i < cols.length; i++) {
    const right = i + 1 < cols.length ? (cols[i]!.x1 + cols[i + 1]!.x0) / 2 : Infinity;
    const left = i > 0 ? (cols[i - 1]!.x1 + cols[i]!.x0) / 2 : -Infinity;
    if (x >= left && x < right) best = i;
  }
  return cols[best]!.column;
}

/**
 * The cells of a row. Words go to the column under which their middle lies, then by alignment: a
 * description is one phrase, so words that continue a description's phrase past its heading's
 * stretch stay in the description (a long description running under 'Qty'), unless they are
 * numbers under a numeric heading; and words that are not numbers never fill a numeric column.
 */
export function assign(cols: HeaderColumn[], line: TextLine): Map<Column, Token[]> {
  const out = new Map<Column, Token[]>();
  const put = (col: Column, t: Token) => out.set(col, [...(out.get(col) ?? []), t]);
  const tokens = line.tokens;
  // Numbers are set flush right under their heading: a number's column is found by its right
  // edge, and a currency sign ('$', '($', '-$') goes with the number after it.
  const numberColumn = (k: number): Column => {
    const t = tokens[k]!;
    const next = tokens[k + 1];
    if (/^[(-]?\$$|^USD$/i.test(t.text) && next && next.x0 - t.x1 < line.height)
      return columnAt(cols, next.x1 - 0.1);
    return columnAt(cols, t.x1 - 0.1);
  };
  const inDescription: { col: Column; t: Token }[] = [];
  let i = 0;
  while (i < tokens.length) {
    const [start, end] = segmentAt(line, i);
    const first = columnAt(cols, (tokens[start]!.x0 + tokens[start]!.x1) / 2);
    for (let k = start; k < end; k++) {
      const t = tokens[k]!;
      const numeric = looksNumeric(t);
      const at = numeric ? numberColumn(k) : columnAt(cols, (t.x0 + t.x1) / 2);
      if (first === 'description' && !(NUMERIC_COLUMNS.has(at) && numeric)) {
        put('description', t);
      } else if (NUMERIC_COLUMNS.has(at) && !numeric) {
        // A word under a numeric heading is not its number: a unit of measure whose heading was
        // not read, a stamp. (Description overflow was kept with its phrase above.)
        put('other', t);
      } else {
        if (first === 'description') inDescription.push({ col: at, t });
        put(at, t);
      }
    }
    i = end;
  }
  // '… annulus, 55' then '15' under Qty: the number inside the description's phrase is part of
  // the description when the column has a number of its own.
  for (const { col, t } of inDescription) {
    const cell = out.get(col) ?? [];
    if (cell.length > 1) {
      out.set(
        col,
        cell.filter((c) => c !== t),
      );
      put('description', t);
    }
  }
  const description = out.get('description');
  if (description) description.sort((a, b) => a.x0 - b.x0);
  return out;
}

export interface LineItemTable {
  lines: ProposedLine[];
  /** Line indexes of the header and rows, which the label rules leave alone. */
  lineIndexes: Set<number>;
  sum: number | null;
}

export function findLineItems(lines: TextLine[]): LineItemTable {
  const rows: ProposedLine[] = [];
  const lineIndexes = new Set<number>();
  let cols: HeaderColumn[] | null = null;
  let lastRow: { line: TextLine; row: ProposedLine } | null = null;
  /**
   * A table that ran to the bottom of a page (no totals line closed it) continues on the next
   * page under the same columns even without a repeated heading: the page's own header lines
   * are skipped until the first row with an amount in cents.
   */
  let carried: { cols: HeaderColumn[]; page: number } | null = null;
  for (const line of lines) {
    const header = headerColumns(line);
    if (header) {
      cols = header;
      carried = null;
      lineIndexes.add(line.index);
      lastRow = null;
      continue;
    }
    const joined = line.tokens.map((t) => t.norm).join(' ');
    if (!cols && carried && carried.page === line.page - 1 && !STOP_ROW.test(joined)) {
      const cells = assign(carried.cols, line);
      const amountText = textOf(cells.get('amount') ?? []);
      if (/\d[.,]\d{2}\)?-?$/.test(amountText) && parseAmount(amountText)) {
        cols = carried.cols;
        carried = null;
        lastRow = null;
      } else continue;
    }
    if (!cols) continue;
    const previous = lastRow?.line ?? lines[line.index - 1];
    const farBelow =
      previous && previous.page === line.page && line.top - previous.bottom > 4 * line.height;
    const newPage = previous && previous.page !== line.page;
    if (STOP_ROW.test(joined) || farBelow || newPage) {
      if (newPage && !STOP_ROW.test(joined)) carried = { cols, page: previous.page };
      cols = null;
      if (carried && newPage) {
        // This line may already be the continuation's first row.
        const cells = assign(carried.cols, line);
        const amountText = textOf(cells.get('amount') ?? []);
        if (!(/\d[.,]\d{2}\)?-?$/.test(amountText) && parseAmount(amountText))) continue;
        cols = carried.cols;
        carried = null;
        lastRow = null;
      } else continue;
    }
    const cells = assign(cols, line);
    const amountTokens = cells.get('amount') ?? [];
    const amount = amountTokens.length ? parseAmount(textOf(amountTokens)) : null;
    const descTokens = cells.get('description') ?? [];
    const description = descTokens.length ? textOf(descTokens).trim() : null;
    const codeTokens = cells.get('code') ?? [];
    lineIndexes.add(line.index);
    if (!amount) {
      const numbers = [...cells.entries()].some(
        ([k, ts]) => NUMERIC_COLUMNS.has(k) && ts.length > 0,
      );
      if (
        lastRow &&
        description &&
        !numbers &&
        codeTokens.length === 0 &&
        line.top - lastRow.line.bottom < 1.5 * line.height
      ) {
        lastRow.row.description = `${lastRow.row.description ?? ''} ${description}`.trim();
        lastRow.line = line;
      }
      continue;
    }
    const q = cells.get('quantity');
    const p = cells.get('unitPrice');
    const quantity = q?.length ? parseNumber(textOf(q)) : null;
    const unitPrice = p?.length ? parseNumber(textOf(p)) : null;
    let confidence =
      0.8 * amount.quality * (0.8 + 0.2 * Math.min(1, meanConfidence(line.tokens) / 0.85));
    if (quantity && unitPrice) {
      const product = Number(quantity.value) * Number(unitPrice.value);
      if (Math.abs(product - Number(amount.value)) < 0.011) confidence += 0.12;
    }
    const row: ProposedLine = {
      ...(codeTokens.length ? { itemCode: textOf(codeTokens) } : {}),
      description,
      quantity: quantity?.value ?? null,
      unitPrice: unitPrice?.value ?? null,
      amount: amount.value,
      confidence,
    };
    rows.push(row);
    lastRow = { line, row };
  }
  const sum = rows.length
    ? Math.round(rows.reduce((s, r) => s + Number(r.amount ?? 0), 0) * 100) / 100
    : null;
  return { lines: rows, lineIndexes, sum };
}
