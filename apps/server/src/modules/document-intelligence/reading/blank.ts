import { loadSharp } from '../../../platform/heavy-modules';

/**
 * A page with less than this share of dark pixels is blank and not given to OCR (issue 28 item 2):
 * one in 10,000 — about 370 pixels of a letter page at 200 dpi, two or three printed characters.
 * A blank page costs its rendering and this check (milliseconds), not a recognition (seconds).
 */
export const BLANK_INK_RATIO = 0.0001;
/** Darker than this (0–255 luminance) counts as ink. */
const INK_LEVEL = 128;

/** The share of dark pixels of an RGBA raster (a rendered PDF page; no scanner noise). */
export function inkRatioOfRgba(data: Uint8Array | Uint8ClampedArray): number {
  let dark = 0;
  let pixels = 0;
  for (let i = 0; i + 3 < data.length; i += 4) {
    const lum = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (lum < INK_LEVEL) dark += 1;
    pixels += 1;
  }
  return pixels === 0 ? 0 : dark / pixels;
}

/**
 * The share of dark pixels of a scanned page (PNG/JPEG bytes, already flattened on white), after a
 * 3 × 3 median that removes isolated specks of scanner noise.
 */
export async function inkRatioOfImage(image: Buffer): Promise<number> {
  const sharp = await loadSharp();
  const { channels } = await sharp(image).grayscale().median(3).threshold(INK_LEVEL).stats();
  const mean = channels[0]?.mean ?? 255;
  return 1 - mean / 255;
}
