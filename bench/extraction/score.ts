import type { Line } from './data';

/**
 * Precision and recall per field. A proposal is correct when it equals the printed value in its
 * canonical form (numbers compared as numbers, dates as yyyy-mm-dd, text ignoring case, spacing
 * and punctuation). Precision = correct / proposed, recall = correct / printed.
 */

export interface FieldTally {
  printed: number;
  proposed: number;
  correct: number;
}

const NUMERIC = new Set(['docTotal', 'docDecimalInterest']);
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function sameValue(key: string, expected: string, actual: string): boolean {
  if (NUMERIC.has(key)) return Math.abs(Number(expected) - Number(actual)) < 1e-9;
  return squash(expected) === squash(actual);
}

export class Scoreboard {
  readonly fields = new Map<string, FieldTally>();
  /** All fields together, per template: to see which layout the misses come from. */
  readonly templates = new Map<string, FieldTally>();
  lines = { printed: 0, proposed: 0, correct: 0 };
  detection = { total: 0, exact: 0, family: 0, none: 0 };
  misses: string[] = [];

  add(
    file: string,
    truth: Record<string, string>,
    proposed: { key: string; value: string }[],
    keys: string[],
    template = '',
  ): void {
    const all = this.templates.get(template) ?? { printed: 0, proposed: 0, correct: 0 };
    this.templates.set(template, all);
    for (const key of keys) {
      const t = this.fields.get(key) ?? { printed: 0, proposed: 0, correct: 0 };
      const expected = truth[key];
      const got = proposed.find((p) => p.key === key);
      if (expected !== undefined) t.printed++;
      if (got) t.proposed++;
      if (expected !== undefined) all.printed++;
      if (got) all.proposed++;
      if (expected !== undefined && got && sameValue(key, expected, got.value)) {
        t.correct++;
        all.correct++;
      } else if (expected !== undefined || got) {
        this.misses.push(
          `${file} ${key}: expected ${expected ?? '—'}, proposed ${got?.value ?? '—'}`,
        );
      }
      this.fields.set(key, t);
    }
  }

  addLines(
    expected: Line[],
    proposed: { description: string | null; amount: string | null }[],
  ): void {
    this.lines.printed += expected.length;
    this.lines.proposed += proposed.length;
    const left = [...expected];
    for (const p of proposed) {
      const i = left.findIndex(
        (e) =>
          p.amount !== null &&
          Math.abs(Number(e.amount) - Number(p.amount)) < 0.005 &&
          squash(e.description) === squash(p.description ?? ''),
      );
      if (i >= 0) {
        this.lines.correct++;
        left.splice(i, 1);
      }
    }
  }

  addDetection(expected: number, actual: number | null): void {
    this.detection.total++;
    if (actual === expected) this.detection.exact++;
    const family = (id: number | null) => (id === 94 ? 87 : id);
    if (family(actual) === family(expected)) this.detection.family++;
    if (actual === null) this.detection.none++;
  }
}

export const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
