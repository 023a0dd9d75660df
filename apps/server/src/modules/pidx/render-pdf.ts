import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '@flowline/shared';
import type { PidxInvoice } from './map';

/**
 * The invoice's file when the PIDX message attaches none: a plain A4-width letter page (or more)
 * listing what the XML said, so the receiver's viewer, downloads and the archive have a document.
 * Standard fonts only: text outside WinAnsi is replaced, never a crash.
 */

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 48;

const printable = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export async function renderPidxInvoicePdf(
  invoice: PidxInvoice,
  parties: { sender: string; receiver: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.invoiceNumber}`);
  pdf.setCreator('Flowline (PIDX)');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const write = (value: string, x: number, size = 9, f: PDFFont = font) => {
    let t = printable(value);
    while (t.length > 1 && f.widthOfTextAtSize(t, size) > WIDTH - MARGIN - x) t = t.slice(0, -1);
    page.drawText(t, { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const nextLine = (step = 14) => {
    y -= step;
    if (y < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
  };

  write(`INVOICE ${invoice.invoiceNumber}`, MARGIN, 16, bold);
  nextLine(24);
  const header: [string, string | null][] = [
    ['From', parties.sender],
    ['Bill To', parties.receiver],
    ['Invoice Date', invoice.invoiceDate],
    ['Service Date', invoice.serviceDate],
    ['Invoice Type', invoice.invoiceTypeCode],
    ['PO Number', invoice.purchaseOrderNumber],
    ['AFE', invoice.references.afe],
    ['Cost Center', invoice.references.costCenter],
    ['Contract', invoice.references.contractNumber],
    ['Well', [invoice.well.name, invoice.well.identifier].filter(Boolean).join(' ') || null],
    ['Comment', invoice.comment],
  ];
  for (const [label, value] of header) {
    if (!value) continue;
    write(label, MARGIN, 9, bold);
    write(value, MARGIN + 90);
    nextLine();
  }
  nextLine(10);
  const columns = [MARGIN, MARGIN + 30, MARGIN + 300, MARGIN + 360, MARGIN + 430];
  ['#', 'Description', 'Qty', 'Unit Price', 'Amount'].forEach((h, i) =>
    write(h, columns[i]!, 9, bold),
  );
  nextLine();
  for (const line of invoice.lines) {
    write(line.pidxLineNumber, columns[0]!);
    write(line.itemCode ? `${line.itemCode} ${line.description}` : line.description, columns[1]!);
    write(`${line.quantity}${line.unitOfMeasure ? ` ${line.unitOfMeasure}` : ''}`, columns[2]!);
    write(line.unitPrice, columns[3]!);
    write(formatCents(line.amountCents), columns[4]!);
    nextLine();
    for (const tax of line.taxes) {
      write(`Tax ${tax.type ?? ''}`.trim(), columns[1]! + 12);
      write(formatCents(tax.cents), columns[4]!);
      nextLine();
    }
  }
  for (const tax of invoice.invoiceTaxes) {
    write(`Tax ${tax.type ?? ''}`.trim(), columns[1]!);
    write(formatCents(tax.cents), columns[4]!);
    nextLine();
  }
  nextLine(6);
  write('Invoice Total', columns[3]!, 10, bold);
  write(`${formatCents(invoice.totalCents)} ${invoice.currency}`, columns[4]!, 10, bold);
  return pdf.save();
}
