import { PDFDocument } from 'pdf-lib';
import sharp, { type OverlayOptions } from 'sharp';
import {
  openPdf,
  renderPdfPage,
} from '../../apps/server/src/modules/document-intelligence/reading/pdf';
import type { OilfieldDocument } from './oilfield';
import type { Random } from './random';

/**
 * A scan of a text PDF as a clerk's scanner makes it (issue 34 item 1): each page at 100–150 dpi,
 * a received-stamp and a pen note on page 1, rotated up to 3°, slightly blurred, noisy, JPEG
 * compressed. One-page invoices become a JPEG, longer ones an image-only PDF.
 */

export interface ScanRendition {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'application/pdf';
  file: string;
  dpi: number;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function stampSvg(received: string, scale: number, r: Random): string {
  const [y, m, d] = received.split('-').map(Number) as [number, number, number];
  const colour = r.pick(['#c0282d', '#2846b4', '#7a2a8c']);
  const w = 150 * scale;
  const h = 52 * scale;
  const angle = (r.next() - 0.5) * 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w + 20}" height="${h + 40}">
  <g transform="rotate(${angle.toFixed(1)} ${w / 2} ${h / 2}) translate(10 18)" opacity="0.75">
    <rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="${6 * scale}" fill="none" stroke="${colour}" stroke-width="${2.2 * scale}"/>
    <text x="${w / 2}" y="${20 * scale}" font-family="DejaVu Sans" font-weight="bold" font-size="${15 * scale}" fill="${colour}" text-anchor="middle">RECEIVED</text>
    <text x="${w / 2}" y="${40 * scale}" font-family="DejaVu Sans Mono" font-weight="bold" font-size="${14 * scale}" fill="${colour}" text-anchor="middle">${MONTHS[m - 1]} ${String(d).padStart(2, '0')} ${y}</text>
  </g></svg>`;
}

function penNoteSvg(scale: number, r: Random): string {
  const note = r.pick(['OK to pay', 'Approved - JM', 'coded 6120', 'pd ck 4471', 'see AFE']);
  const w = 170 * scale;
  const h = 50 * scale;
  const x0 = 8 * scale;
  const path = Array.from({ length: 6 }, (_, i) => {
    const x = x0 + i * 22 * scale;
    return `Q ${x + 8 * scale} ${38 * scale + (i % 2 ? -6 : 6) * scale} ${x + 16 * scale} ${40 * scale}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <g transform="rotate(${((r.next() - 0.5) * 10).toFixed(1)} ${w / 2} ${h / 2})">
    <text x="${x0}" y="${26 * scale}" font-family="DejaVu Serif" font-style="italic" font-size="${17 * scale}" fill="#1d3b8f">${note}</text>
    <path d="M ${x0} ${40 * scale} ${path}" fill="none" stroke="#1d3b8f" stroke-width="${1.4 * scale}"/>
  </g></svg>`;
}

async function scanPage(
  png: Buffer,
  first: boolean,
  received: string,
  dpi: number,
  r: Random,
): Promise<Buffer> {
  const scale = dpi / 72;
  const meta = await sharp(png).metadata();
  const width = meta.width!;
  const height = meta.height!;
  const overlays: OverlayOptions[] = [];
  if (first) {
    // The stamp lands in the upper half, the pen note in the lower part, where people put them.
    // Top middle (over the letterhead's white space) or in the empty lower half.
    const top = r.chance(0.5);
    overlays.push({
      input: Buffer.from(stampSvg(received, scale, r)),
      left: Math.round(width * (top ? 0.36 + r.next() * 0.04 : 0.3 + r.next() * 0.3)),
      top: Math.round(height * (top ? 0.005 + r.next() * 0.02 : 0.62 + r.next() * 0.1)),
    });
    overlays.push({
      input: Buffer.from(penNoteSvg(scale, r)),
      left: Math.round(width * (0.05 + r.next() * 0.3)),
      top: Math.round(height * (0.8 + r.next() * 0.1)),
    });
  }
  const stamped = await sharp(png)
    .composite(overlays)
    .flatten({ background: '#ffffff' })
    .toBuffer();
  const angle = (r.chance(0.5) ? 1 : -1) * r.next() * 3;
  const rotated = await sharp(stamped)
    .rotate(angle, { background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = rotated;
  const noise = 20 + r.next() * 30;
  for (let p = 0; p < data.length; p += info.channels) {
    const speck = r.next() < 0.002;
    const delta = speck ? -120 : Math.floor((r.next() - 0.5) * noise);
    for (let c = 0; c < info.channels; c++)
      data[p + c] = Math.max(0, Math.min(255, data[p + c]! + delta));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .blur(0.4 + r.next() * 0.5)
    .withMetadata({ density: dpi })
    .jpeg({ quality: r.int(55, 80) })
    .toBuffer();
}

export async function scanRendition(doc: OilfieldDocument, r: Random): Promise<ScanRendition> {
  const dpi = r.int(100, 150);
  const pdf = await openPdf(new Uint8Array(doc.bytes));
  const images: Buffer[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { png } = await renderPdfPage(pdf, page, dpi / 72);
      images.push(await scanPage(png, n === 1, doc.truth.receivedDate, dpi, r));
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  const base = doc.truth.file.replace(/\.pdf$/, '');
  if (images.length === 1) {
    return { bytes: images[0]!, contentType: 'image/jpeg', file: `${base}-scan.jpg`, dpi };
  }
  const out = await PDFDocument.create();
  for (const img of images) {
    const jpg = await out.embedJpg(img);
    const page = out.addPage([612, 792]);
    page.drawImage(jpg, { x: 0, y: 0, width: 612, height: 792 });
  }
  return { bytes: await out.save(), contentType: 'application/pdf', file: `${base}-scan.pdf`, dpi };
}
