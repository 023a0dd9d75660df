import { formatCents } from '@flowline/shared';
import { PAGE_MARGIN as MARGIN, TextPages } from '../../platform/pdf/text-pages';
import type { PidxInvoice } from './map';

/**
 * The invoice's file when the PIDX message attaches none: a plain A4-width letter page (or more)
 * listing what the XML said, so the receiver's viewer, downloads and the archive have a document.
 * Standard fonts only: text outside WinAnsi is replaced, never a crash.
 */

export async function renderPidxInvoicePdf(
  invoice: PidxInvoice,
  parties: { sender: string; receiver: string },
): Promise<Uint8Array> {
  const doc = await TextPages.create({
    title: `Invoice ${invoice.invoiceNumber}`,
    creator: 'Flowline (PIDX)',
  });
  const { bold } = doc;
  const write = doc.write.bind(doc);
  const nextLine = doc.nextLine.bind(doc);

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
  return doc.save();
}
