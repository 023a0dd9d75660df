import {
  candidatesFor,
  findLabels,
} from '../../apps/server/src/modules/document-intelligence/proposals/candidates';
import { fieldRulesFor } from '../../apps/server/src/modules/document-intelligence/proposals/labels';
import { findLineItems } from '../../apps/server/src/modules/document-intelligence/proposals/line-items';
import {
  buildLines,
  textOf,
  type TextLine,
} from '../../apps/server/src/modules/document-intelligence/proposals/lines';
import {
  parseAmount,
  parseDate,
} from '../../apps/server/src/modules/document-intelligence/proposals/parse';
import type { ReadPage } from '../../apps/server/src/modules/document-intelligence/reading/types';
import { sameValue } from './score';

/**
 * Why a value was missed or only proposed (issue 34, `--misses`): the label not found (and the
 * line where the value was read, to see the misread label), the value not read at all, the label
 * found but nothing of the field's type beside or under it, or a candidate with the right value
 * that lost or was held below the fill threshold by a check.
 */
export function whyMissed(
  pages: ReadPage[],
  key: string,
  expected: string,
  got: { value: string; confidence: number } | undefined,
): string {
  const lines = buildLines(pages);
  const rules = fieldRulesFor(93);
  const table = findLineItems(lines);
  const hits = findLabels(lines, rules, table.lineIndexes);
  const keyHits = hits.filter((h) => h.rule.key === key);
  const candidates = candidatesFor(lines, hits).filter((c) => c.key === key);
  const rightOnes = candidates.filter((c) => sameValue(key, expected, c.value));
  const at = valueLine(lines, key, expected);
  const show = (l: TextLine) => `p${l.page} "${textOf(l.tokens)}"`;
  if (rightOnes.length) {
    const best = Math.max(...rightOnes.map((c) => c.confidence));
    if (got && !sameValue(key, expected, got.value))
      return `another value won (${got.value} ${got.confidence} over the right one at ${best.toFixed(2)})`;
    return `right value read at ${best.toFixed(2)} before checks, ${got ? `${got.confidence} after` : 'dropped'} (weakest word ${Math.min(...rightOnes[0]!.tokens.map((t) => t.confidence)).toFixed(2)})`;
  }
  if (keyHits.length === 0)
    return at ? `label not found; value read on ${show(at)}` : 'label not found and value not read';
  const labels = keyHits.map((h) => show(h.line)).join(' | ');
  if (!at) return `label found (${labels}); value not read`;
  return `label found (${labels}); value read on ${show(at)} but not taken${candidates.length ? ` (took ${candidates.map((c) => c.value).join(', ')})` : ''}`;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The line the expected value is read on, if OCR read it. */
function valueLine(lines: TextLine[], key: string, expected: string): TextLine | null {
  for (const line of lines) {
    const toks = line.tokens;
    for (let i = 0; i < toks.length; i++)
      for (let n = 1; n <= 4 && i + n <= toks.length; n++) {
        const text = textOf(toks.slice(i, i + n));
        if (key === 'docTotal') {
          const a = parseAmount(text);
          if (a && Math.abs(Number(a.value) - Number(expected)) < 0.005) return line;
        } else if (key.endsWith('Date')) {
          if (parseDate(text)?.value === expected) return line;
        } else if (squash(text) === squash(expected)) return line;
      }
  }
  return null;
}
