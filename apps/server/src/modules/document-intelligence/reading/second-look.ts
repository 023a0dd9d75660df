import { parseValue, findLabels, type LabelHit } from '../proposals/candidates';
import { checkTotal, hasLookalike, LOOKALIKE_SURE } from '../proposals/checks';
import { fieldRulesFor, FREIGHT_KEY, SUBTOTAL_KEY, TAX_KEY } from '../proposals/labels';
import { buildLines, type TextLine, type Token } from '../proposals/lines';
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
  options: { missing?: boolean } = {},
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
  return seen
    .map((s) => s.region)
    .filter((r) => options.missing !== false || r.reason !== 'missing')
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
export function cropRegion(page: Gray, r: Region, margin: number): Gray {
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
