import { loadSharp } from '../../../platform/heavy-modules';
import type { Gray } from './skew';

/** Side of the square blocks over which the paper's local shade is measured. */
const BLOCK = 24;
/**
 * A pixel at least this fraction of the paper's shade is paper: set to white. The scanner's grain
 * on a shaded panel is what made tesseract take the panel for a picture and skip its text.
 */
const PAPER = 0.9;
/** A slight blur first (pixels) evens the grain out. Both chosen on the scans (bench/README.md). */
const BLUR = 0.6;

/**
 * Evens out the paper before OCR: the page is blurred slightly, every pixel divided by the local
 * shade of the paper, and what is then within 10 % of the paper set to white — so text printed on
 * a shaded panel, a grey form cell or an unevenly lit scan comes out as dark print on clean white,
 * while the grey edges of small print are kept. The paper's shade in a
 * block is the mean of its lighter half (the print is the darker pixels; averaging keeps the
 * scanner's noise out of it), then the lightest of the block and its neighbours (a block inside a
 * thick letter has no paper), interpolated between block centres. Same size as the input, so
 * word boxes need no scaling. docs/document-intelligence.md "Reading".
 */
export async function flattenBackground(
  image: Buffer,
  paperAt = PAPER,
  blur = BLUR,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = await flattenGray(
    {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    },
    paperAt,
    blur,
  );
  return sharp(Buffer.from(out.data.buffer, out.data.byteOffset, out.data.length), {
    raw: { width: out.width, height: out.height, channels: 1 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** flattenBackground on a grey raster (one byte a pixel), same size out. */
export async function flattenGray(gray: Gray, paperAt = PAPER, blur = BLUR): Promise<Gray> {
  const sharp = await loadSharp();
  const { width, height } = gray;
  const data = blur
    ? await sharp(gray.data, { raw: { width, height, channels: 1 } })
        .blur(blur)
        .extractChannel(0)
        .raw()
        .toBuffer()
    : gray.data;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const sum = new Float64Array(bw * bh);
  const count = new Uint32Array(bw * bh);
  const blockOf = (x: number, y: number) => ((y / BLOCK) | 0) * bw + ((x / BLOCK) | 0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const b = blockOf(x, y);
      sum[b]! += data[y * width + x]!;
      count[b]! += 1;
    }
  const mean = sum.map((s, b) => s / count[b]!);
  sum.fill(0);
  count.fill(0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const b = blockOf(x, y);
      const v = data[y * width + x]!;
      if (v >= mean[b]!) {
        sum[b]! += v;
        count[b]! += 1;
      }
    }
  const paper = new Uint8Array(bw * bh);
  for (let b = 0; b < bw * bh; b++) paper[b] = count[b] ? Math.round(sum[b]! / count[b]!) : 255;
  const spread = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) m = Math.max(m, paper[yy * bw + xx]!);
        }
      spread[by * bw + bx] = m;
    }
  const background = await sharp(spread, { raw: { width: bw, height: bh, channels: 1 } })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .raw()
    .toBuffer();
  const out = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const r = data[p]! / Math.max(background[p]!, 64);
    out[p] = r >= paperAt ? 255 : Math.round((255 * r) / paperAt);
  }
  return { data: out, width, height };
}
