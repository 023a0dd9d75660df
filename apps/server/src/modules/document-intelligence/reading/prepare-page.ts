import { loadSharp } from '../../../platform/heavy-modules';
import { binarize, histogram, otsuThreshold } from './binarize';
import { flattenGray } from './preprocess';
import { estimateSkew, pointOnSkewedPage, rotateGray, type Gray } from './skew';
import type { ReadWord } from './types';

/**
 * A scanned page made ready for OCR (issue 34 item 4; docs/document-intelligence.md "Before
 * OCR"): grey, specks removed (3 × 3 median), skew measured and undone, enlarged to the
 * resolution tesseract reads best, the paper evened out (preprocess.ts) and binarized (Otsu over
 * the ink). Word boxes found on the prepared page are put back onto the page as given
 * (`toSource`), so a viewer's click-to-fill lands on the word.
 */

export interface PrepareOptions {
  /** Median filter before anything else (removes scanner specks). */
  median: boolean;
  /** Measure and undo the skew (projection profile over ±4°). */
  deskew: boolean;
  /** A page below this resolution is enlarged to it (at most 3×; 0: never). */
  targetDpi: number;
  /** Even out the paper (shaded panels, uneven light). */
  flatten: boolean;
  /** Black and white by Otsu's threshold over the ink. */
  binarize: boolean;
}

/**
 * Chosen on the oilfield scans (docs/document-intelligence.md "Before OCR"): deskew helped on the
 * tuning half but filled four wrong invoice numbers on the held-out half (digits misread at high
 * confidence on the turned page), so it is off until the turn is sharper (it stays measurable
 * with `setPrepareDefaults`); the median, 200–300 dpi and Otsu binarization each read fewer
 * values (a 3 × 3 median eats 100-dpi print; a global threshold loses the grey strokes
 * tesseract's LSTM reads). No enlargement here by default (`targetDpi` 0): a low-resolution image
 * is enlarged to 150 dpi while sharp decodes it (reading/index.ts) — enlarging the decoded grey
 * page instead filled two wrong identifiers on the held-out scans (HOBS87678, 023-9448), and an
 * oversized PDF page reduced under the render cap must not be enlarged past it.
 */
export const DEFAULT_PREPARE: PrepareOptions = {
  median: false,
  deskew: false,
  targetDpi: 0,
  flatten: true,
  binarize: false,
};

/** Skews under this (degrees) are left alone: the turn would only blur the print. */
const MIN_SKEW = 0.15;
/** The largest enlargement. */
const MAX_FACTOR = 3;

export interface PreparedPage {
  /** The prepared page (PNG) and its grey pixels, for re-reading a region of it. */
  png: Buffer;
  gray: Gray;
  /** Resolution of the prepared page. */
  dpi: number | undefined;
  /** The skew found (degrees) and the enlargement applied. */
  skew: number;
  factor: number;
  /** A word of the prepared page placed on the page as given. */
  toSource(word: ReadWord): ReadWord;
}

let defaults: PrepareOptions = DEFAULT_PREPARE;

/** For the extraction bench's variant runs only: the options every page is prepared with. */
export function setPrepareDefaults(options: Partial<PrepareOptions>): void {
  defaults = { ...DEFAULT_PREPARE, ...options };
}

export async function preparePage(
  image: Buffer,
  dpi: number | undefined,
  options: PrepareOptions = defaults,
): Promise<PreparedPage> {
  const sharp = await loadSharp();
  const decoded = await sharp(image)
    .flatten({ background: '#ffffff' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = decoded.info.width;
  const height = decoded.info.height;
  let gray: Gray = { data: bytes(decoded.data), width, height };
  const skew = options.deskew ? estimateSkew(gray) : 0;
  const factor = dpi && dpi < options.targetDpi ? Math.min(MAX_FACTOR, options.targetDpi / dpi) : 1;
  // Enlarged first, then turned: the turn's interpolation blurs less at the higher resolution.
  if (factor > 1.02) {
    const w = Math.round(width * factor);
    const h = Math.round(height * factor);
    const resized = await sharp(gray.data, { raw: { width, height, channels: 1 } })
      .resize(w, h, { kernel: 'lanczos3', fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    gray = { data: bytes(resized), width: w, height: h };
  }
  if (Math.abs(skew) >= MIN_SKEW) gray = rotateGray(gray, skew);
  // Specks removed once strokes are several pixels wide (at 100 dpi a 3 × 3 median eats print).
  if (options.median) {
    const filtered = await sharp(gray.data, {
      raw: { width: gray.width, height: gray.height, channels: 1 },
    })
      .median(3)
      .extractChannel(0)
      .raw()
      .toBuffer();
    gray = { ...gray, data: bytes(filtered) };
  }
  if (options.flatten) gray = await flattenGray(gray);
  if (options.binarize)
    gray = { ...gray, data: binarize(gray.data, otsuThreshold(histogram(gray.data))) };
  const png = await sharp(gray.data, {
    raw: { width: gray.width, height: gray.height, channels: 1 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const k = factor > 1.02 ? factor : 1;
  const turned = Math.abs(skew) >= MIN_SKEW ? skew : 0;
  return {
    png,
    gray,
    dpi: dpi ? dpi * k : undefined,
    skew: turned,
    factor: k,
    toSource: (w) => {
      const c = pointOnSkewedPage(
        w.x + w.width / 2,
        w.y + w.height / 2,
        turned,
        gray.width,
        gray.height,
      );
      const ww = w.width / k;
      const hh = w.height / k;
      return {
        ...w,
        x: round(c.x / k - ww / 2),
        y: round(c.y / k - hh / 2),
        width: round(ww),
        height: round(hh),
      };
    },
  };
}

function bytes(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
