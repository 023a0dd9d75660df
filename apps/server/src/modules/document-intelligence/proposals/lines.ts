import type { ReadPage, ReadWord } from '../reading/types';

/**
 * Words → text lines. Every rule works on lines: a word belongs to the line its vertical middle
 * overlaps, after undoing the page's skew (a scan rotated by 2° drifts by a line height across
 * the page, so plain y-overlap would cut its lines in pieces).
 */

export interface Token {
  text: string;
  /** Lower case, surrounding punctuation stripped ('No.:' → 'no', 'P.O.' → 'po'); '#' is kept. */
  norm: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  confidence: number;
}

export interface TextLine {
  /** Position in reading order over the whole document. */
  index: number;
  page: number;
  pageCount: number;
  pageWidth: number;
  pageHeight: number;
  source: 'text' | 'ocr';
  top: number;
  bottom: number;
  /** Median word height: the unit every distance is measured in. */
  height: number;
  tokens: Token[];
  /** Token indexes where a new phrase starts (a gap wider than about one letter height). */
  segmentStarts: number[];
  /**
   * The page's skew (dy per dx): tokens' `top` and `bottom` are levelled — a word's place on the
   * page as given is `top + slope × its middle x` (second-look.ts cuts regions from the page).
   */
  slope: number;
}

const OCR_LABEL_WORDS: Record<string, string> = {
  '1d': 'id',
  ld: 'id',
  n0: 'no',
  '1nvoice': 'invoice',
  '1nv': 'inv',
  // 'P.0. No.' — the O of 'P.O.' read as a zero.
  'p.0': 'po',
};

export function normalize(text: string): string {
  const t = text
    .toLowerCase()
    .replace(/[\u2019']/g, "'") // ’ '
    .replace(/^[^a-z0-9#$%(]+|[^a-z0-9#%)]+$/g, '')
    .replace(/^\((.*)\)$/, '$1');
  if (/^([a-z]\.)+[a-z]?$/.test(t)) return t.replace(/\./g, '');
  // Label words OCR misreads with a digit: 'Invoice 1D', 'Invoice N0.'.
  return OCR_LABEL_WORDS[t] ?? t;
}

/** Median slope between horizontally adjacent words (0 for a straight page). */
function skewOf(words: ReadWord[]): number {
  const slopes: number[] = [];
  const sorted = [...words].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length && slopes.length < 400; i++) {
    const w = sorted[i]!;
    const cy = w.y + w.height / 2;
    const right = w.x + w.width;
    for (let j = i + 1; j < sorted.length; j++) {
      const v = sorted[j]!;
      if (v.x > right + 3 * w.height) break;
      if (v.x < right - 0.2 * w.height) continue;
      const dy = v.y + v.height / 2 - cy;
      if (Math.abs(dy) > 0.6 * w.height || Math.abs(v.height - w.height) > 0.3 * w.height) continue;
      const dx = v.x + v.width / 2 - (w.x + w.width / 2);
      if (dx > w.height) slopes.push(dy / dx);
      break;
    }
  }
  if (slopes.length < 5) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)]!;
  return Math.abs(median) < 0.002 ? 0 : median;
}

/**
 * Splits a word at a colon inside it ('No:12345' → 'No:', '12345') and a glued '#' ('Invoice#'),
 * sharing out its width by characters, so labels and values are separate tokens.
 */
function splitWord(w: ReadWord): ReadWord[] {
  const m =
    /^([A-Za-z.]+[:#])(\S*[A-Za-z0-9]\S*)$/.exec(w.text) ?? /^([A-Za-z]+)(#\S*)$/.exec(w.text);
  if (!m) return [w];
  const [, first = '', rest = ''] = m;
  const perChar = w.width / w.text.length;
  return [
    { ...w, text: first, width: perChar * first.length },
    { ...w, text: rest, x: w.x + perChar * first.length, width: perChar * rest.length },
  ];
}

function pageLines(page: ReadPage, pageCount: number): Omit<TextLine, 'index'>[] {
  const all = page.words.filter((w) => w.text.trim() !== '' && w.height > 0);
  const heights = all.map((w) => w.height).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)] ?? 0;
  // Specks of a scan read as '.', ':' or a tiny letter: dropped so they neither join nor split lines.
  const words = all
    .filter(
      (w) =>
        w.height >= 0.5 * usual &&
        (/[A-Za-z0-9$\u20ac\u00a3]/.test(w.text) /* $ € £ */ || w.confidence >= 0.6),
    )
    .flatMap(splitWord);
  const slope = skewOf(words);
  // Straightened vertical position of a word's middle.
  const level = (w: ReadWord) => w.y + w.height / 2 - slope * (w.x + w.width / 2);
  const sorted = [...words].sort((a, b) => level(a) - level(b));
  const groups: { mid: number; height: number; words: ReadWord[] }[] = [];
  for (const w of sorted) {
    const mid = level(w);
    const line = groups.find(
      (g) => Math.abs(g.mid - mid) < 0.5 * Math.min(g.height, w.height) && !overlapsAny(g.words, w),
    );
    if (line) {
      line.words.push(w);
      line.mid = (line.mid * (line.words.length - 1) + mid) / line.words.length;
      line.height = Math.max(line.height, w.height);
    } else {
      groups.push({ mid, height: w.height, words: [w] });
    }
  }
  return groups
    .sort((a, b) => a.mid - b.mid)
    .map((g) => {
      const ws = g.words.sort((a, b) => a.x - b.x);
      const heights = ws.map((w) => w.height).sort((a, b) => a - b);
      const height = heights[Math.floor(heights.length / 2)]!;
      const tokens: Token[] = ws.map((w) => {
        const shift = slope * (w.x + w.width / 2);
        return {
          text: w.text,
          norm: normalize(w.text),
          x0: w.x,
          x1: w.x + w.width,
          top: w.y - shift,
          bottom: w.y + w.height - shift,
          confidence: w.confidence,
        };
      });
      // OCR boxes hug the glyphs (shorter than a text layer's font box) and its word gaps vary
      // more, so a phrase break there needs a wider gap relative to the word height.
      const phraseGap = (page.source === 'ocr' ? 1.8 : 1.1) * height;
      const segmentStarts = [0];
      for (let i = 1; i < tokens.length; i++) {
        if (tokens[i]!.x0 - tokens[i - 1]!.x1 > phraseGap) segmentStarts.push(i);
      }
      return {
        page: page.page,
        pageCount,
        pageWidth: page.width,
        pageHeight: page.height,
        source: page.source,
        top: Math.min(...tokens.map((t) => t.top)),
        bottom: Math.max(...tokens.map((t) => t.bottom)),
        height,
        tokens,
        segmentStarts,
        slope,
      };
    });
}

/** Two words on top of each other are not one line (overprinted or duplicated text aside). */
function overlapsAny(words: ReadWord[], w: ReadWord): boolean {
  return words.some((o) => o.x < w.x + w.width - 1 && w.x < o.x + o.width - 1 && o.text === w.text);
}

export function buildLines(pages: ReadPage[]): TextLine[] {
  const ordered = [...pages].sort((a, b) => a.page - b.page);
  return ordered
    .flatMap((p) => pageLines(p, ordered.length))
    .map((line, index) => ({ ...line, index }));
}

/** The token range [start, end) of the segment holding token `i`. */
export function segmentAt(line: TextLine, i: number): [number, number] {
  let start = 0;
  let end = line.tokens.length;
  for (const s of line.segmentStarts) {
    if (s <= i) start = s;
    else {
      end = s;
      break;
    }
  }
  return [start, end];
}

export function textOf(tokens: Token[]): string {
  return tokens.map((t) => t.text).join(' ');
}

export function meanConfidence(tokens: Token[]): number {
  if (tokens.length === 0) return 0;
  return tokens.reduce((s, t) => s + t.confidence, 0) / tokens.length;
}
