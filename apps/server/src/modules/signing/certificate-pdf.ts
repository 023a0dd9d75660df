import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../platform/heavy-modules';
import type { EvidenceVerification } from '@flowline/shared';
import type { StoredEvidence } from './evidence-chain';

/**
 * The 'Certificate of completion' (docs/signing.md): a separate PDF describing the signing —
 * parties, each evidence event with its time, IP and browser, the file hashes, the consent version
 * and the chain's head hash. Producing it never touches the signed file.
 */
export interface CertificateInput {
  documentId: number;
  chainDocumentId: number;
  documentTypeName: string;
  fileName: string;
  sender: string;
  receiver: string;
  entries: StoredEvidence[];
  verification: EvidenceVerification;
  signingCertificate: { subject: string; fingerprint: string; selfSigned: boolean } | null;
  generatedAt: Date;
}

const EVENT_LABELS: Record<string, string> = {
  consent: 'Consented to sign electronically',
  sign: 'Signed and returned',
  returnUnsigned: 'Returned unsigned',
};

const MARGIN = 50;
const WIDTH = 612;
const HEIGHT = 792;

class Writer {
  page: PDFPage;
  y = HEIGHT - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly ink: Color,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }

  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([WIDTH, HEIGHT]);
      this.y = HEIGHT - MARGIN;
    }
  }

  /** Text wrapped to the page width; characters the standard font cannot draw become '?'. */
  text(text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.bold : this.font;
    const width = WIDTH - 2 * MARGIN - (opts.indent ?? 0);
    for (const line of wrap(printable(text, font), font, size, width)) {
      this.room(size * 1.35);
      this.page.drawText(line, {
        x: MARGIN + (opts.indent ?? 0),
        y: this.y - size,
        size,
        font,
        color: this.ink,
      });
      this.y -= size * 1.35;
    }
    this.y -= opts.gap ?? 0;
  }

  field(label: string, value: string, indent = 0) {
    this.text(`${label}: ${value}`, { indent });
  }

  heading(text: string) {
    this.y -= 6;
    this.text(text, { size: 12, bold: true, gap: 3 });
  }
}

function printable(text: string, font: PDFFont): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    // A word longer than the line (a hash, a user agent) is cut into pieces.
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let n = rest.length;
      while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

const utc = (iso: string) =>
  `${iso
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '')
    .replace('Z', '')} UTC`;

export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of completion — document ${input.documentId}`);
  doc.setProducer('Flowline');
  doc.setCreationDate(input.generatedAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    rgb(0.1, 0.1, 0.1),
  );
  w.text('Certificate of completion', { size: 20, bold: true, gap: 4 });
  w.text(`Generated ${utc(input.generatedAt.toISOString())} by Flowline.`, { gap: 6 });

  w.heading('Document');
  w.field('Document', `${input.documentTypeName} #${input.documentId}`);
  w.field('File', input.fileName);
  if (input.chainDocumentId !== input.documentId) {
    w.field('Original version', `#${input.chainDocumentId}`);
  }

  w.heading('Parties');
  w.field('Sent by', input.sender);
  w.field('Returned by', input.receiver);
  const signers = input.entries.filter((e) => e.event === 'sign');
  for (const s of signers) {
    w.field(
      'Signer',
      `${s.signerName ?? ''} (${s.userName ?? ''}, ${s.email ?? ''}, ${s.companyName ?? ''})`,
    );
  }

  w.heading('Events');
  for (const e of input.entries) {
    w.text(`${e.seq}. ${EVENT_LABELS[e.event] ?? e.event} — ${utc(e.at)}`, { bold: true });
    w.field('By', `${e.userName ?? ''} <${e.email ?? ''}>, ${e.companyName ?? ''}`, 12);
    w.field('IP address', e.ip ?? 'unknown', 12);
    w.field('Browser', e.userAgent ?? 'unknown', 12);
    if (e.consentVersion) w.field('Consent version', e.consentVersion, 12);
    if (e.page !== null) w.field('Page and area', `page ${e.page}, ${e.area ?? ''}`, 12);
    if (e.sha256Before) w.field('SHA-256 before', e.sha256Before, 12);
    if (e.sha256After) w.field('SHA-256 after', e.sha256After, 12);
    w.field('Entry hash', e.hash, 12);
    w.y -= 4;
  }

  w.heading('Integrity');
  w.field('Evidence entries', String(input.verification.entries));
  w.field('Chain head hash', input.verification.headHash ?? 'none');
  w.field(
    'Verification',
    input.verification.valid
      ? 'valid: the chain and the stored files match the evidence'
      : `INVALID: ${input.verification.brokenAt?.reason ?? ''} (entry ${input.verification.brokenAt?.entryId ?? ''})`,
  );
  if (input.signingCertificate) {
    w.field(
      'Signing certificate',
      `${input.signingCertificate.subject}${input.signingCertificate.selfSigned && !/self-signed/i.test(input.signingCertificate.subject) ? ' (self-signed)' : ''}`,
    );
    w.field('Certificate SHA-256 fingerprint', input.signingCertificate.fingerprint);
  }
  w.text(
    'The signed document carries its own digital signature (PKCS#7, verifiable with any PDF ' +
      'signature validator). This certificate is a separate file; producing it does not alter the ' +
      'signed document.',
    { gap: 0 },
  );
  return doc.save();
}
