import { meanConfidence, textOf, type TextLine, type Token } from './lines';
import { parseAmount, parseNumber } from './parse';

/**
 * The invoice's table of lines: a header line naming at least a description and an amount column
 * (or three known columns), the columns' x-ranges taken from the header words, then one row per
 * line below until a totals line. A line with words only in the description column continues the
 * previous row's description. A header repeated on a later page continues the table there.
 */

export interface ProposedLine {
  description: string | null;
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
  confidence: number;
}

type Column = 'description' | 'quantity' | 'unitPrice' | 'amount' | 'other';

const HEADER_WORDS: { pattern: RegExp; column: Column }[] = [
  {
    pattern:
      /^(?:item description|description of (?:services|work)|work performed|description|service|services|details|particulars|product|item)$/,
    column: 'description',
  },
  {
    pattern: /^(?:qty|quantity|units|hours|hrs|qty shipped|no of units|days)$/,
    column: 'quantity',
  },
  {
    pattern:
      /^(?:unit price|unit cost|price each|price|rate|unit rate|each|cost|unit \$|price\/unit)$/,
    column: 'unitPrice',
  },
  {
    pattern:
      /^(?:amount|line total|total|ext price|extended price|extended amount|extended|ext amount|line amount|net amount|amount \(usd\)|amount usd)$/,
    column: 'amount',
  },
  {
    pattern: /^(?:uom|unit|um|code|item #|item no|sku|date|tax|disc|discount|#|no|line)$/,
    column: 'other',
  },
];

const STOP_ROW =
  /\b(?:sub ?total|subtotal|total|amount due|balance due|tax|freight|shipping|please pay|notes?|remit|thank you|terms)\b/;

interface HeaderColumn {
  column: Column;
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
      if (i + n > tokens.length) continue;
      const span = tokens.slice(i, i + n);
      const norm = span
        .map((t) => t.norm)
        .join(' ')
        .trim();
      const word = HEADER_WORDS.find((w) => w.pattern.test(norm));
      if (!word) continue;
      cols.push({ column: word.column, x0: span[0]!.x0, x1: span[n - 1]!.x1 });
      i += n;
      matched = true;
      break;
    }
    if (!matched) {
      if (tokens[i]!.norm !== '') unknown++;
      i++;
    }
  }
  const kinds = new Set(cols.map((c) => c.column));
  const known = [...kinds].filter((k) => k !== 'other').length;
  const ok =
    kinds.has('amount') && (kinds.has('description') || known >= 3) && unknown <= cols.length;
  if (!ok || cols.filter((c) => c.column === 'amount').length > 2) return null;
  // Two amount-like headers ('Total' and 'Amount'): the rightmost is the line amount.
  const amounts = cols.filter((c) => c.column === 'amount');
  if (amounts.length === 2) amounts[0]!.column = 'unitPrice';
  return cols.sort((a, b) => a.x0 - b.x0);
}

function assign(cols: HeaderColumn[], tokens: Token[]): Map<Column, Token[]> {
  const out = new Map<Column, Token[]>();
  for (const t of tokens) {
    const mid = (t.x0 + t.x1) / 2;
    let best = 0;
    for (let i = 0; i < cols.length; i++) {
      const right = i + 1 < cols.length ? (cols[i]!.x1 + cols[i + 1]!.x0) / 2 : Infinity;
      const left = i > 0 ? (cols[i - 1]!.x1 + cols[i]!.x0) / 2 : -Infinity;
      if (mid >= left && mid < right) best = i;
    }
    const col = cols[best]!.column;
    out.set(col, [...(out.get(col) ?? []), t]);
  }
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
  for (const line of lines) {
    const header = headerColumns(line);
    if (header) {
      cols = header;
      lineIndexes.add(line.index);
      lastRow = null;
      continue;
    }
    if (!cols) continue;
    const joined = line.tokens.map((t) => t.norm).join(' ');
    const previous = lastRow?.line ?? lines[line.index - 1];
    const farBelow =
      previous && previous.page === line.page && line.top - previous.bottom > 4 * line.height;
    const newPage = previous && previous.page !== line.page;
    if (STOP_ROW.test(joined) || farBelow || newPage) {
      cols = null;
      continue;
    }
    const cells = assign(cols, line.tokens);
    const amountTokens = cells.get('amount') ?? [];
    const amount = amountTokens.length ? parseAmount(textOf(amountTokens)) : null;
    const descTokens = cells.get('description') ?? [];
    const description = descTokens.length ? textOf(descTokens).trim() : null;
    lineIndexes.add(line.index);
    if (!amount) {
      const numbers = [...cells.entries()].some(
        ([k, ts]) => k !== 'description' && k !== 'other' && ts.length > 0,
      );
      if (
        lastRow &&
        description &&
        !numbers &&
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
