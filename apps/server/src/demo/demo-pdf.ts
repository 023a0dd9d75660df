import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../platform/heavy-modules';

/**
 * Small but realistic one-page business documents for the demo (invoices, division orders,
 * statements, 1099s): letterhead, addressee, header fields, a line table and totals, drawn with
 * the standard Helvetica fonts (nothing embedded, so each file is a few KB and quick to make).
 */

export interface DemoPdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface DemoPdf {
  title: string;
  from: { name: string; lines: string[] };
  to?: { label: string; name: string; lines: string[] };
  /** Header fields shown top right: label → value. */
  fields: Array<[string, string]>;
  table?: { columns: DemoPdfColumn[]; rows: string[][] };
  totals?: Array<[string, string]>;
  notes?: string[];
  /** A signature line (division orders). */
  signature?: string;
  /** The document's date, written as the PDF's creation date. */
  createdAt: Date;
}

export async function renderDemoPdf(doc: DemoPdf): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const INK = rgb(0.13, 0.16, 0.22);
  const MUTED = rgb(0.42, 0.45, 0.5);
  const ACCENT = rgb(0.08, 0.32, 0.55);
  const RULE = rgb(0.8, 0.82, 0.86);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${doc.title} — ${doc.from.name}`);
  pdf.setAuthor(doc.from.name);
  pdf.setProducer('Flowline demo data');
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const w = new Writer(page, regular, INK);

  // Letterhead.
  w.text(doc.from.name, 50, 740, { font: bold, size: 16, color: ACCENT });
  let y = 722;
  for (const line of doc.from.lines) {
    w.text(line, 50, y, { size: 9, color: MUTED });
    y -= 12;
  }
  w.text(doc.title, 562, 740, { font: bold, size: 20, align: 'right' });
  let fy = 716;
  for (const [label, value] of doc.fields) {
    w.text(label, 430, fy, { size: 9, color: MUTED, align: 'right' });
    w.text(value, 562, fy, { size: 9, font: bold, align: 'right' });
    fy -= 14;
  }
  y = Math.min(y, fy) - 18;
  page.drawLine({ start: { x: 50, y }, end: { x: 562, y }, thickness: 1, color: RULE });
  y -= 22;

  if (doc.to) {
    w.text(doc.to.label.toUpperCase(), 50, y, { size: 8, font: bold, color: MUTED });
    y -= 14;
    w.text(doc.to.name, 50, y, { size: 11, font: bold });
    y -= 13;
    for (const line of doc.to.lines) {
      w.text(line, 50, y, { size: 9 });
      y -= 12;
    }
    y -= 16;
  }

  if (doc.table) {
    const { columns, rows } = doc.table;
    page.drawRectangle({ x: 50, y: y - 6, width: 512, height: 20, color: rgb(0.93, 0.95, 0.97) });
    let x = 56;
    for (const c of columns) {
      w.text(c.header, c.align === 'right' ? x + c.width - 8 : x, y, {
        size: 8.5,
        font: bold,
        align: c.align,
      });
      x += c.width;
    }
    y -= 22;
    for (const row of rows) {
      x = 56;
      columns.forEach((c, i) => {
        const value = row[i] ?? '';
        w.text(value, c.align === 'right' ? x + c.width - 8 : x, y, { size: 9, align: c.align });
        x += c.width;
      });
      y -= 8;
      page.drawLine({ start: { x: 50, y }, end: { x: 562, y }, thickness: 0.5, color: RULE });
      y -= 12;
    }
    y -= 6;
  }

  for (const [label, value] of doc.totals ?? []) {
    const last = label === doc.totals?.at(-1)?.[0];
    w.text(label, 470, y, { size: last ? 11 : 9, font: last ? bold : regular, align: 'right' });
    w.text(value, 556, y, { size: last ? 11 : 9, font: bold, align: 'right' });
    y -= last ? 18 : 14;
  }

  if (doc.notes?.length) {
    y -= 10;
    for (const note of doc.notes) {
      w.text(note, 50, y, { size: 8.5, color: MUTED });
      y -= 12;
    }
  }

  if (doc.signature) {
    const sy = Math.min(y - 40, 170);
    page.drawLine({ start: { x: 50, y: sy }, end: { x: 300, y: sy }, thickness: 0.8, color: INK });
    w.text(doc.signature, 50, sy - 12, { size: 8.5, color: MUTED });
    page.drawLine({ start: { x: 340, y: sy }, end: { x: 500, y: sy }, thickness: 0.8, color: INK });
    w.text('Date', 340, sy - 12, { size: 8.5, color: MUTED });
  }

  w.text(`${doc.from.name} · Sent through Flowline`, 306, 36, {
    size: 7.5,
    color: MUTED,
    align: 'center',
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly ink: Color,
  ) {}

  text(
    value: string,
    x: number,
    y: number,
    opts: {
      size?: number;
      font?: PDFFont;
      color?: Color;
      align?: 'left' | 'right' | 'center';
    } = {},
  ) {
    const font = opts.font ?? this.regular;
    const size = opts.size ?? 10;
    const width = font.widthOfTextAtSize(value, size);
    const left = opts.align === 'right' ? x - width : opts.align === 'center' ? x - width / 2 : x;
    this.page.drawText(value, { x: left, y, size, font, color: opts.color ?? this.ink });
  }
}
