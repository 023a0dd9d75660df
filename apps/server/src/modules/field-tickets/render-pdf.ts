import { rgb } from 'pdf-lib';
import { formatMoney } from '@flowline/shared';
import { PAGE_MARGIN as MARGIN, TextPages } from '../../platform/pdf/text-pages';

/**
 * The PDF of a field ticket (and of an invoice made from tickets) drawn from its data, like the
 * PIDX invoice's (modules/pidx/render-pdf.ts): a letter page or more, standard fonts (text outside
 * WinAnsi becomes '?', never a crash). A signed ticket is drawn again with its signature block:
 * the representative's signature image, name, title, the phone's time, the time received and the
 * GPS position.
 */

export interface PdfLine {
  itemCode: string | null;
  description: string | null;
  quantity: string | null;
  uom: string | null;
  unitPrice: string | null;
  amount: string | null;
  serviceDate: string | null;
}

export interface PdfSignoff {
  signerName: string;
  signerTitle: string | null;
  signedAt: string;
  receivedAt: string;
  position: { latitude: number; longitude: number; accuracyMeters: number } | null;
  png: Buffer;
  signatureSha256: string;
}

export interface TicketPdfInput {
  title: string;
  header: [string, string | null][];
  lines: PdfLine[];
  totalLabel: string;
  total: string;
  signoff?: PdfSignoff | null;
  creator: string;
}

async function render(input: TicketPdfInput): Promise<Uint8Array> {
  // Fixed dates: the same data draws the same bytes (an offline retry stores nothing new).
  const doc = await TextPages.create({
    title: input.title,
    creator: input.creator,
    fixedDates: true,
  });
  const { bold } = doc;
  const write = doc.write.bind(doc);
  const nextLine = doc.nextLine.bind(doc);

  write(input.title, MARGIN, 16, bold);
  nextLine(24);
  for (const [label, value] of input.header) {
    if (!value) continue;
    write(label, MARGIN, 9, bold);
    write(value, MARGIN + 100);
    nextLine();
  }
  nextLine(10);
  const columns = [MARGIN, MARGIN + 22, MARGIN + 262, MARGIN + 330, MARGIN + 400, MARGIN + 460];
  ['#', 'Item / Description', 'Date', 'Qty', 'Unit Price', 'Amount'].forEach((h, i) =>
    write(h, columns[i]!, 9, bold),
  );
  nextLine();
  input.lines.forEach((line, i) => {
    write(String(i + 1), columns[0]!);
    const text = [line.itemCode, line.description].filter(Boolean).join(' ');
    write(text.slice(0, 60), columns[1]!);
    write(line.serviceDate ?? '', columns[2]!);
    write(`${line.quantity ?? ''}${line.uom ? ` ${line.uom}` : ''}`, columns[3]!);
    write(line.unitPrice ?? '', columns[4]!);
    write(formatMoney(line.amount ?? ''), columns[5]!);
    nextLine();
  });
  nextLine(6);
  write(input.totalLabel, columns[3]!, 10, bold);
  write(formatMoney(input.total), columns[5]!, 10, bold);
  nextLine(30);

  const signoff = input.signoff;
  if (signoff) {
    doc.keepRoom(150);
    write("Operator's representative", MARGIN, 10, bold);
    nextLine(8);
    const image = await doc.pdf.embedPng(signoff.png);
    const scale = Math.min(220 / image.width, 70 / image.height, 1);
    const w = image.width * scale;
    const h = image.height * scale;
    doc.page.drawImage(image, { x: MARGIN, y: doc.y - h, width: w, height: h });
    doc.y -= h + 4;
    doc.page.drawLine({
      start: { x: MARGIN, y: doc.y },
      end: { x: MARGIN + 240, y: doc.y },
      thickness: 0.5,
      color: rgb(0.3, 0.3, 0.3),
    });
    nextLine(12);
    const rows: [string, string | null][] = [
      ['Signed by', signoff.signerName],
      ['Title', signoff.signerTitle],
      ['Signed at (phone)', signoff.signedAt],
      ['Received', signoff.receivedAt],
      [
        'Position',
        signoff.position
          ? `${signoff.position.latitude.toFixed(6)}, ${signoff.position.longitude.toFixed(6)} (±${Math.round(signoff.position.accuracyMeters)} m)`
          : 'not shared',
      ],
      ['Signature SHA-256', signoff.signatureSha256],
    ];
    for (const [label, value] of rows) {
      if (!value) continue;
      write(label, MARGIN, 8, bold);
      write(value, MARGIN + 100, 8);
      nextLine(12);
    }
  }
  return doc.save();
}

export const renderTicketPdf = render;
