import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A line of text drawn on a page image: top-left of its box in pixels, font size in pixels. */
export interface DrawnLine {
  text: string;
  x: number;
  y: number;
  size: number;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A white page image with the lines drawn in black (a clean 'scan'), as PNG. */
export async function scannedPng(lines: DrawnLine[], width = 1700, height = 2200): Promise<Buffer> {
  // SVG's y is the baseline: ~0.8 of the font size below the top of the box.
  const text = lines
    .map(
      (l) =>
        `<text x="${l.x}" y="${l.y + l.size * 0.8}" font-family="DejaVu Sans" font-size="${l.size}">${escape(l.text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A multi-page TIFF of the given page images. */
export async function multiPageTiff(pages: Buffer[]): Promise<Buffer> {
  return sharp(pages, { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/** A PDF whose only page is the image (no text layer), letter size. */
export async function scannedPdf(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([612, 792]);
  page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

/** A letter-size PDF with a text layer: each line at (x, top) in points from the top-left. */
export async function textPdf(pages: DrawnLine[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    for (const l of lines) {
      // pdf-lib draws at the baseline, from the bottom-left.
      page.drawText(l.text, { x: l.x, y: 792 - l.y - l.size * 0.718, size: l.size, font });
    }
  }
  return Buffer.from(await doc.save());
}
