import { metadataFieldSeeds } from '@flowline/shared';
import type { ReadPage } from '../reading/types';
import { candidatesFor, findLabels, ocrFactor, type Candidate } from './candidates';
import {
  afterUpload,
  checkLine,
  checkTotal,
  hasLookalike,
  linesAddUp,
  LOOKALIKE_SURE,
  looksLikeIdentifier,
  plausibleDueDate,
  plausibleInvoiceDate,
  plausibleLoneDueDate,
  recentScannedDate,
  repairYear,
  weakestWord,
  type AmountVerdict,
} from './checks';
import { fieldRulesFor, FREIGHT_KEY, SUBTOTAL_KEY, TAX_KEY } from './labels';
import { findLineItems, type ProposedLine } from './line-items';
import { buildLines, meanConfidence, segmentAt, textOf, type TextLine, type Token } from './lines';
import { cleanName, parseDate, repairOcrName } from './parse';

/**
 * Proposed metadata values and line items for a document of a given type, from its read pages.
 * Pure: no I/O. Scoring (docs/document-intelligence.md, "Proposals"):
 *   candidate = label weight × position (right 1, below 0.95) × parse quality × OCR factor × page
 *   value     = best candidate + 0.05 per other candidate agreeing, + 0.1 for a total that equals
 *               the sum of the lines or subtotal + tax; capped at 0.99
 * and nothing under PROPOSAL_THRESHOLD is proposed.
 */

export const PROPOSAL_THRESHOLD = 0.5;
/**
 * A proposal at or above this is written into an empty field; below it, it is only offered
 * (issue 34 item 2). Calibrated on the tuning half of the oilfield corpus (docs/auto-extraction.md).
 */
export const FILL_THRESHOLD = 0.7;
/** A value a check refuses is proposed at most with this confidence (below FILL_THRESHOLD). */
const REFUSED = PROPOSAL_THRESHOLD;
/**
 * A scanned total nothing on the page confirms (no subtotal, no lines read): proposed, not filled —
 * a lost decimal point cannot be told from a real amount without a sum to compare.
 */
const UNCHECKED_SCAN_TOTAL = 0.65;
/** A scanned invoice date whose year's last digit was repaired (checks.ts repairYear). */
const REPAIRED_YEAR = 0.95;
/** An OCR word below this confidence makes its value a proposal only. */
const WEAK_WORD = 0.5;
const ID_KEYS = new Set(['docNumber', 'docPONumber', 'docAFE']);

export interface ProposeOptions {
  /** When the document was received: dates far from it are implausible. Default: now. */
  uploadedAt?: Date;
}

/** Proposed beside the type's fields: the invoice's remit-to block (no metadata field holds it). */
export const REMIT_TO_KEY = 'remitTo';

export interface ProposedMetadataValue {
  key: string;
  value: string;
  confidence: number;
}

export interface MetadataProposals {
  values: ProposedMetadataValue[];
  lineItems: ProposedLine[];
}

const COMPANY_SUFFIX =
  /\b(?:llc|l\.l\.c|inc|incorporated|corp|corporation|co|company|ltd|lp|l\.p|llp|plc|services|energy|oil|gas|resources|operating|partners|group|holdings|enterprises|supply|solutions)\b\.?/i;
const NOT_A_NAME =
  /\binvoice\b|\bstatement\b|@|www\.|https?:|\bpage\b|^\d|\(\d{3}\)|\d{3}[-.]\d{3}[-.]\d{4}|\b[A-Z]{2},? \d{5}\b|\bp\.? ?o\.? box\b|^(?:\S ){3,}\S$/i;

/**
 * The letterhead: the largest print near the top of the first page that is neither a label, nor
 * a value already read, nor part of the line-item table.
 */
function letterhead(lines: TextLine[], used: Set<Token>, table: Set<number>): Candidate[] {
  const first = lines.filter((l) => l.page === 1);
  if (first.length === 0) return [];
  const heights = first.map((l) => l.height).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)]!;
  const top = first.filter((l) => l.top < l.pageHeight * 0.3 && !table.has(l.index));
  let best: { line: TextLine; text: string; score: number; conf: number } | null = null;
  for (const line of top) {
    for (const start of line.segmentStarts) {
      const [s, e] = segmentAt(line, start);
      const phrase = line.tokens.slice(s, e);
      // 'Vendor LLC | 12 Main St, Midland' — the name is what comes before a separator.
      const cut = phrase.findIndex((t) => /^[|\u2022\u00b7*]$/.test(t.text) /* | • · * */);
      const tokens = cut > 0 ? phrase.slice(0, cut) : phrase;
      if (tokens.some((t) => used.has(t))) continue;
      const clean = cleanName(textOf(tokens));
      const text = line.source === 'ocr' ? repairOcrName(clean) : clean;
      const letters = (text.match(/[A-Za-z]/g) ?? []).length;
      const words = tokens.filter((t) => /[A-Za-z]{2}/.test(t.text)).length;
      if (letters < 6 || words < 2 || NOT_A_NAME.test(text) || tokens.length > 8) continue;
      if (meanConfidence(tokens) < 0.6) continue;
      const height = Math.max(...tokens.map((t) => t.bottom - t.top));
      const suffix = COMPANY_SUFFIX.test(text);
      const score = height / usual + (suffix ? 0.5 : 0) - line.top / line.pageHeight;
      const conf =
        (0.55 + (height >= 1.3 * usual ? 0.15 : 0) + (suffix ? 0.2 : 0)) * ocrFactor(tokens);
      if (!best || score > best.score) best = { line, text, score, conf };
    }
  }
  if (!best) return [];
  return [
    {
      key: 'docARCompany',
      value: best.text,
      confidence: best.conf,
      line: best.line,
      position: 'layout',
      tokens: [],
    },
  ];
}

/** The last line of a US postal address: 'Midland, TX 79701', 'Tulsa OK 74103-1234'. */
const CITY_LINE = /[A-Za-z.]+,? [A-Z]{2},? \d{5}(?:-\d{4})?\s*$/;

/**
 * An addressee printed with no 'Bill To' label (a letter's inside address): on page 1, in the top
 * 40 %, below the letterhead, a name in the left half starting a block of left-aligned lines
 * whose last one (within four) is a 'City, ST 12345' line. Only asked when no label named the
 * purchaser.
 */
function addressee(
  lines: TextLine[],
  used: Set<Token>,
  vendor: Candidate | undefined,
): Candidate[] {
  const first = lines.filter((l) => l.page === 1 && l.top < l.pageHeight * 0.4);
  const below = vendor ? vendor.line.bottom : 0;
  for (const [i, line] of first.entries()) {
    if (line.top < below) continue;
    const [s, e] = segmentAt(line, 0);
    const tokens = line.tokens.slice(s, e);
    const x0 = tokens[0]?.x0 ?? Infinity;
    if (x0 > line.pageWidth / 2 || tokens.some((t) => used.has(t))) continue;
    // A heading the dictionaries do not know ('Charged To:') is not the name under it.
    if (/:\s*$|\bto$/i.test(textOf(tokens))) continue;
    const clean = cleanName(textOf(tokens));
    const text = line.source === 'ocr' ? repairOcrName(clean) : clean;
    const words = tokens.filter((t) => /[A-Za-z]{2}/.test(t.text)).length;
    if (words < 2 || NOT_A_NAME.test(text) || text.toLowerCase() === vendor?.value.toLowerCase())
      continue;
    let prev = line;
    for (const next of first.slice(i + 1, i + 5)) {
      if (next.top - prev.bottom > 2 * line.height) break;
      const [ns, ne] = segmentAt(next, 0);
      const nt = next.tokens.slice(ns, ne);
      if (Math.abs((nt[0]?.x0 ?? Infinity) - x0) > line.height) break;
      if (CITY_LINE.test(textOf(nt))) {
        const suffix = COMPANY_SUFFIX.test(text);
        return [
          {
            key: 'docARPurchaserName',
            value: text,
            confidence: (0.62 + (suffix ? 0.15 : 0)) * ocrFactor(tokens),
            line,
            position: 'layout',
            tokens,
          },
        ];
      }
      prev = next;
    }
  }
  return [];
}

/** An invoice without a date label: the first date printed in the top half of the first page. */
function firstDate(lines: TextLine[], labelled: Set<number>): Candidate[] {
  for (const line of lines) {
    if (line.page !== 1 || line.top > line.pageHeight / 2 || labelled.has(line.index)) continue;
    // A received-stamp's date is when the clerk got it, not the invoice's.
    if (/\brec(?:eived|'?d)\b/i.test(textOf(line.tokens))) continue;
    const parsed = parseDate(textOf(line.tokens));
    if (parsed) {
      return [
        {
          key: 'docInvoiceDate',
          value: parsed.value,
          confidence: 0.55 * parsed.quality * ocrFactor(line.tokens),
          line,
          position: 'layout',
          tokens: line.tokens,
        },
      ];
    }
  }
  return [];
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.011;

/**
 * The totals against the page's arithmetic (checks.ts): a total that equals subtotal + tax +
 * freight or the lines' sum is trusted more; one a misread explains (a lost decimal point, a '$'
 * read as a digit) is repaired; one the page contradicts is only proposed, never filled; of
 * several total wordings, the largest amount wins ties.
 */
function crossCheckTotals(candidates: Candidate[], lineSum: number | null): void {
  const totals = candidates.filter((c) => c.key === 'docTotal');
  // A scanned subtotal, tax or freight printed with cents but read without its point
  // ('1262427' for 12,624.27) may also stand for its value / 100: only a sum that matches to the
  // cent can make use of it.
  const values = (key: string) =>
    candidates
      .filter((c) => c.key === key)
      .flatMap((c) =>
        c.line.source === 'ocr' && /^-?\d+\.00$/.test(c.value) && Math.abs(Number(c.value)) >= 100
          ? [Number(c.value), Number(c.value) / 100]
          : [Number(c.value)],
      );
  const subtotals = values(SUBTOTAL_KEY);
  const taxes = values(TAX_KEY);
  const freights = values(FREIGHT_KEY);
  const largest = Math.max(...totals.map((c) => Number(c.value)));
  const rank = { agrees: 3, repaired: 2, contradicted: 1, unchecked: 0 } as const;
  for (const c of totals) {
    const v = Number(c.value);
    let best: AmountVerdict = { verdict: 'unchecked', value: v };
    for (const subtotal of [...subtotals, null])
      for (const tax of [...taxes, null])
        for (const freight of [...freights, null]) {
          const verdict = checkTotal(v, { subtotal, tax, freight, lineSum });
          if (rank[verdict.verdict] > rank[best.verdict]) best = verdict;
        }
    if (subtotals.length && subtotals.every((s) => v < s - 0.005)) c.confidence -= 0.2;
    if (v === largest) c.confidence += 0.03;
    if (v <= 0) c.confidence -= 0.3;
    if (best.verdict === 'agrees') {
      c.confidence += 0.1;
      c.proven = true;
    } else if (best.verdict === 'repaired') {
      c.value = best.value.toFixed(2);
      c.confidence = Math.min(c.confidence, 0.9) + 0.05;
      c.proven = true;
    } else if (best.verdict === 'contradicted') c.confidence = Math.min(c.confidence, REFUSED);
    else if (c.line.source === 'ocr') c.confidence = Math.min(c.confidence, UNCHECKED_SCAN_TOTAL);
  }
}

/**
 * Plausibility (checks.ts): an invoice date far from the upload, an identifier that looks like
 * OCR debris, a value whose least sure word OCR barely read — proposed at most, never filled.
 */
function checkPlausibility(candidates: Candidate[], uploadedAt: Date): void {
  for (const c of candidates) {
    const scan = c.line.source === 'ocr';
    // A scanned year with its last digit misread into the future ('2028' for '2025'): repaired
    // when only one of the digits OCR confuses with it makes the date plausible, a little less
    // sure. An old date is left as read (proposed, not filled: recentScannedDate).
    if (scan && c.key === 'docInvoiceDate' && afterUpload(c.value, uploadedAt)) {
      const repaired = repairYear(
        c.value,
        (d) => plausibleInvoiceDate(d, uploadedAt) && recentScannedDate(d, uploadedAt),
      );
      if (repaired) {
        c.value = repaired;
        c.confidence *= REPAIRED_YEAR;
      }
    }
    if (c.key === 'docInvoiceDate' && !plausibleInvoiceDate(c.value, uploadedAt))
      c.confidence = Math.min(c.confidence, REFUSED);
    if (scan && c.key === 'docInvoiceDate' && !recentScannedDate(c.value, uploadedAt))
      c.confidence = Math.min(c.confidence, REFUSED);
    if (scan && ID_KEYS.has(c.key) && !looksLikeIdentifier(c.value, true)) c.confidence = 0;
    // A letter beside a digit it may have been misread from (or for): only when read very surely.
    // As read, too: '0DS664647' repaired to the digits '005664647' is no surer than it was read.
    if (
      scan &&
      ID_KEYS.has(c.key) &&
      (hasLookalike(c.value) || (c.tokens[0] !== undefined && hasLookalike(c.tokens[0].text))) &&
      weakestWord(c.tokens.map((t) => t.confidence)) < LOOKALIKE_SURE
    )
      c.confidence = Math.min(c.confidence, REFUSED);
    // A total equal to subtotal + tax to the cent is proven by the page, however faint its print.
    if (
      scan &&
      !c.proven &&
      c.tokens.length &&
      weakestWord(c.tokens.map((t) => t.confidence)) < WEAK_WORD
    )
      c.confidence = Math.min(c.confidence, REFUSED);
  }
}

/**
 * Due before the invoice date: one of the two is wrong, neither is filled. An invoice date already
 * refused as implausible (2028 read for 2025) does not drag the due date down with it: the due
 * date is then judged alone, against the upload.
 */
function checkDueDate(values: ProposedMetadataValue[], uploadedAt: Date, scanned: boolean): void {
  const invoice = values.find((v) => v.key === 'docInvoiceDate');
  const due = values.find((v) => v.key === 'docDueDate');
  if (!due) return;
  if (!invoice || !plausibleInvoiceDate(invoice.value, uploadedAt)) {
    if (!plausibleLoneDueDate(due.value, uploadedAt))
      due.confidence = Math.min(due.confidence, REFUSED);
    return;
  }
  if (plausibleDueDate(due.value, invoice.value)) return;
  // A scanned due date's year misread ('2028' for '2025'): the one year the invoice date allows.
  // Only a due date more than a year after the invoice date: one before it is not a misread year.
  const late = afterUpload(due.value, new Date(`${invoice.value}T00:00:00Z`), 366);
  const repaired =
    scanned && late ? repairYear(due.value, (d) => plausibleDueDate(d, invoice.value)) : null;
  if (repaired) {
    due.value = repaired;
    due.confidence = Math.round(due.confidence * REPAIRED_YEAR * 100) / 100;
    return;
  }
  invoice.confidence = Math.min(invoice.confidence, REFUSED);
  due.confidence = Math.min(due.confidence, REFUSED);
}

/** A line whose amount is not quantity × price: repaired when a misread explains it, else doubted. */
function checkedLine(line: ProposedLine): ProposedLine {
  if (line.amount === null) return line;
  const verdict = checkLine({
    quantity: line.quantity === null ? null : Number(line.quantity),
    unitPrice: line.unitPrice === null ? null : Number(line.unitPrice),
    amount: Number(line.amount),
  });
  if (verdict.verdict === 'repaired') return { ...line, amount: verdict.value.toFixed(2) };
  if (verdict.verdict === 'contradicted') return { ...line, confidence: line.confidence - 0.15 };
  return line;
}

function decide(candidates: Candidate[]): ProposedMetadataValue[] {
  const byKey = new Map<string, Map<string, Candidate[]>>();
  for (const c of candidates) {
    if (c.key.startsWith('_')) continue;
    const values = byKey.get(c.key) ?? new Map<string, Candidate[]>();
    const id = c.value.toLowerCase();
    values.set(id, [...(values.get(id) ?? []), c]);
    byKey.set(c.key, values);
  }
  const out: ProposedMetadataValue[] = [];
  for (const [key, values] of byKey) {
    let best: ProposedMetadataValue | null = null;
    for (const group of values.values()) {
      const sorted = [...group].sort((a, b) => b.confidence - a.confidence);
      const lines = new Set(sorted.map((c) => c.line.index));
      const confidence = Math.min(0.99, sorted[0]!.confidence + 0.05 * (lines.size - 1));
      if (!best || confidence > best.confidence) {
        best = { key, value: sorted[0]!.value, confidence: Math.round(confidence * 100) / 100 };
      }
    }
    if (best && best.confidence >= PROPOSAL_THRESHOLD) out.push(best);
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export function proposeMetadata(
  documentTypeId: number,
  pages: ReadPage[],
  options: ProposeOptions = {},
): MetadataProposals {
  const rules = fieldRulesFor(documentTypeId);
  if (rules.length === 0) return { values: [], lineItems: [] };
  const lines = buildLines(pages);
  const invoice = documentTypeId === 93;
  const table = invoice
    ? findLineItems(lines)
    : { lines: [], lineIndexes: new Set<number>(), sum: null };
  const hits = findLabels(lines, rules, table.lineIndexes);
  const candidates = candidatesFor(lines, hits);
  if (invoice) {
    const used = new Set<Token>([
      ...hits.flatMap((h) => h.line.tokens.slice(h.start, h.end)),
      ...candidates.flatMap((c) => c.tokens),
    ]);
    const vendor = letterhead(lines, used, table.lineIndexes);
    candidates.push(...vendor);
    if (!candidates.some((c) => c.key === 'docARPurchaserName'))
      candidates.push(...addressee(lines, used, vendor[0]));
    if (!candidates.some((c) => c.key === 'docInvoiceDate')) {
      candidates.push(
        ...firstDate(
          lines,
          new Set(hits.filter((h) => h.rule.kind === 'date').map((h) => h.line.index)),
        ),
      );
    }
    crossCheckTotals(candidates, table.sum);
    checkPlausibility(candidates, options.uploadedAt ?? new Date());
  }
  const values = decide(candidates);
  if (invoice)
    checkDueDate(
      values,
      options.uploadedAt ?? new Date(),
      pages.some((p) => p.source === 'ocr'),
    );
  const total = values.find((v) => v.key === 'docTotal');
  const checked = table.lines.map(checkedLine);
  const sum = checked.reduce((s, l) => s + Number(l.amount ?? 0), 0);
  const subtotals = candidates.filter((c) => c.key === SUBTOTAL_KEY).map((c) => Number(c.value));
  const addsUp =
    checked.length > 0 &&
    ((total && near(sum, Number(total.value))) ||
      subtotals.some((s) =>
        linesAddUp(
          checked.map((l) => Number(l.amount ?? 0)),
          s,
        ),
      ));
  const lineItems = addsUp
    ? checked.map((l) => ({ ...l, confidence: Math.min(0.99, l.confidence + 0.1) }))
    : checked;
  const allowed = new Set(
    metadataFieldSeeds.filter((f) => f.documentTypeId === documentTypeId).map((f) => f.key),
  );
  if (invoice) allowed.add(REMIT_TO_KEY);
  return {
    values: values.filter((v) => allowed.has(v.key)),
    lineItems: lineItems
      .filter((l) => l.confidence >= PROPOSAL_THRESHOLD)
      .map((l) => ({ ...l, confidence: Math.round(Math.min(0.99, l.confidence) * 100) / 100 })),
  };
}
