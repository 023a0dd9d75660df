import { splitCents } from './candidates';
import { labelWord, ocrLabelWord } from './labels';
import { meanConfidence, segmentAt, textOf, type TextLine, type Token } from './lines';
import { creditSignLost, derivedPrice, readWithCents, reconcileLine, slipPrice } from './checks';
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
  /** The words no heading matched, to find an amount heading OCR garbled ('Eat Price'). */
  const unmatched: Token[] = [];
  // On a scan, a heading word may be a misreading of a known one ('Quantlty', 'Descriptlon').
  const headingWord = (t: Token) =>
    (line.source === 'ocr' ? ocrLabelWord(t.norm) : null) ?? labelWord(t.norm);
  for (let i = 0; i < tokens.length;) {
    let matched = false;
    for (const n of [3, 2, 1]) {
      // A heading is one phrase: 'Unit' over the unit of measure and 'Price' over the next
      // column are two headings, 'Unit Price' set close together is one.
      if (i + n > segmentAt(line, i)[1]) continue;
      const span = tokens.slice(i, i + n);
      const norm = span
        .map(headingWord)
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
      if (tokens[i]!.norm !== '') {
        unknown++;
        unmatched.push(tokens[i]!);
      }
      i++;
    }
  }
  // A scanned heading row with a description and a quantity or price but no amount heading read:
  // the last heading, right of every known one, is the amount ('Eat Price' for 'Ext Price').
  // Two price headings and no amount ('Price' and 'Eat Price'): the right one is the amount.
  const prices = cols.filter((c) => c.column === 'unitPrice');
  if (line.source === 'ocr' && !cols.some((c) => c.column === 'amount') && prices.length === 2)
    prices.sort((a, b) => a.x0 - b.x0)[1]!.column = 'amount';
  if (line.source === 'ocr' && !cols.some((c) => c.column === 'amount')) {
    const hasDesc = cols.some((c) => c.column === 'description');
    const numeric = cols.filter((c) => c.column === 'quantity' || c.column === 'unitPrice');
    const last = unmatched[unmatched.length - 1];
    const rightmost = Math.max(...cols.map((c) => c.x1));
    if (hasDesc && numeric.length && last && last.x0 > rightmost) {
      const [start, end] = segmentAt(line, tokens.indexOf(last));
      const phrase = tokens.slice(start, end).filter((t) => t.x0 > rightmost);
      if (phrase.length <= 2 && /[a-z]{2}/.test(last.norm)) {
        cols.push({ column: 'amount', name: 'amount', x0: phrase[0]!.x0, x1: last.x1 });
        unknown -= phrase.length;
      }
    }
  }
  unknown -= garbledQuantityHeading(line, cols, unmatched);
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
  cols.sort((a, b) => a.x0 - b.x0);
  // A scanned heading row whose left part OCR lost ('Quantity Unit Rate Amount' read, 'Item Code
  // Description' not): the words left of the first numeric heading are the description (item
  // codes leading it are split off later, splitLeadingCodes) — not a quantity no word fills.
  const first = cols[0]!;
  if (line.source === 'ocr' && !kinds.has('description') && NUMERIC_COLUMNS.has(first.column))
    cols.unshift({ column: 'description', name: 'description', x0: 0, x1: first.x0 - line.height });
  return cols;
}

/**
 * A scanned heading row whose quantity heading OCR garbled ('Qn', 'Oy' for 'Qty' — too short for
 * a safe fuzzy match): the first heading no word matched between the description and the unit
 * price is the quantity, any after it (a garbled 'UM') other columns. Without them the rows'
 * quantities were read into the price ('6 575.81' as 6575.81). A row's cells are still proven by
 * its arithmetic (reconcileLine) before they count as sure. Returns how many words it placed.
 */
function garbledQuantityHeading(line: TextLine, cols: HeaderColumn[], unmatched: Token[]): number {
  if (line.source !== 'ocr' || cols.some((c) => c.column === 'quantity')) return 0;
  const description = cols.find((c) => c.column === 'description');
  const price = cols.find((c) => c.column === 'unitPrice');
  if (!description || !price || price.x0 < description.x1) return 0;
  const between = unmatched.filter((t) => t.x0 > description.x1 && t.x1 < price.x0);
  if (between.length === 0) return 0;
  // One heading per phrase: 'Qn tm' set a column apart are two headings.
  const phrases: Token[][] = [];
  for (const t of between) {
    const [start] = segmentAt(line, line.tokens.indexOf(t));
    const last = phrases[phrases.length - 1];
    if (last && segmentAt(line, line.tokens.indexOf(last[0]!))[0] === start) last.push(t);
    else phrases.push([t]);
  }
  phrases.forEach((p, k) =>
    cols.push({
      column: k === 0 ? 'quantity' : 'other',
      name: textOf(p),
      x0: p[0]!.x0,
      x1: p[p.length - 1]!.x1,
    }),
  );
  return between.length;
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

/** A price or amount as printed with cents, or as OCR reads one ('1,234.56', '$60,268 93'). */
const CENTS = /^[($-]*\$?\d[\d,.]*[.,]\d{2}\)?-?$/;

/**
 * Columns found without a heading (issue 34 item 2): on a scanned page whose heading row OCR did
 * not read, the rows of the table still line up — each ends in an amount with cents, set flush
 * right, most with a price before it and a quantity before that. The longest run of such lines
 * (a wrapped description or two may sit between them) whose last numbers end within a letter
 * height or so of each other gives the amount column; the numbers before it, where half the rows
 * have one, the price and quantity columns; the words before the numbers the description (and an
 * item code when most rows start with one). At least three rows, on one page, stopping at a totals
 * line. Returns the columns and the first row's line index, or null.
 */
export function columnsByAlignment(
  lines: TextLine[],
): { cols: HeaderColumn[]; first: number } | null {
  type Row = { line: TextLine; numbers: Token[]; text: Token[] };
  const rowOf = (line: TextLine): Row | null => {
    const t = line.tokens;
    if (t.length < 3 || !CENTS.test(t[t.length - 1]!.text)) return null;
    const numbers: Token[] = [];
    let i = t.length - 1;
    let skipped = false;
    while (i >= 0 && numbers.length < 3) {
      const w = t[i]!;
      if (looksNumeric(w)) {
        if (!/^[(-]?\$$|^USD$/i.test(w.text)) numbers.unshift(w);
        i--;
      } else if (!skipped && /^[A-Za-z]{1,4}$/.test(w.text) && i > 1 && looksNumeric(t[i - 1]!)) {
        // A unit of measure between the quantity and the price ('3 HR 912.89').
        skipped = true;
        i--;
      } else break;
    }
    // Words between the description and the numbers (a unit of measure) are skipped.
    while (i > 1 && numbers.length && /^[A-Za-z]{1,4}$/.test(t[i]!.text)) i--;
    const text = t.slice(0, i + 1);
    if (text.length === 0 || !text.some((w) => /[A-Za-z]{3}/.test(w.text))) return null;
    return { line, numbers, text };
  };
  let best: Row[] = [];
  let run: Row[] = [];
  let misses = 0;
  const close = () => {
    if (run.length > best.length) best = run;
    run = [];
    misses = 0;
  };
  for (const line of lines) {
    const joined = line.tokens.map((t) => t.norm).join(' ');
    const last = run[run.length - 1];
    if (last && (line.page !== last.line.page || STOP_ROW.test(joined))) close();
    const row = line.source === 'ocr' ? rowOf(line) : null;
    const anchor = run[0]?.numbers[run[0].numbers.length - 1];
    const x1 = row?.numbers[row.numbers.length - 1]?.x1;
    if (row && x1 !== undefined && (!anchor || Math.abs(x1 - anchor.x1) < 2 * line.height)) {
      run.push(row);
      misses = 0;
    } else if (row) {
      close();
      run.push(row);
    } else if (run.length && ++misses > 2) close();
  }
  close();
  if (best.length < 3) return null;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const span = (ts: Token[]) => ({
    x0: median(ts.map((t) => t.x0)),
    x1: median(ts.map((t) => t.x1)),
  });
  const cols: HeaderColumn[] = [];
  const nth = (k: number) =>
    best.filter((r) => r.numbers.length >= k).map((r) => r.numbers[r.numbers.length - k]!);
  const amounts = nth(1);
  const prices = nth(2);
  const quantities = nth(3);
  const codes = best
    .map((r) => r.text[0]!)
    .filter((t) => /^[A-Z]{1,4}-?[A-Z0-9%]{2,6}$/.test(t.text));
  const useCode = codes.length >= best.length / 2;
  const descriptions = best.flatMap((r) =>
    useCode && r.text.length > 1 ? r.text.slice(1) : r.text,
  );
  if (useCode) cols.push({ column: 'code', name: 'code', ...span(codes) });
  cols.push({
    column: 'description',
    name: 'description',
    x0: median(best.map((r) => (useCode && r.text.length > 1 ? r.text[1]! : r.text[0]!).x0)),
    x1: Math.max(...descriptions.map((t) => t.x1)),
  });
  if (quantities.length >= best.length / 2)
    cols.push({ column: 'quantity', name: 'quantity', ...span(quantities) });
  if (prices.length >= best.length / 2)
    cols.push({ column: 'unitPrice', name: 'price', ...span(prices) });
  cols.push({ column: 'amount', name: 'amount', ...span(amounts) });
  const sorted = cols.sort((a, b) => a.x0 - b.x0);
  // Columns that overlap are not columns.
  for (let i = 1; i < sorted.length; i++)
    if (
      sorted[i]!.x0 < sorted[i - 1]!.x1 - 0.5 * best[0]!.line.height &&
      sorted[i]!.column !== 'description' &&
      sorted[i - 1]!.column !== 'description'
    )
      return null;
  return { cols: sorted, first: best[0]!.line.index };
}

export function findLineItems(lines: TextLine[]): LineItemTable {
  const rows: ProposedLine[] = [];
  // A scan whose heading row was not read anywhere: columns by the rows' alignment.
  const aligned = lines.some((l) => headerColumns(l)) ? null : columnsByAlignment(lines);
  const lineIndexes = new Set<number>();
  let cols: HeaderColumn[] | null = null;
  /**
   * The rows of each table with whether its heading named an item-code column: where it did not,
   * codes may lead the descriptions (a page-2 heading read 'PartNo.' under a page-1 'Part No.').
   */
  const tables: { coded: boolean; rows: ProposedLine[] }[] = [];
  let table: { coded: boolean; rows: ProposedLine[] } | null = null;
  let lastRow: { line: TextLine; row: ProposedLine } | null = null;
  /**
   * The table's last line that looked like a row (a number in a numeric column), even one whose
   * amount OCR garbled: the gap that ends a table is measured from it, so a run of garbled rows
   * on a scan does not close the table before its readable rows.
   */
  let lastRowLike: TextLine | null = null;
  /**
   * A table that ran to the bottom of a page (no totals line closed it) continues on the next
   * page under the same columns even without a repeated heading: the page's own header lines
   * are skipped until the first row with an amount in cents.
   */
  let carried: { cols: HeaderColumn[]; page: number } | null = null;
  for (const line of lines) {
    // The first aligned row opens the table (there is no heading line to measure a gap from).
    const opens = !!aligned && line.index === aligned.first && !cols;
    if (opens) {
      cols = aligned.cols;
      carried = null;
      lastRow = null;
      lastRowLike = null;
    }
    const header = headerColumns(line);
    if (header) {
      cols = header;
      table = { coded: header.some((c) => c.column === 'code'), rows: [] };
      tables.push(table);
      carried = null;
      lineIndexes.add(line.index);
      lastRow = null;
      lastRowLike = null;
      continue;
    }
    const joined = line.tokens.map((t) => t.norm).join(' ');
    if (!cols && carried && carried.page === line.page - 1 && !STOP_ROW.test(joined)) {
      const cells = assign(carried.cols, line);
      const amountText = textOf(cells.get('amount') ?? []);
      if (readWithCents(amountText) && parseAmount(amountText)) {
        cols = carried.cols;
        carried = null;
        lastRow = null;
        lastRowLike = null;
      } else continue;
    }
    if (!cols) continue;
    const lastInTable =
      lastRowLike && (!lastRow || lastRowLike.index > lastRow.line.index)
        ? lastRowLike
        : lastRow?.line;
    const previous = lastInTable ?? lines[line.index - 1];
    const farBelow =
      !opens &&
      previous &&
      previous.page === line.page &&
      line.top - previous.bottom > 4 * line.height;
    const newPage = previous && previous.page !== line.page;
    if (STOP_ROW.test(joined) || farBelow || newPage) {
      if (newPage && !STOP_ROW.test(joined)) carried = { cols, page: previous.page };
      cols = null;
      if (carried && newPage) {
        // This line may already be the continuation's first row.
        const cells = assign(carried.cols, line);
        const amountText = textOf(cells.get('amount') ?? []);
        if (!(readWithCents(amountText) && parseAmount(amountText))) continue;
        cols = carried.cols;
        carried = null;
        lastRow = null;
        lastRowLike = null;
      } else continue;
    }
    const cells = assign(cols, line);
    const amountTokens = cells.get('amount') ?? [];
    // On a scan, '2768 50' is an amount whose point was read as a gap (candidates.ts splitCents).
    let amount = amountTokens.length
      ? (parseAmount(textOf(amountTokens)) ??
        (line.source === 'ocr' ? splitCents(amountTokens) : null))
      : null;
    const descTokens = cells.get('description') ?? [];
    const description = descTokens.length ? textOf(descTokens).trim() : null;
    const codeTokens = cells.get('code') ?? [];
    const q = cells.get('quantity');
    const p = cells.get('unitPrice');
    let quantity = q?.length ? parseNumber(textOf(q)) : null;
    let unitPrice = p?.length ? parseNumber(textOf(p)) : null;
    let proven =
      !!quantity &&
      !!unitPrice &&
      !!amount &&
      Math.abs(Number(quantity.value) * Number(unitPrice.value) - Number(amount.value)) < 0.011;
    // A scanned row whose numbers OCR garbled: repaired when its own arithmetic proves one
    // reading (checks.ts reconcileLine), never guessed.
    const hasQuantity = cols.some((c) => c.column === 'quantity');
    if (
      !proven &&
      line.source === 'ocr' &&
      (q?.length || hasQuantity) &&
      p?.length &&
      amountTokens.length
    ) {
      const fixed = reconcileLine({
        quantity: q?.length ? textOf(q) : null,
        unitPrice: textOf(p),
        amount: textOf(amountTokens),
        parse: (text) => {
          const n = parseNumber(text);
          return n ? Number(n.value) : null;
        },
      });
      if (fixed) {
        quantity = { value: String(fixed.quantity), quality: 1 };
        unitPrice = { value: String(fixed.unitPrice), quality: 1 };
        amount = { value: fixed.amount.toFixed(2), quality: fixed.repaired ? 0.95 : 1 };
        proven = true;
      }
    }
    // A price OCR lost or garbled beside a quantity and amount read as printed (derivedPrice).
    if (!proven && line.source === 'ocr' && quantity && amount && !unitPrice) {
      const price = derivedPrice(
        Number(quantity.value),
        textOf(amountTokens),
        Number(amount.value),
      );
      if (price !== null) unitPrice = { value: price.toFixed(2), quality: 0.9 };
    } else if (!proven && line.source === 'ocr' && quantity && amount && unitPrice) {
      // A price misread by one digit beside a quantity and amount read as printed (slipPrice).
      const price = slipPrice(
        Number(quantity.value),
        Number(unitPrice.value),
        textOf(amountTokens),
        Number(amount.value),
      );
      if (price !== null) unitPrice = { value: price.toFixed(2), quality: 0.9 };
    }
    // A credit row whose minus signs OCR lost on both cells (checks.ts creditSignLost).
    if (
      proven &&
      line.source === 'ocr' &&
      unitPrice &&
      amount &&
      creditSignLost(description, Number(unitPrice.value), Number(amount.value))
    ) {
      unitPrice = { ...unitPrice, value: `-${unitPrice.value}` };
      amount = { ...amount, value: `-${amount.value}` };
    }
    lineIndexes.add(line.index);
    const numbers = [...cells.entries()].some(([k, ts]) => NUMERIC_COLUMNS.has(k) && ts.length > 0);
    if (numbers) lastRowLike = line;
    if (!amount) {
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
    let confidence =
      0.8 * amount.quality * (0.8 + 0.2 * Math.min(1, meanConfidence(line.tokens) / 0.85));
    if (proven) confidence += 0.12;
    const row: ProposedLine = {
      ...(codeTokens.length ? { itemCode: textOf(codeTokens) } : {}),
      description,
      quantity: quantity?.value ?? null,
      unitPrice: unitPrice?.value ?? null,
      amount: amount.value,
      confidence,
    };
    rows.push(row);
    if (!table) {
      // Columns by alignment: the code column, when there is one, was found from the codes.
      table = { coded: cols.some((c) => c.column === 'code'), rows: [] };
      tables.push(table);
    }
    table.rows.push(row);
    lastRow = { line, row };
  }
  for (const t of tables) if (!t.coded) splitLeadingCodes(t.rows);
  const sum = rows.length
    ? Math.round(rows.reduce((s, r) => s + Number(r.amount ?? 0), 0) * 100) / 100
    : null;
  return { lines: rows, lineIndexes, sum };
}

/** An item code's shape: 'TR-451', 'SB412', 'HO-2041A'. */
const CODE = /^[A-Z]{1,4}-?\d{2,6}[A-Z]?$/;
/** The same as OCR may read it ('SB-9S1', 'TR-6%1', 'VI-530'). */
const CODE_READ = /^[A-Z0-9]{1,4}[-.]?[A-Z0-9%$]{2,6}$/;

/**
 * Item codes whose heading was not read ('Item #' lost on a scan) lead the descriptions: when at
 * least half the rows (two or more) start with a word shaped like a code, those words are moved
 * to the code — aligned in their own column even without a heading.
 */
function splitLeadingCodes(rows: ProposedLine[]): void {
  const first = (r: ProposedLine) => r.description?.split(' ')[0] ?? '';
  const coded = rows.filter((r) => CODE.test(first(r)) && r.description!.includes(' '));
  if (coded.length < 2 || coded.length < rows.length / 2) return;
  for (const r of rows) {
    const word = first(r);
    if (!r.description?.includes(' ') || !CODE_READ.test(word) || !/\d/.test(word)) continue;
    r.itemCode = word;
    r.description = r.description.slice(word.length).trim();
  }
}
