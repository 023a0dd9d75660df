import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { SignatureArea } from '@flowline/shared';
import { loadPdfLib, loadSignPdf } from '../../platform/heavy-modules';
import type { SigningCertificate } from './signing-certificate';

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
  /** 1-based, or the last page (signing in bulk). */
  page: number | 'last';
  area: SignatureArea;
  fullName: string;
  signedAt: Date;
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * The page as the viewer shows it: the crop box (what pdf.js draws) turned by the page's /Rotate
 * (clockwise). `toPdf` maps a point given in shown points from the top-left to PDF user space
 * (origin bottom-left of the unrotated page), `angle` is how far content is turned to look upright.
 */
export function shownPage(crop: Box, rotation: number) {
  const angle = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const turned = angle === 90 || angle === 270;
  const width = turned ? crop.height : crop.width;
  const height = turned ? crop.width : crop.height;
  const toPdf = (px: number, py: number) => {
    const u = px / width;
    const v = py / height;
    switch (angle) {
      case 90:
        return { x: crop.x + v * crop.width, y: crop.y + u * crop.height };
      case 180:
        return { x: crop.x + (1 - u) * crop.width, y: crop.y + v * crop.height };
      case 270:
        return { x: crop.x + (1 - v) * crop.width, y: crop.y + (1 - u) * crop.height };
      default:
        return { x: crop.x + u * crop.width, y: crop.y + (1 - v) * crop.height };
    }
  };
  return { width, height, angle, toPdf };
}

/** The area (page fractions from the top-left) in shown points, clamped to the page. */
export function areaToShownRect(page: { width: number; height: number }, area: SignatureArea) {
  const fx = Math.min(Math.max(area.x, 0), 1);
  const fy = Math.min(Math.max(area.y, 0), 1);
  // A box dragged past the page's edge still lands on the page.
  const fw = Math.min(area.width, 1 - fx) || Math.min(area.width, 1);
  const fh = Math.min(area.height, 1 - fy) || Math.min(area.height, 1);
  return {
    x: fx * page.width,
    y: fy * page.height,
    width: fw * page.width,
    height: fh * page.height,
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
  const { PDFDocument, StandardFonts, degrees, rgb } = await loadPdfLib();
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
  const page = pages[input.page === 'last' ? pages.length - 1 : input.page - 1];
  if (!page) {
    throw new PdfStampError(
      'page',
      `The document has ${pages.length} page(s); page ${input.page} does not exist.`,
    );
  }
  const shown = shownPage(page.getCropBox(), page.getRotation().angle);
  // In shown points from the top-left (y down): the image above one line of text.
  const rect = areaToShownRect(shown, input.area);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = await doc.embedPng(input.png);

  const textSize = Math.max(4, Math.min(9, rect.height * 0.16));
  const line = printable(`${input.fullName} · ${usDate(input.signedAt)}`, font);
  const textHeight = textSize * 1.3;
  const imageHeight = Math.max(rect.height - textHeight, 1);
  const scale = Math.min(rect.width / image.width, imageHeight / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const rotate = degrees(shown.angle);
  // pdf-lib places an element by its bottom-left corner and turns it about that corner.
  const imageLeft = rect.x + (rect.width - w) / 2;
  const imageBottom = rect.y + (imageHeight + h) / 2;
  page.drawImage(image, { ...shown.toPdf(imageLeft, imageBottom), width: w, height: h, rotate });
  let size = textSize;
  while (size > 3 && font.widthOfTextAtSize(line, size) > rect.width) size -= 0.5;
  const textLeft = rect.x + Math.max(0, (rect.width - font.widthOfTextAtSize(line, size)) / 2);
  const baseline = rect.y + rect.height - (textHeight - size) / 2 - 1;
  page.drawText(line, {
    ...shown.toPdf(textLeft, baseline),
    size,
    font,
    rotate,
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
  const { signpdf, pdflibAddPlaceholder, P12Signer } = await loadSignPdf();
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
