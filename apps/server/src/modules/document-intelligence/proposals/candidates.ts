import { labelWord, ocrLabelWord, type FieldRule, type LabelRule } from './labels';
import { meanConfidence, segmentAt, textOf, type TextLine, type Token } from './lines';
import {
  cleanName,
  repairOcrName,
  parseAmount,
  parseDate,
  parseDecimalInterest,
  parseIdentifier,
  type Parsed,
} from './parse';

/**
 * Label hits and the values next to them. A value is looked for to the right of its label on the
 * same line, then directly below it (the first line under the label whose words overlap the
 * label horizontally — the boxed header and label-above-value layouts).
 */

export interface LabelHit {
  line: TextLine;
  start: number;
  end: number;
  rule: FieldRule;
  label: LabelRule;
  /** Some of its words were OCR misreadings matched to the label words ('T0tal', 'AFEICC'). */
  fuzzy?: boolean;
}

/** A label read through OCR's misreadings counts for a little less than one read as printed. */
export const FUZZY_LABEL = 0.92;

export interface Candidate {
  key: string;
  value: string;
  confidence: number;
  line: TextLine;
  /** How the value was found, for the cross-checks. */
  position: 'right' | 'below' | 'layout';
  /** The words the value was read from. */
  tokens: Token[];
  /** A total the page's own sums prove (checks.ts): OCR's word confidence no longer decides. */
  proven?: boolean;
}

export function findLabels(lines: TextLine[], rules: FieldRule[], skip: Set<number>): LabelHit[] {
  const compiled = rules.flatMap((rule) =>
    rule.labels.map((label) => ({
      rule,
      label,
      re: new RegExp(`(?<=^| )(?:${label.pattern})(?= |$)`, 'g'),
    })),
  );
  const hits: LabelHit[] = [];
  for (const line of lines) {
    if (skip.has(line.index)) continue;
    // The normalised words joined by spaces, with each word's offset, to map matches to tokens.
    const offsets: { at: number; token: number }[] = [];
    let joined = '';
    const fuzzy = new Set<number>();
    line.tokens.forEach((t, i) => {
      if (t.norm === '') return;
      // A label never spans two phrases: a mark no wording contains keeps the matches apart, so
      // 'Total Amount Due' before a gap and 'USD 1,234.00' is 'total amount due', not no label.
      if (joined && line.segmentStarts.includes(i)) joined += ' \u00a7';
      if (joined) joined += ' ';
      offsets.push({ at: joined.length, token: i });
      const misread = line.source === 'ocr' ? ocrLabelWord(t.norm) : null;
      if (misread) fuzzy.add(i);
      joined += misread ?? labelWord(t.norm);
    });
    const found: LabelHit[] = [];
    for (const { rule, label, re } of compiled) {
      re.lastIndex = 0;
      for (let m = re.exec(joined); m; m = re.exec(joined)) {
        if (m[0] === '') {
          re.lastIndex++;
          continue;
        }
        const first = offsets.findIndex((o) => o.at === m!.index);
        const endAt = m.index + m[0].length;
        let last = first;
        while (last + 1 < offsets.length && offsets[last + 1]!.at < endAt) last++;
        if (first < 0) continue;
        const start = offsets[first]!.token;
        const end = offsets[last]!.token + 1;
        const [segStart, segEnd] = segmentAt(line, start);
        // A label is one phrase: 'Owner' ending one column header and 'Interest' starting the
        // next are not 'owner interest'.
        if (end > segEnd) continue;
        if (label.phraseStart && segStart !== start && !afterColon(line, start)) continue;
        // A label ends its phrase, or is followed by ':' / '#' / a value; 'Total' inside a
        // description ('Total station rental') is not a label.
        let misread = false;
        for (let k = start; k < end; k++) if (fuzzy.has(k)) misread = true;
        found.push({ line, start, end, rule, label, ...(misread ? { fuzzy: true } : {}) });
      }
    }
    if (line.source === 'ocr') found.push(...shortAfeLabels(line, rules, found));
    // Longest first, then the stronger wording; a word belongs to one label only.
    found.sort((a, b) => b.end - b.start - (a.end - a.start) || b.label.weight - a.label.weight);
    const taken = new Set<number>();
    for (const hit of found) {
      let free = true;
      for (let i = hit.start; i < hit.end; i++) if (taken.has(i)) free = false;
      if (!free) continue;
      for (let i = hit.start; i < hit.end; i++) taken.add(i);
      hits.push(hit);
    }
  }
  return hits.sort((a, b) => a.line.index - b.line.index || a.start - b.start);
}

/**
 * 'AFE' printed in capitals and read with one letter wrong ('ARE:', 'AFR', 'APE' — three letters,
 * too short for ocrLabelWord's fuzzy match, and 'ARE' is a word): an AFE label only where the value
 * right after it says itself what it is — 'AFE-2026-811', 'CC-4791' (a cost center) — and the word
 * starts its phrase, so 'we ARE AFE-…' in a sentence is not one. Issue 34, session 23.
 */
function shortAfeLabels(line: TextLine, rules: FieldRule[], found: LabelHit[]): LabelHit[] {
  const rule = rules.find((r) => r.key === 'docAFE');
  if (!rule || found.some((h) => h.rule === rule)) return [];
  const out: LabelHit[] = [];
  const tokens = line.tokens;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!shortAfeMisread(tokens[i]!.text) || segmentAt(line, i)[0] !== i) continue;
    if (found.some((h) => i >= h.start && i < h.end)) continue;
    const next = tokens.slice(i + 1).find((t) => !/^[:#.\-\u2013|]+$/.test(t.text));
    if (!next || next.x0 - tokens[i]!.x1 > 12 * line.height || !AFE_SHAPED.test(next.text))
      continue;
    out.push({ line, start: i, end: i + 1, rule, label: rule.labels[0]!, fuzzy: true });
  }
  return out;
}

/** Three capitals, one of them not the printed 'AFE''s: 'ARE', 'AFR', 'APE', 'AEE'. */
export function shortAfeMisread(text: string): boolean {
  const word = text.replace(/[:#.]+$/, '');
  if (!/^[A-Z]{3}$/.test(word)) return false;
  return [...word].filter((c, k) => c !== 'AFE'[k]).length === 1;
}

/** A value that names its own kind: an AFE ('AFE-2026-811') or a cost center ('CC-4791'). */
const AFE_SHAPED = /^(?:AFE|CC)[-#]?\d[\d-]*$/i;

function afterColon(line: TextLine, i: number): boolean {
  const prev = line.tokens[i - 1];
  return !!prev && /[:|]$/.test(prev.text);
}

/**
 * A scanned amount whose decimal point OCR read as a gap ('$60,268 93', '$3.766 81' — the comma
 * read as a point too): its digits with the last two as cents, worth less than an amount read
 * whole. The total's checks (subtotal + tax) decide whether it is trusted.
 */
export function splitCents(tokens: Token[]): Parsed | null {
  for (let n = Math.min(3, tokens.length); n >= 2; n--) {
    const text = textOf(tokens.slice(0, n)).trim();
    const m = /^(-?)[$S]?\s?(\d{1,3}(?:[.,]\d{3})*) (\d{2})$/.exec(text);
    if (!m) continue;
    const whole = m[2]!.replace(/[.,]/g, '');
    return { value: `${m[1]}${BigInt(whole).toString()}.${m[3]}`, quality: 0.85 };
  }
  return null;
}

/**
 * A scanned amount whose '$' OCR read as a digit in front, which its grouping gives away
 * ('5168,601.99': four digits before the first comma): the amount without that digit, worth
 * less — the total's checks decide whether it is trusted.
 */
export function dollarAsDigit(text: string): Parsed | null {
  const m = /^[35689S](\d{1,3}(?:,\d{3})+\.\d{2})$/.exec(text.trim());
  // Only where the amount as read is no amount (parseAmount failed first).
  if (!m || parseAmount(text)) return null;
  const parsed = parseAmount(m[1]!);
  return parsed ? { value: parsed.value, quality: 0.85 } : null;
}

/**
 * A scanned 'MM/DD/YYYY' whose thin slashes OCR lost ('04192026'): read month first, worth less
 * than a date read whole, and still subject to the plausibility checks.
 */
export function slashlessDate(text: string): Parsed | null {
  const m = /^(\d{2})(\d{2})((?:19|20)\d{2})$/.exec(text.trim());
  if (!m) return null;
  const parsed = parseDate(`${m[1]}/${m[2]}/${m[3]}`);
  return parsed ? { value: parsed.value, quality: parsed.quality * 0.85 } : null;
}

/** Parses a value of the rule's kind from the words, or null when they are not one. */
export function parseValue(rule: FieldRule, tokens: Token[], ocr: boolean): Parsed | null {
  const text = textOf(tokens).replace(/^[:#\-\u2013\s]+/, ''); // - –
  switch (rule.kind) {
    case 'id':
      return parseIdentifier(text, ocr);
    case 'date':
      return parseDate(text) ?? (ocr ? slashlessDate(text) : null);
    case 'amount': {
      // The amount is the last money-looking run of the phrase ('USD 1,234.56', '$ 1,234.56').
      // On a scan, '$60,268 93' is one amount with its point read as a gap, not $60,268.
      const split = ocr ? splitCents(tokens) : null;
      if (split) return split;
      for (let n = Math.min(3, tokens.length); n >= 1; n--) {
        const parsed = parseAmount(textOf(tokens.slice(0, n)));
        if (parsed) return parsed;
      }
      return ocr ? dollarAsDigit(textOf(tokens.slice(0, 1))) : null;
    }
    case 'decimal':
      return parseDecimalInterest(text);
    case 'choice': {
      const choice = rule.choices?.find((c) => c.pattern.test(text));
      return choice ? { value: choice.value, quality: 1 } : null;
    }
    case 'name':
    case 'block': {
      const name = ocr ? repairOcrName(cleanName(text)) : cleanName(text);
      const letters = (name.match(/[A-Za-z]/g) ?? []).length;
      if (letters < 3 || letters < name.length / 2) return null;
      return { value: name, quality: 1 };
    }
  }
}

/** 1 for a clean text layer; down to 0.8 for words OCR was unsure of. */
export function ocrFactor(tokens: Token[]): number {
  return 0.8 + 0.2 * Math.min(1, meanConfidence(tokens) / 0.85);
}

function startsWithLabel(hitsByLine: Map<number, LabelHit[]>, line: TextLine, start: number) {
  return (hitsByLine.get(line.index) ?? []).some((h) => h.start === start);
}

/** The words right of the label up to the next label, on the same line. */
function rightOf(hit: LabelHit, hitsByLine: Map<number, LabelHit[]>): Token[] | null {
  const { line } = hit;
  let i = hit.end;
  while (i < line.tokens.length && /^[:#\-\u2013|]*$/.test(line.tokens[i]!.text)) i++; // - –
  if (i >= line.tokens.length) return null;
  if (startsWithLabel(hitsByLine, line, i)) return null;
  const gap = line.tokens[i]!.x0 - line.tokens[hit.end - 1]!.x1;
  const maxGap = hit.rule.kind === 'name' || hit.rule.kind === 'block' ? 15 : 25;
  if (gap > maxGap * line.height) return null;
  const [, segEnd] = segmentAt(line, i);
  const nextLabel = (hitsByLine.get(line.index) ?? [])
    .filter((h) => h.start > i)
    .reduce((min, h) => Math.min(min, h.start), line.tokens.length);
  return line.tokens.slice(i, Math.min(segEnd, nextLabel));
}

/** The phrases under the label: up to `max` lines, each the segment overlapping the label. */
/** A continuation line of a block, OCR's 0-for-O repaired in a scan. */
function nameOf(tokens: Token[], line: TextLine): string {
  const name = cleanName(textOf(tokens));
  return line.source === 'ocr' ? repairOcrName(name) : name;
}

function below(
  hit: LabelHit,
  lines: TextLine[],
  hitsByLine: Map<number, LabelHit[]>,
  max: number,
): { tokens: Token[]; aligned: Token[]; line: TextLine }[] {
  const out: { tokens: Token[]; aligned: Token[]; line: TextLine }[] = [];
  const label = hit.line.tokens.slice(hit.start, hit.end);
  const h = hit.line.height;
  let x0 = label[0]!.x0 - 0.5 * h;
  let x1 = label[label.length - 1]!.x1 + 0.5 * h;
  let bottom = hit.line.bottom;
  for (let li = hit.line.index + 1; li < lines.length && out.length < max; li++) {
    const line = lines[li]!;
    if (line.page !== hit.line.page) break;
    const gap = line.top - bottom;
    if (gap > (out.length === 0 ? 2.6 : 1.2) * h) break;
    const overlapping = line.tokens.findIndex((t) => t.x1 > x0 && t.x0 < x1);
    if (overlapping < 0) continue;
    const [start, end] = segmentAt(line, overlapping);
    if (startsWithLabel(hitsByLine, line, start)) break;
    const nextLabel = (hitsByLine.get(line.index) ?? [])
      .filter((l) => l.start > start)
      .reduce((min, l) => Math.min(min, l.start), end);
    const tokens = line.tokens.slice(start, Math.min(end, nextLabel));
    const aligned = tokens.filter((t) => t.x1 > x0 && t.x0 < x1);
    out.push({ tokens, aligned, line });
    // An address block is aligned on its first line, not on the label.
    x0 = Math.min(x0, tokens[0]!.x0);
    x1 = Math.max(x1, tokens[tokens.length - 1]!.x1);
    bottom = line.bottom;
  }
  return out;
}

export function candidatesFor(lines: TextLine[], hits: LabelHit[]): Candidate[] {
  const hitsByLine = new Map<number, LabelHit[]>();
  for (const hit of hits) {
    hitsByLine.set(hit.line.index, [...(hitsByLine.get(hit.line.index) ?? []), hit]);
  }
  const out: Candidate[] = [];
  for (const hit of hits) {
    const { rule, label, line } = hit;
    if (rule.key === null) continue;
    const ocr = line.source === 'ocr';
    const page = pageFactor(rule, line);
    const push = (tokens: Token[], position: 'right' | 'below', factor: number, at: TextLine) => {
      const parsed = parseValue(rule, tokens, ocr);
      if (!parsed) return false;
      const weight = label.weight * (hit.fuzzy ? FUZZY_LABEL : 1);
      const confidence = weight * factor * parsed.quality * ocrFactor(tokens) * page;
      out.push({ key: rule.key!, value: parsed.value, confidence, line: at, position, tokens });
      return true;
    };
    const right = rightOf(hit, hitsByLine);
    const multi = rule.kind === 'block' ? 4 : 1;
    if (right && right.length > 0) {
      // A value far to the right may be the next column's heading: the line below then competes.
      const far = right[0]!.x0 - line.tokens[hit.end - 1]!.x1 > 3 * line.height;
      const ok = push(right, 'right', far ? 0.93 : 1, line);
      if (ok && rule.kind === 'block') {
        const rest = below(hit, lines, hitsByLine, 3);
        const last = out[out.length - 1]!;
        last.value = [last.value, ...rest.map((b) => nameOf(b.tokens, b.line))].join(', ');
        last.tokens = [...last.tokens, ...rest.flatMap((b) => b.tokens)];
      }
      if (ok && !far) continue;
    }
    if (label.below === false) continue;
    const under = below(hit, lines, hitsByLine, multi);
    if (under.length === 0) continue;
    const first = under[0]!;
    // A typed value is read from the words under the label first: a neighbouring column's
    // words may share its phrase when the columns are close.
    const typed = rule.kind !== 'name' && rule.kind !== 'block' && rule.kind !== 'choice';
    if (typed && first.aligned.length && push(first.aligned, 'below', 0.95, first.line)) continue;
    if (typed && first.aligned.length > 1) {
      const single = first.aligned.find((t) => parseValue(rule, [t], ocr));
      if (single && push([single], 'below', 0.9, first.line)) continue;
    }
    if (push(first.tokens, 'below', 0.95, first.line) && rule.kind === 'block') {
      const last = out[out.length - 1]!;
      last.value = [last.value, ...under.slice(1).map((b) => nameOf(b.tokens, b.line))].join(', ');
      last.tokens = [...last.tokens, ...under.slice(1).flatMap((b) => b.tokens)];
    }
  }
  return out;
}

/** Header fields are most trusted on the first page, totals on the last. */
function pageFactor(rule: FieldRule, line: TextLine): number {
  if (line.pageCount === 1) return 1;
  if (rule.prefer === 'first') return line.page === 1 ? 1 : 0.92;
  return line.page === line.pageCount ? 1 : 0.92;
}
