import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  openPdf,
  renderPdfPage,
} from '../../apps/server/src/modules/document-intelligence/reading/pdf';
import { divisionOrderTemplates } from './division-orders';
import { heldOutInvoiceTemplates, invoiceTemplates, type Template, type Truth } from './invoices';
import { Random } from './random';

/**
 * The labelled corpus: text PDFs from the templates, and scanned-looking copies of some of them
 * (each page rendered at 150 dpi, rotated 1–3°, speckled with noise and slightly blurred, saved
 * as a PNG for one-page documents and as an image-only PDF for longer ones).
 */

export interface CorpusDocument {
  truth: Truth;
  bytes: Uint8Array;
  contentType: 'application/pdf' | 'image/png';
  scanned: boolean;
}

export interface CorpusOptions {
  seed: number;
  texts: number;
  /** Use the held-out invoice templates instead of the tuning ones. */
  heldOut?: boolean;
}

export async function generateTextDocuments(opts: CorpusOptions): Promise<CorpusDocument[]> {
  const r = new Random(opts.seed);
  const invoices = opts.heldOut ? heldOutInvoiceTemplates : invoiceTemplates;
  // Two invoices for every division order, templates taken in turn.
  const plan: { t: Template; name: string }[] = [];
  let i = 0;
  let d = 0;
  while (plan.length < opts.texts) {
    if (plan.length % 3 === 2) {
      plan.push({ t: divisionOrderTemplates[d++ % divisionOrderTemplates.length]!, name: 'do' });
    } else {
      plan.push({ t: invoices[i++ % invoices.length]!, name: 'inv' });
    }
  }
  const out: CorpusDocument[] = [];
  for (const [n, { t, name }] of plan.entries()) {
    const { bytes, truth } = await t(r);
    const file = `${opts.heldOut ? 'heldout-' : ''}${name}-${String(n + 1).padStart(3, '0')}-${truth.template}.pdf`;
    out.push({ truth: { ...truth, file }, bytes, contentType: 'application/pdf', scanned: false });
  }
  return out;
}

export async function scanCopy(doc: CorpusDocument, r: Random): Promise<CorpusDocument> {
  const pdf = await openPdf(new Uint8Array(doc.bytes));
  const images: Buffer[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { png } = await renderPdfPage(pdf, page, 150 / 72);
      images.push(await degrade(png, r));
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  const base = doc.truth.file.replace(/\.pdf$/, '');
  if (images.length === 1 && r.chance(0.6)) {
    return {
      truth: { ...doc.truth, file: `${base}-scan.png` },
      bytes: images[0]!,
      contentType: 'image/png',
      scanned: true,
    };
  }
  const out = await PDFDocument.create();
  for (const img of images) {
    const png = await out.embedPng(img);
    const page = out.addPage([612, 792]);
    page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
  }
  return {
    truth: { ...doc.truth, file: `${base}-scan.pdf` },
    bytes: await out.save(),
    contentType: 'application/pdf',
    scanned: true,
  };
}

/** Rotate 1–3° either way, speckle, blur a little: what a sheet fed through a copier looks like. */
async function degrade(png: Buffer, r: Random): Promise<Buffer> {
  const angle = (r.chance(0.5) ? 1 : -1) * (1 + r.next() * 2);
  const rotated = await sharp(png)
    .rotate(angle, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = rotated;
  const channels = info.channels;
  for (let p = 0; p < data.length; p += channels) {
    const x = r.next();
    let v = data[p]!;
    if (x < 0.004) v = 40 + Math.floor(r.next() * 80);
    else v = Math.max(0, Math.min(255, v + Math.floor((r.next() - 0.5) * 50)));
    for (let c = 0; c < channels; c++) data[p + c] = v;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels } })
    .blur(0.5)
    .withMetadata({ density: 150 })
    .png()
    .toBuffer();
}
