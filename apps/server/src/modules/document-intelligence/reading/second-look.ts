import {
  candidatesFor,
  parseValue,
  findLabels,
  slashlessDate,
  type LabelHit,
} from '../proposals/candidates';
import { checkTotal, hasLookalike, LOOKALIKE_SURE } from '../proposals/checks';
import { fieldRulesFor, FREIGHT_KEY, SUBTOTAL_KEY, TAX_KEY } from '../proposals/labels';
import { findLineItems } from '../proposals/line-items';
import { buildLines, segmentAt, textOf, type TextLine, type Token } from '../proposals/lines';
import { parseDate, parseIdentifier } from '../proposals/parse';
import { charsSure, type CharWord } from './hocr';
import type { Gray } from './skew';
import type { ReadWord } from './types';

/**
 * The second look (issue 34 item 4): where a scanned page prints the label of a field that
 * matters — invoice number, dates, total and the amounts that check it, AFE, PO — but the value
 * next to it is missing, unreadable as its type, read with low word confidence, or refused by the
 * total's arithmetic, that small region is read again, enlarged, as a single line of text, and
 * its words replace the first reading when tesseract is surer of them. docs/document-intelligence.md
 * "Second look".
 */

/** The fields whose values are looked at again. */
const WATCHED = new Set([
  'docNumber',
  'docInvoiceDate',
  'docDueDate',
  'docTotal',
  'docAFE',
  'docPONumber',
  SUBTOTAL_KEY,
  TAX_KEY,
  FREIGHT_KEY,
]);
const AMOUNTS = new Set(['docTotal', SUBTOTAL_KEY, TAX_KEY, FREIGHT_KEY]);
/** A value whose least sure word is under this is read again. */
export const SURE_WORD = 0.85;
/** At most this many regions a page (each ~50–100 ms). */
export const MAX_REGIONS = 8;

/**
 * An identifier with a look-alike letter beside a digit is filled only when read very surely
 * (checks.ts hasLookalike): it is read again below that, so two agreeing readings can vouch for it.
 */
function sureEnough(key: string, value: string): number {
  const id = key === 'docNumber' || key === 'docAFE' || key === 'docPONumber';
  return id && hasLookalike(value) ? Math.max(SURE_WORD, LOOKALIKE_SURE) : SURE_WORD;
}

export interface Region {
  key: string;
  /** In the page's pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The value sits on the label's line (one line of text) or under it. */
  position: 'right' | 'below';
  /** Why it is read again. */
  reason: 'missing' | 'unparsed' | 'unsure' | 'contradicted';
}

interface Seen {
  hit: LabelHit;
  region: Region;
  tokens: Token[];
  value: number | null;
}

/**
 * The value regions of a page's watched labels that deserve a second look. Pure: words of one page
 * (in the pixels of the prepared, levelled page) in, regions out.
 */
export function regionsToReread(
  words: ReadWord[],
  width: number,
  height: number,
  options: {
    missing?: boolean;
    /** Fields whose missing values are read even when `missing` is false (fillInLook). */
    missingKeys?: ReadonlySet<string>;
  } = {},
): Region[] {
  if (words.length === 0) return [];
  const lines = buildLines([{ page: 1, width, height, source: 'ocr', words }]);
  const rules = fieldRulesFor(93);
  const hits = findLabels(lines, rules, new Set());
  const hitsByLine = new Map<number, LabelHit[]>();
  for (const h of hits) hitsByLine.set(h.line.index, [...(hitsByLine.get(h.line.index) ?? []), h]);
  const seen: Seen[] = [];
  for (const hit of hits) {
    const key = hit.rule.key;
    if (!key || !WATCHED.has(key)) continue;
    const area = valueArea(hit, lines, hitsByLine, width, height);
    if (!area) continue;
    const parsed = area.tokens.length ? parseValue(hit.rule, area.tokens, true) : null;
    seen.push({
      hit,
      region: { key, ...area.box, position: area.position, reason: 'missing' },
      tokens: area.tokens,
      value: parsed && AMOUNTS.has(key) ? Number(parsed.value) : null,
    });
    const last = seen[seen.length - 1]!;
    if (area.tokens.length === 0) last.region.reason = 'missing';
    else if (!parsed) last.region.reason = 'unparsed';
    else if (Math.min(...area.tokens.map((t) => t.confidence)) < sureEnough(key, parsed.value))
      last.region.reason = 'unsure';
    else seen.pop();
  }
  // A total that the page's own sums contradict: every amount is looked at again.
  const amounts = (key: string) =>
    hits
      .filter((h) => h.rule.key === key)
      .map((h) => valueArea(h, lines, hitsByLine, width, height))
      .map((a, i) => ({ a, h: hits.filter((x) => x.rule.key === key)[i]! }))
      .filter(({ a }) => a && a.tokens.length)
      .map(({ a, h }) => ({ a: a!, h, parsed: parseValue(h.rule, a!.tokens, true) }))
      .filter((x) => x.parsed);
  const totals = amounts('docTotal');
  const subtotals = amounts(SUBTOTAL_KEY);
  const taxes = amounts(TAX_KEY);
  if (totals.length && subtotals.length) {
    const agrees = totals.some((t) =>
      subtotals.some((s) =>
        [null, ...taxes].some(
          (x) =>
            checkTotal(Number(t.parsed!.value), {
              subtotal: Number(s.parsed!.value),
              tax: x ? Number(x.parsed!.value) : null,
            }).verdict !== 'contradicted',
        ),
      ),
    );
    if (!agrees)
      for (const x of [...totals, ...subtotals, ...taxes]) {
        if (seen.some((s) => s.hit === x.h)) continue;
        seen.push({
          hit: x.h,
          region: {
            key: x.h.rule.key!,
            ...x.a.box,
            position: x.a.position,
            reason: 'contradicted',
          },
          tokens: x.a.tokens,
          value: null,
        });
      }
  }
  // The fields that decide the most first: those with no value at all, then unsure ones.
  const order = { missing: 0, unparsed: 1, contradicted: 2, unsure: 3 };
  // A missing value read only for a field the page has no value for at all (time: the 'INVOICE'
  // title of a page whose 'Doc No.' has its number is not read beside).
  const valued =
    options.missing === false && options.missingKeys
      ? new Set(candidatesFor(lines, hits).map((c) => c.key))
      : new Set<string>();
  return seen
    .map((s) => s.region)
    .filter(
      (r) =>
        options.missing !== false ||
        r.reason !== 'missing' ||
        (options.missingKeys?.has(r.key) && !valued.has(r.key)),
    )
    .sort((a, b) => order[a.reason] - order[b.reason])
    .slice(0, MAX_REGIONS);
}

/**
 * Where the label's value is: the words right of it on its line (up to the next label or a wide
 * gap), else the first line below that overlaps it; when there are none, the empty place right of
 * it (a value OCR did not see at all).
 */
function valueArea(
  hit: LabelHit,
  lines: TextLine[],
  hitsByLine: Map<number, LabelHit[]>,
  width: number,
  height: number,
): { tokens: Token[]; box: Box; position: 'right' | 'below' } | null {
  const { line } = hit;
  const h = line.height;
  const label = line.tokens.slice(hit.start, hit.end);
  const labelX1 = label[label.length - 1]!.x1;
  const labelX0 = label[0]!.x0;
  const nextLabel = (hitsByLine.get(line.index) ?? [])
    .filter((o) => o.start >= hit.end)
    .reduce((min, o) => Math.min(min, line.tokens[o.start]!.x0), Infinity);
  const right: Token[] = [];
  for (let i = hit.end; i < line.tokens.length; i++) {
    const t = line.tokens[i]!;
    if (t.x0 >= nextLabel) break;
    const prev = right[right.length - 1]?.x1 ?? labelX1;
    if (t.x0 - prev > (right.length ? 1.8 : 12) * h) break;
    right.push(t);
  }
  const meaningful = right.filter((t) => !/^[:#\-\u2013|]*$/.test(t.text));
  const pad = 0.35 * h;
  if (meaningful.length) {
    const x0 = meaningful[0]!.x0 - pad;
    const x1 = Math.min(nextLabel - 0.2 * h, meaningful[meaningful.length - 1]!.x1 + 1.5 * h);
    return {
      tokens: meaningful,
      position: 'right',
      box: clip(
        onPage(
          { x: x0, y: line.top - pad, width: x1 - x0, height: line.bottom - line.top + 2 * pad },
          line.slope,
        ),
        width,
        height,
      ),
    };
  }
  // The line below, under the label.
  for (let li = line.index + 1; li < lines.length; li++) {
    const next = lines[li]!;
    if (next.top - line.bottom > 2.6 * h) break;
    const under = next.tokens.filter((t) => t.x1 > labelX0 - 0.5 * h && t.x0 < labelX1 + 0.5 * h);
    if (under.length === 0) continue;
    if ((hitsByLine.get(next.index) ?? []).some((o) => under.includes(next.tokens[o.start]!)))
      break;
    const x0 = Math.min(labelX0, under[0]!.x0) - pad;
    const x1 = Math.max(labelX1, under[under.length - 1]!.x1) + pad;
    return {
      tokens: under,
      position: 'below',
      box: clip(
        onPage(
          { x: x0, y: next.top - pad, width: x1 - x0, height: next.bottom - next.top + 2 * pad },
          next.slope,
        ),
        width,
        height,
      ),
    };
  }
  // Nothing read: the place right of the label, if it is not the page's edge.
  const x0 = labelX1 + 0.3 * h;
  const x1 = Math.min(nextLabel - 0.2 * h, x0 + 14 * h, width);
  if (x1 - x0 < 3 * h) return null;
  return {
    tokens: [],
    position: 'right',
    box: clip(
      onPage(
        { x: x0, y: line.top - pad, width: x1 - x0, height: line.bottom - line.top + 2 * pad },
        line.slope,
      ),
      width,
      height,
    ),
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A box of levelled line coordinates (lines.ts undoes the page's skew in `top`/`bottom`) as it
 * lies on the page: moved by the skew at its middle and made as much taller as the line climbs
 * across it. Without it a region on a scan turned 2° was cut a line or more off its words.
 */
export function onPage(b: Box, slope: number): Box {
  const rise = Math.abs(slope) * b.width;
  return {
    x: b.x,
    y: b.y + slope * (b.x + b.width / 2) - rise / 2,
    width: b.width,
    height: b.height + rise,
  };
}

function clip(b: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(b.x));
  const y = Math.max(0, Math.floor(b.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(width, Math.ceil(b.x + b.width)) - x),
    height: Math.max(1, Math.min(height, Math.ceil(b.y + b.height)) - y),
  };
}

/** The region's pixels enlarged `scale` times with a white margin, for a single-line reading. */
export function cropRegion(page: Gray, r: Box, margin: number): Gray {
  const w = r.width + 2 * margin;
  const h = r.height + 2 * margin;
  const out = new Uint8Array(w * h).fill(255);
  for (let y = 0; y < r.height; y++) {
    const from = (r.y + y) * page.width + r.x;
    out.set(page.data.subarray(from, from + r.width), (y + margin) * w + margin);
  }
  return { data: out, width: w, height: h };
}

/**
 * The page's words with a region's first reading replaced by its second, when the second is
 * surer: more words where there were none, or a higher least-sure word. `again` is in the page's
 * pixels.
 */
export function mergeSecondLook(words: ReadWord[], r: Region, again: ReadWord[]): ReadWord[] {
  const inside = (w: ReadWord) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
  };
  const before = words.filter(inside);
  const useful = again.filter((w) => /[A-Za-z0-9]/.test(w.text));
  if (useful.length === 0) return words;
  const least = (ws: ReadWord[]) => Math.min(...ws.map((w) => w.confidence));
  const mean = (ws: ReadWord[]) => ws.reduce((s, w) => s + w.confidence, 0) / ws.length;
  if (before.length > 0 && least(useful) <= least(before) && mean(useful) <= mean(before))
    return words;
  return [...words.filter((w) => !inside(w)), ...useful];
}

const squash = (ws: ReadWord[]) =>
  ws
    .map((w) => w.text)
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The second look as a check (issue 34, the default): a region's first reading is kept, and the
 * second, enlarged reading can only vouch for it. When both readings give the same characters, the
 * words are as sure as the surer of the two (two readings of different pixels agreeing is evidence
 * a single confidence is not); when they differ, the first reading stands as it was. Capping a
 * disputed reading below the fill threshold was measured and dropped: the single-line reading
 * differs from a right first reading too often (tuning half: 5 dates and 3 invoice numbers fewer).
 * A value not read the first time stays unread (adding the second reading's words filled a wrong
 * total once).
 */
export function confirmSecondLook(
  words: ReadWord[],
  r: Region,
  again: (ReadWord | CharWord)[],
): ReadWord[] {
  const inside = (w: ReadWord) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
  };
  const before = words.filter(inside);
  if (before.length === 0 || squash(before) === '') return words;
  const useful = again.filter((w) => /[A-Za-z0-9]/.test(w.text));
  const first = before.filter((w) => /[A-Za-z0-9]/.test(w.text));
  // The same characters in the same words: '6613-15' '8' read again as '6613-158' is no agreement
  // (the value is parsed from the first word alone, and the gap was the misreading).
  const sameWords =
    useful.length === first.length && useful.every((w, i) => squash([w]) === squash([first[i]!]));
  if (useful.length && squash(useful) === squash(before) && sameWords) {
    let second = Math.min(...useful.map((w) => w.confidence));
    // Every character of the agreeing reading sure, no look-alike nearly read as its twin: the
    // value is as sure as a look-alike identifier must be (the word's own confidence is often low
    // for a hyphen or a mark beside it while each character is ~0.98).
    const withChars = useful.filter((w): w is CharWord => 'chars' in w);
    if (withChars.length === useful.length && charsSure(withChars))
      second = Math.max(second, CHARS_CONFIRMED);
    return words.map((w) => (inside(w) ? { ...w, confidence: Math.max(w.confidence, second) } : w));
  }
  return words;
}

/** The confidence two agreeing readings with every character sure give a value's words. */
export const CHARS_CONFIRMED = LOOKALIKE_SURE;

/**
 * Fields whose value a second reading may supply where the first read none beside a found label,
 * or nothing of the field's type ('Doc No.:' with nothing beside it, 'July 19, 202%',
 * '090272024'): identifiers and dates. Totals are not — a total added where none was read was
 * once wrong (session 20), and the arithmetic reads them again anyway.
 */
export const FILL_IN_KEYS: ReadonlySet<string> = new Set([
  'docNumber',
  'docInvoiceDate',
  'docDueDate',
  'docAFE',
  'docPONumber',
]);
/** Every character of such a single reading is at least this sure (two readings need 0.9). */
export const FILL_IN_CHAR_SURE = 0.95;

/** Whether a region is one fillInLook may supply a value for. */
export function fillsIn(r: Region): boolean {
  return fillIn && FILL_IN_KEYS.has(r.key) && (r.reason === 'missing' || r.reason === 'unparsed');
}
/** On by default; the bench measures without it (`--no-fill-in`). */
let fillIn = true;
export function setFillIn(on: boolean): void {
  fillIn = on;
}
export function fillInEnabled(): boolean {
  return fillIn;
}

/**
 * The value of a found label that the first reading missed or garbled, supplied by the region's
 * second reading (issue 34, session 23) — only when that reading is of the field's type as one
 * phrase, and every character of it is sure (≥ FILL_IN_CHAR_SURE, no look-alike nearly read as its
 * twin: hocr.ts charsSure). Its words then count as sure as two agreeing readings; the value
 * still needs every check of the rules (plausible dates, identifier shape, look-alikes…).
 * Otherwise the page's words stay as they were. `again` is in the page's pixels.
 */
export function fillInLook(
  words: ReadWord[],
  r: Region,
  again: (ReadWord | CharWord)[],
  width: number,
  height: number,
): ReadWord[] {
  if (!fillsIn(r)) return words;
  const inside = (w: ReadWord) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
  };
  const useful = again.filter((w) => /[A-Za-z0-9]/.test(w.text) && inside(w));
  const withChars = useful.filter((w): w is CharWord => 'chars' in w);
  if (useful.length === 0 || withChars.length !== useful.length) return words;
  if (!charsSure(withChars, FILL_IN_CHAR_SURE)) return words;
  const rule = fieldRulesFor(93).find((x) => x.key === r.key);
  const lines = buildLines([{ page: 1, width, height, source: 'ocr', words: useful }]);
  if (!rule || lines.length !== 1) return words;
  const tokens = lines[0]!.tokens;
  // An identifier is one word: more is a phrase that happens to start like one.
  if (rule.kind === 'id' && tokens.length !== 1) return words;
  if (!parseValue(rule, tokens, true)) return words;
  const sure = useful.map(({ text, x, y, width: w, height: h }) => ({
    text,
    x,
    y,
    width: w,
    height: h,
    confidence: CHARS_CONFIRMED,
  }));
  return [...words.filter((w) => !inside(w)), ...sure];
}

/**
 * 'confirm' (default): the second reading vouches for or disputes the first (confirmSecondLook).
 * 'replace': the surer reading replaces the first (mergeSecondLook) — measured on the tuning half
 * it read fewer values right and filled one wrong total (docs/document-intelligence.md "Second
 * look"); kept for the bench's variant runs. 'off': one reading only.
 */
export type SecondLookMode = 'off' | 'confirm' | 'replace';
let mode: SecondLookMode = 'confirm';
/** For the extraction bench's variant runs: true is 'replace' (as before), false 'off'. */
export function setSecondLook(on: boolean | SecondLookMode): void {
  mode = on === true ? 'replace' : on === false ? 'off' : on;
}
export function secondLookEnabled(): boolean {
  return mode !== 'off';
}
export function secondLookMode(): SecondLookMode {
  return mode;
}

/**
 * The second look at a _label_ (issue 34, session 22): where a page has a value of the kind a
 * missing field holds — an identifier while the invoice number, AFE or PO has no value, a date
 * while the invoice or due date has none — that no label names (nothing left of it on its line,
 * nothing above it in a grid), the place its label should be is read again, enlarged: the words
 * left of it ('ARE:', '2' for 'Invoice #:'), the empty paper left of it (a column of labels OCR
 * did not see at all) or the heading cell above it in a boxed grid ('Dox No.', 'APE No.'). The
 * re-read words replace the first reading there only when they make a label of a watched field
 * that the first reading did not (mergeLabelLook); values are never touched, and a value next to
 * a label so found still needs its type and every check. At most MAX_LABEL_REGIONS a page.
 */
export interface LabelRegion extends Box {
  /** The label part of the value's own line, empty paper left of it, or a grid's heading above. */
  position: 'left' | 'empty' | 'above';
  /** Several lines read as one block (a column of lost labels). */
  block: boolean;
}

/** At most this many label regions a page (each ~50–100 ms; a page takes ~1.8 s). */
export const MAX_LABEL_REGIONS = 3;
const ID_FIELDS = ['docNumber', 'docAFE', 'docPONumber'];
const DATE_FIELDS = ['docInvoiceDate', 'docDueDate'];
/** Header fields sit above the line items: values lower on the page are not looked at. */
const HEADER_PART = 0.45;

const punctuation = (t: Token) => /^[:#\-\u2013|.,]*$/.test(t.text);

/** What kind of value a segment of a line is (null: none a missing field takes). */
function valueKind(tokens: Token[]): 'id' | 'date' | null {
  const text = textOf(tokens).trim();
  if (tokens.length <= 3 && (parseDate(text) || slashlessDate(text))) return 'date';
  // Money ('$1,234.56', '1234.56') is no identifier.
  if (tokens.length !== 1 || /^[-($S]|[.,]\d{2}\)?$/.test(text)) return null;
  const id = parseIdentifier(text, true);
  // Letters and digits both, or six digits and more: a zip code or a street number is not one.
  if (!id || !/\d/.test(id.value)) return null;
  const digits = (id.value.match(/\d/g) ?? []).length;
  return /[A-Za-z]/.test(id.value) || digits >= 6 ? 'id' : null;
}

export function labelRegionsToReread(
  words: ReadWord[],
  width: number,
  height: number,
): LabelRegion[] {
  if (words.length === 0) return [];
  const lines = buildLines([{ page: 1, width, height, source: 'ocr', words }]);
  const hits = findLabels(lines, fieldRulesFor(93), new Set());
  const found = new Set(candidatesFor(lines, hits).map((c) => c.key));
  const wanted = {
    id: ID_FIELDS.some((k) => !found.has(k)),
    date: DATE_FIELDS.some((k) => !found.has(k)),
  };
  if (!wanted.id && !wanted.date) return [];
  const hitTokens = new Set<Token>();
  // A title ('INVOICE') labels nothing under it.
  const titles = new Set<Token>();
  for (const h of hits)
    for (let i = h.start; i < h.end; i++)
      (h.label.below === false ? titles : hitTokens).add(h.line.tokens[i]!);
  // The line items' table and what follows it are no header (item codes under 'Part No.').
  const table = Math.min(Infinity, ...findLineItems(lines).lineIndexes);
  const out: LabelRegion[] = [];
  for (const line of lines) {
    if (line.top > HEADER_PART * height || line.index >= table) break;
    const h = line.height;
    // From x0 to x1 on this line, with a margin above and below, turned as the line is.
    const onLine = (x0: number, x1: number) =>
      clip(
        onPage(
          {
            x: x0,
            y: line.top - 0.35 * h,
            width: x1 - x0,
            height: line.bottom - line.top + 0.7 * h,
          },
          line.slope,
        ),
        width,
        height,
      );
    for (const s of line.segmentStarts) {
      const [start, end] = segmentAt(line, s);
      const seg = line.tokens.slice(start, end).filter((t) => !punctuation(t));
      if (seg.length === 0 || seg.some((t) => hitTokens.has(t))) continue;
      const kind = valueKind(seg);
      if (!kind || !wanted[kind]) continue;
      const v0 = seg[0]!.x0;
      const v1 = seg[seg.length - 1]!.x1;
      // Labelled already: a label ends just left of it on its line…
      const before = line.tokens.slice(0, start).filter((t) => !punctuation(t));
      const prev = before[before.length - 1];
      if (prev && (hitTokens.has(prev) || titles.has(prev)) && v0 - prev.x1 < 12 * h) continue;
      // …or a label stands over it (a grid's heading), or a heading OCR garbled does.
      const above = lines[line.index - 1];
      const over =
        above && line.top - above.bottom < 2.6 * h
          ? above.tokens.filter((t) => t.x1 > v0 - 0.5 * h && t.x0 < v1 + 0.5 * h)
          : [];
      if (over.some((t) => hitTokens.has(t))) continue;
      const wordy = over.length > 0 && over.some((t) => /[A-Za-z]{2}/.test(t.text));
      if (
        wordy &&
        !valueKind(over) &&
        !parseDate(textOf(over)) &&
        !over.some((t) => parseDate(t.text))
      ) {
        const x0 = Math.min(v0, over[0]!.x0) - 0.4 * h;
        const x1 = Math.max(v1, over[over.length - 1]!.x1) + 0.4 * h;
        const top = Math.min(...over.map((t) => t.top));
        const bottom = Math.max(...over.map((t) => t.bottom));
        out.push({
          ...clip(
            onPage(
              { x: x0, y: top - 0.35 * h, width: x1 - x0, height: bottom - top + 0.7 * h },
              above!.slope,
            ),
            width,
            height,
          ),
          position: 'above',
          block: false,
        });
        continue;
      }
      // Labels beside the values above and below it start where its own label would.
      const column = labelColumn(hits, line, v0);
      if (column !== null && column < v0 - 3 * h && column > v0 - 20 * h) {
        const x0 = column - 0.35 * h;
        const x1 = v0 - 0.15 * h;
        out.push({
          ...onLine(x0, x1),
          position: prev && prev.x0 > column - h ? 'left' : 'empty',
          block: false,
        });
        continue;
      }
      if (prev && v0 - prev.x1 < 6 * h) {
        // The words of the phrase before it: its label as OCR misread it.
        const [ps] = segmentAt(line, line.tokens.indexOf(prev));
        const first = line.tokens.slice(ps, start).find((t) => t.x0 > v0 - 16 * h) ?? prev;
        const x0 = first.x0 - 0.35 * h;
        const x1 = v0 - 0.15 * h;
        out.push({
          ...onLine(x0, x1),
          position: 'left',
          block: false,
        });
        continue;
      }
      // Nothing read left of it: the paper where a label would be, if there is room for one.
      const x0 = Math.max(v0 - 14 * h, prev ? prev.x1 + 0.4 * h : 0, 0.04 * width);
      const x1 = v0 - 0.2 * h;
      if (x1 - x0 < 4 * h) continue;
      out.push({
        ...onLine(x0, x1),
        position: 'empty',
        block: false,
      });
    }
  }
  return joinColumns(out).slice(0, MAX_LABEL_REGIONS);
}

/**
 * Where the labels of a column of values start: the left edge of the labels, on lines near this
 * one, whose value starts where this line's does (within 3 letter heights). Null when none.
 */
function labelColumn(hits: LabelHit[], line: TextLine, v0: number): number | null {
  const h = line.height;
  let column: number | null = null;
  for (const hit of hits) {
    const other = hit.line;
    if (other === line || Math.abs(other.top - line.top) > 6 * h || !hit.rule.key) continue;
    const value = other.tokens.slice(hit.end).find((t) => !punctuation(t));
    if (!value || Math.abs(value.x0 - v0) > 3 * h) continue;
    const x0 = other.tokens[hit.start]!.x0;
    column = column === null ? x0 : Math.min(column, x0);
  }
  return column;
}

/**
 * Empty regions one under another (a column of labels OCR lost beside a column of values) are read
 * as one block: one reading instead of one per line.
 */
function joinColumns(regions: LabelRegion[]): LabelRegion[] {
  const out: LabelRegion[] = [];
  for (const r of regions) {
    const last = out[out.length - 1];
    const lineHeight = r.height;
    if (
      last &&
      r.position === 'empty' &&
      last.position === 'empty' &&
      r.y - (last.y + last.height) < 2.5 * lineHeight &&
      Math.abs(r.x + r.width - (last.x + last.width)) < 2 * lineHeight
    ) {
      const x = Math.min(last.x, r.x);
      const x1 = Math.max(last.x + last.width, r.x + r.width);
      const y1 = Math.max(last.y + last.height, r.y + r.height);
      out[out.length - 1] = { ...last, x, width: x1 - x, height: y1 - last.y, block: true };
      continue;
    }
    out.push(r);
  }
  return out;
}

/**
 * A label region's second reading (in the page's pixels) replaces the first there when it reads a
 * label of a watched field the first reading did not have: 'Dox No.' read again as 'Doc No.', an
 * empty place read as 'Date:'. Otherwise the page's words stay as they were.
 */
export function mergeLabelLook(
  words: ReadWord[],
  r: Box,
  again: ReadWord[],
  width: number,
  height: number,
): ReadWord[] {
  const inside = (w: ReadWord) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
  };
  const useful = again.filter((w) => /[A-Za-z0-9]/.test(w.text) && inside(w));
  if (useful.length === 0) return words;
  const keys = (ws: ReadWord[]) => {
    if (ws.length === 0) return new Set<string>();
    const lines = buildLines([{ page: 1, width, height, source: 'ocr', words: ws }]);
    return new Set(
      findLabels(lines, fieldRulesFor(93), new Set())
        .map((hit) => hit.rule.key)
        .filter((k): k is string => !!k && WATCHED.has(k)),
    );
  };
  const before = keys(words.filter(inside));
  const after = keys(useful);
  if (![...after].some((k) => !before.has(k))) return words;
  return [...words.filter((w) => !inside(w)), ...useful];
}

/** The label look (labelRegionsToReread) is on by default; the bench measures it off. */
let labelLook = true;
export function setLabelLook(on: boolean): void {
  labelLook = on;
}
export function labelLookEnabled(): boolean {
  return labelLook;
}
