import signpdfModule from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { SignatureArea } from '@flowline/shared';
import type { SigningCertificate } from './signing-certificate';

// The package is CommonJS with a default instance; under ESM interop it may arrive wrapped.
const signpdf = ((signpdfModule as unknown as { default?: typeof signpdfModule }).default ??
  signpdfModule) as typeof signpdfModule;

export class PdfStampError extends Error {
  constructor(
    readonly reason: 'page' | 'unreadable' | 'encrypted',
    message: string,
  ) {
    super(message);
  }
}

export interface StampInput {
  pdf: Uint8Array;
  png: Buffer;
  /** 1-based. */
  page: number;
  area: SignatureArea;
  fullName: string;
  signedAt: Date;
}

/** Rectangle in PDF points (origin bottom-left) of an area given as page fractions from the top-left. */
export function areaToPdfRect(
  box: { x: number; y: number; width: number; height: number },
  area: SignatureArea,
) {
  // Clamp so a box dragged past the page's edge still lands on the page.
  const fx = Math.min(area.x, 1);
  const fy = Math.min(area.y, 1);
  const fw = Math.min(area.width, 1 - fx) || Math.min(area.width, 1);
  const fh = Math.min(area.height, 1 - fy) || Math.min(area.height, 1);
  const width = fw * box.width;
  const height = fh * box.height;
  return {
    x: box.x + fx * box.width,
    y: box.y + box.height - fy * box.height - height,
    width,
    height,
  };
}

/** Standard fonts speak WinAnsi: anything else becomes '?' rather than failing the signature. */
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

const usDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * Draws the signature image in the chosen rectangle (kept in proportion, above one line with the
 * signer's name and the date) and returns the pdf-lib document, ready for the digital signature.
 */
export async function stampSignature(input: StampInput): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(input.pdf, { updateMetadata: false });
  } catch (error) {
    if (/encrypted/i.test(String(error))) {
      throw new PdfStampError('encrypted', 'An encrypted PDF cannot be signed.');
    }
    throw new PdfStampError('unreadable', 'The document could not be read as a PDF.');
  }
  if (doc.isEncrypted) throw new PdfStampError('encrypted', 'An encrypted PDF cannot be signed.');
  const pages = doc.getPages();
  const page = pages[input.page - 1];
  if (!page) {
    throw new PdfStampError(
      'page',
      `The document has ${pages.length} page(s); page ${input.page} does not exist.`,
    );
  }
  // The crop box is what viewers (pdf.js) show, so the fractions refer to it.
  const rect = areaToPdfRect(page.getCropBox(), input.area);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = await doc.embedPng(input.png);

  const textSize = Math.max(4, Math.min(9, rect.height * 0.16));
  const line = printable(`${input.fullName} · ${usDate(input.signedAt)}`, font);
  const textHeight = textSize * 1.3;
  const imageBox = {
    ...rect,
    y: rect.y + textHeight,
    height: Math.max(rect.height - textHeight, 1),
  };
  const scale = Math.min(imageBox.width / image.width, imageBox.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, {
    x: imageBox.x + (imageBox.width - w) / 2,
    y: imageBox.y + (imageBox.height - h) / 2,
    width: w,
    height: h,
  });
  let size = textSize;
  while (size > 3 && font.widthOfTextAtSize(line, size) > rect.width) size -= 0.5;
  page.drawText(line, {
    x: rect.x + Math.max(0, (rect.width - font.widthOfTextAtSize(line, size)) / 2),
    y: rect.y + (textHeight - size) / 2 + 1,
    size,
    font,
    color: rgb(0.1, 0.1, 0.1),
  });
  return doc;
}

export interface DigitalSignatureInput {
  doc: PDFDocument;
  certificate: SigningCertificate;
  signerName: string;
  contactInfo: string;
  signedAt: Date;
}

/**
 * A PKCS#7 detached signature over the whole file (@signpdf): a placeholder is added with
 * pdf-lib, the file saved without object streams, and the signature written into the placeholder.
 */
export async function applyDigitalSignature(input: DigitalSignatureInput): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: input.doc,
    reason: 'Division order returned signed',
    contactInfo: input.contactInfo,
    name: input.signerName,
    location: 'Flowline',
    signingTime: input.signedAt,
    signatureLength: 16_384,
    appName: 'Flowline',
  });
  const bytes = await input.doc.save({ useObjectStreams: false });
  const signer = new P12Signer(input.certificate.p12, {
    passphrase: input.certificate.passphrase,
  });
  return signpdf.sign(Buffer.from(bytes), signer, input.signedAt);
}
