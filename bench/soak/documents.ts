// The documents a virtual user uploads in bench/soak.ts: a real one-page PDF per upload (the demo
// data's renderer), unique by its number so the duplicate check never fires, and the signature
// image an owner signs with.
import { renderDemoPdf } from '../../apps/server/src/demo/demo-pdf';
import { loadSharp } from '../../apps/server/src/platform/heavy-modules';

const today = () => new Date().toISOString().slice(0, 10);

export function invoicePdf(number: string, total: string): Promise<Buffer> {
  return renderDemoPdf({
    title: 'INVOICE',
    from: { name: 'Permian Basin Services LLC', lines: ['500 W Wall St, Midland, TX 79701'] },
    to: { label: 'Bill To', name: 'Red Mesa Operating Co.', lines: ['300 N Marienfeld St'] },
    fields: [
      ['Invoice Number', number],
      ['Invoice Date', today()],
      ['Service Date', today()],
    ],
    table: {
      columns: [
        { header: 'Description', width: 300 },
        { header: 'Amount', width: 120, align: 'right' },
      ],
      rows: [['Hot oil service, soak test', total]],
    },
    totals: [['Invoice Total', total]],
    createdAt: new Date(),
  });
}

export function divisionOrderPdf(number: string): Promise<Buffer> {
  return renderDemoPdf({
    title: 'DIVISION ORDER',
    from: { name: 'Red Mesa Operating Co.', lines: ['300 N Marienfeld St, Midland, TX 79701'] },
    to: { label: 'Owner', name: 'Hawthorne Royalty Trust', lines: ['2001 Ross Ave', 'Dallas'] },
    fields: [
      ['Division Order', number],
      ['Property', 'Soak Unit 12H'],
      ['Effective Date', today()],
    ],
    notes: ['Decimal interest 0.00125000 (Royalty).'],
    signature: 'Owner signature',
    createdAt: new Date(),
  });
}

/** A 300×80 PNG with a scribbled name, as the signature pad produces. */
export async function signaturePng(): Promise<string> {
  const sharp = await loadSharp();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80">
    <path d="M10 60 C 60 10, 90 70, 140 30 S 220 60, 290 20" stroke="#1a2a6c" stroke-width="3" fill="none"/>
  </svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

export { today };
