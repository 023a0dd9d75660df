/**
 * Skew of a scanned page and its correction (issue 34 item 4). Pure functions over 8-bit grey
 * rasters (0 black … 255 white, row-major, one byte a pixel).
 *
 * The angle is found by a projection-profile search: the dark pixels are projected onto the
 * normal of each candidate text direction and the profile's energy (sum of squared bin counts) is
 * highest when the lines of print are parallel to that direction — each line then falls into a
 * few bins, the gaps between lines into none. Angles are in degrees; positive means the lines of
 * print run down to the right (y grows downwards).
 */

export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface SkewOptions {
  /** The search covers −range … +range degrees. */
  range?: number;
  /** Step of the coarse search, then refined around the best to `fine`. */
  coarse?: number;
  fine?: number;
  /** Darker than this is ink. */
  ink?: number;
  /** At most this many ink pixels are projected (an even sample of them). */
  maxSamples?: number;
}

const DEG = Math.PI / 180;

/**
 * The skew angle of the print on a page, in degrees (−range … +range), 0 when the page has too
 * little ink to tell. Lines of text that run down to the right give a positive angle.
 */
export function estimateSkew(image: Gray, opts: SkewOptions = {}): number {
  const range = opts.range ?? 4;
  const coarse = opts.coarse ?? 0.25;
  const fine = opts.fine ?? 0.05;
  const ink = opts.ink ?? 128;
  const maxSamples = opts.maxSamples ?? 60_000;
  const { data, width, height } = image;
  let count = 0;
  for (let p = 0; p < data.length; p++) if (data[p]! < ink) count++;
  if (count < 50) return 0;
  // An even sample of the ink pixels (every k-th), as coordinates relative to the centre.
  const step = Math.max(1, Math.ceil(count / maxSamples));
  const xs = new Float64Array(Math.ceil(count / step));
  const ys = new Float64Array(xs.length);
  let n = 0;
  let seen = 0;
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! >= ink) continue;
      if (seen++ % step === 0 && n < xs.length) {
        xs[n] = x - cx;
        ys[n] = y - cy;
        n++;
      }
    }
  const diag = Math.ceil(Math.hypot(width, height));
  const bins = new Float64Array(diag + 2);
  const energy = (deg: number): number => {
    const s = Math.sin(deg * DEG);
    const c = Math.cos(deg * DEG);
    bins.fill(0);
    for (let i = 0; i < n; i++) {
      const r = Math.round(ys[i]! * c - xs[i]! * s + diag / 2);
      bins[r]! += 1;
    }
    let e = 0;
    for (let i = 0; i < bins.length; i++) e += bins[i]! * bins[i]!;
    return e;
  };
  const search = (from: number, to: number, by: number, best: { deg: number; e: number }) => {
    for (let deg = from; deg <= to + 1e-9; deg += by) {
      const e = energy(deg);
      // Ties go to the smaller angle: a page with no clear lines is not rotated for nothing.
      if (e > best.e || (e === best.e && Math.abs(deg) < Math.abs(best.deg))) {
        best.deg = deg;
        best.e = e;
      }
    }
    return best;
  };
  const best = search(-range, range, coarse, { deg: 0, e: energy(0) });
  search(Math.max(-range, best.deg - coarse), Math.min(range, best.deg + coarse), fine, best);
  return Math.round(best.deg * 100) / 100;
}

/**
 * The page turned by −`degrees` about its centre (bilinear, same size, white where the turn
 * brings in nothing), so print skewed by `degrees` comes out level.
 */
export function rotateGray(image: Gray, degrees: number): Gray {
  const { data, width, height } = image;
  if (degrees === 0) return { data: data.slice(), width, height };
  const out = new Uint8Array(width * height);
  const s = Math.sin(degrees * DEG);
  const c = Math.cos(degrees * DEG);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      // Output pixel → where it was on the skewed page (the inverse turn): rotate by +degrees.
      const sx = c * dx - s * dy + cx - 0.5;
      const sy = s * dx + c * dy + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[y * width + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
      const bottom = data[i + width]! + (data[i + width + 1]! - data[i + width]!) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, width, height };
}

/**
 * Where a point of the levelled page (rotateGray's output, same size) is on the skewed page: for
 * putting word boxes back onto the image a viewer shows.
 */
export function pointOnSkewedPage(
  x: number,
  y: number,
  degrees: number,
  width: number,
  height: number,
): { x: number; y: number } {
  if (degrees === 0) return { x, y };
  const s = Math.sin(degrees * DEG);
  const c = Math.cos(degrees * DEG);
  const dx = x - width / 2;
  const dy = y - height / 2;
  return { x: c * dx - s * dy + width / 2, y: s * dx + c * dy + height / 2 };
}
