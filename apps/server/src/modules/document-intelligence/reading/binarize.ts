/**
 * Binarization of a grey page before OCR (issue 34 item 4): Otsu's threshold over the page's
 * histogram. Pure functions over 8-bit grey rasters (0 black … 255 white).
 */

/** The 256-bin histogram of a grey raster. */
export function histogram(data: Uint8Array): Uint32Array {
  const h = new Uint32Array(256);
  for (let p = 0; p < data.length; p++) h[data[p]!]! += 1;
  return h;
}

/**
 * Otsu's threshold: the level t that best separates the histogram into two classes (≤ t and
 * > t) — the one with the largest between-class variance. A page of one shade gives its level.
 */
export function otsuThreshold(h: ArrayLike<number>): number {
  let total = 0;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) {
    total += h[i]!;
    sumAll += i * h[i]!;
  }
  if (total === 0) return 128;
  let weightBelow = 0;
  let sumBelow = 0;
  let best = -1;
  let threshold = 0;
  for (let t = 0; t < 256; t++) {
    weightBelow += h[t]!;
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += t * h[t]!;
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sumAll - sumBelow) / weightAbove;
    const between = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * Otsu's threshold over the pixels that are not paper: on a flattened page most pixels are 255,
 * which would pull the threshold towards the paper; the ink and its edges are what must be split.
 * Pixels ≥ `paper` are left out; with too few others, `fallback`.
 */
export function inkThreshold(data: Uint8Array, paper = 250, fallback = 160): number {
  const h = histogram(data);
  let others = 0;
  for (let i = 0; i < paper; i++) others += h[i]!;
  if (others < 100) return fallback;
  for (let i = paper; i < 256; i++) h[i] = 0;
  return otsuThreshold(h);
}

/** Black (0) at or below `threshold`, white (255) above. */
export function binarize(data: Uint8Array, threshold: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let p = 0; p < data.length; p++) out[p] = data[p]! <= threshold ? 0 : 255;
  return out;
}
