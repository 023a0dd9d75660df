import { stringify } from 'csv-stringify/sync';
import {
  escapeSpreadsheetCell,
  formatUsd,
  paymentMethodLabels,
  type PaymentRun,
} from '@flowline/shared';
import { loadPdfLib } from '../../platform/heavy-modules';

/**
 * The remittance advice of a payment run (docs/payment-runs.md): what the vendor's AR clerk
 * applies the money with — payer, date, method, reference and every invoice with its amount.
 */
export function remittanceCsv(run: PaymentRun): string {
  const rows = (run.lines ?? []).map((line) => [
    run.payerName,
    run.payeeName,
    `PR-${run.id}`,
    run.paymentDate,
    paymentMethodLabels[run.method],
    run.reference,
    line.docNumber ?? `#${line.documentId}`,
    line.invoiceTotal === null ? '' : line.invoiceTotal.toFixed(2),
    line.discount.toFixed(2),
    line.amount.toFixed(2),
    line.paidInFull ? 'Paid in full' : 'Partial',
  ]);
  // A cell starting with = + - @ is text, never a formula when a spreadsheet opens the file.
  const safe = rows.map((row) => row.map(escapeSpreadsheetCell));
  return stringify(
    [
      [
        'Payer',
        'Payee',
        'Payment run',
        'Payment date',
        'Method',
        'Reference',
        'Invoice',
        'Invoice total',
        'Early-pay discount',
        'Amount paid',
        'Status',
      ],
      ...safe,
    ],
    { record_delimiter: '\r\n' },
  );
}

export async function remittancePdf(run: PaymentRun): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Remittance advice PR-${run.id}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts encode WinAnsi only: anything else is shown as '?'.
  const text = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  let page = doc.addPage([612, 792]);
  let y = 740;
  const line = (value: string, x: number, size = 10, f = font) =>
    page.drawText(text(value), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  line('Remittance advice', 56, 18, bold);
  y -= 28;
  const facts: [string, string][] = [
    ['From', run.payerName],
    ['To', run.payeeName],
    ['Payment run', `PR-${run.id}`],
    ['Payment date', run.paymentDate],
    ['Method', paymentMethodLabels[run.method]],
    ['Reference', run.reference],
    ['Total', formatUsd(Math.round(run.total * 100))],
    ...(run.discountTotal
      ? [
          ['Early-pay discounts', formatUsd(Math.round(run.discountTotal * 100))] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  for (const [label, value] of facts) {
    line(label, 56, 10, bold);
    line(value, 170, 10);
    y -= 16;
  }
  y -= 12;
  const header = () => {
    line('Invoice', 56, 10, bold);
    line('Invoice total', 220, 10, bold);
    line('Discount', 320, 10, bold);
    line('Amount paid', 400, 10, bold);
    line('Status', 490, 10, bold);
    y -= 16;
  };
  header();
  for (const item of run.lines ?? []) {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
      header();
    }
    line(item.docNumber ?? `#${item.documentId}`, 56);
    line(item.invoiceTotal === null ? '' : formatUsd(Math.round(item.invoiceTotal * 100)), 220);
    line(item.discount ? formatUsd(Math.round(item.discount * 100)) : '', 320);
    line(formatUsd(Math.round(item.amount * 100)), 400);
    line(item.paidInFull ? 'Paid in full' : 'Partial', 490);
    y -= 14;
  }
  return Buffer.from(await doc.save());
}
