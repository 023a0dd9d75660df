/**
 * Relative advance widths (in 1/1000 em, Helvetica's metrics) used to place each word of a
 * pdf.js text item, which often holds a whole line: the item's measured width is shared out over
 * its characters by these weights, so a word's x and width land close to where it is drawn.
 */
const NARROW = 278;
const WIDTHS: Record<string, number> = {
  ' ': 278,
  '!': 278,
  '"': 355,
  '#': 556,
  $: 556,
  '%': 889,
  '&': 667,
  "'": 191,
  '(': 333,
  ')': 333,
  '*': 389,
  '+': 584,
  ',': 278,
  '-': 333,
  '.': 278,
  '/': 278,
  ':': 278,
  ';': 278,
  '<': 584,
  '=': 584,
  '>': 584,
  '?': 556,
  '@': 1015,
  '[': 278,
  '\\': 278,
  ']': 278,
  '^': 469,
  _: 556,
  '`': 333,
  '{': 334,
  '|': 260,
  '}': 334,
  '~': 584,
  A: 667,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 500,
  K: 667,
  L: 556,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
};

export function charWeight(ch: string): number {
  if (/[0-9]/.test(ch)) return 556;
  return WIDTHS[ch] ?? (ch.trim() === '' ? NARROW : 556);
}

/** Splits a run of text into words with their offset and width as fractions of the run. */
export function splitRun(text: string): { word: string; start: number; width: number }[] {
  const weights = Array.from(text, charWeight);
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  const out: { word: string; start: number; width: number }[] = [];
  const chars = Array.from(text);
  let pos = 0;
  let i = 0;
  while (i < chars.length) {
    if ((chars[i] ?? '').trim() === '') {
      pos += weights[i] ?? 0;
      i += 1;
      continue;
    }
    let j = i;
    let w = 0;
    while (j < chars.length && (chars[j] ?? '').trim() !== '') {
      w += weights[j] ?? 0;
      j += 1;
    }
    out.push({ word: chars.slice(i, j).join(''), start: pos / total, width: w / total });
    pos += w;
    i = j;
  }
  return out;
}
