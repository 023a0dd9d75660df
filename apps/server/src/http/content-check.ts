import { AppError } from '../errors';
import { loadPdfLib, loadSharp } from '../platform/heavy-modules';

const isEncryptedError = (error: unknown, pdfLib: Awaited<ReturnType<typeof loadPdfLib>>) =>
  error instanceof pdfLib.EncryptedPDFError ||
  (error instanceof Error && /is encrypted/.test(error.message));

/**
 * The most pixels an uploaded image may have (libvips' own decoding limit, 16,383²): larger ones
 * (decompression bombs) are refused from their header with a message saying so (issue 28 item 8).
 */
export const IMAGE_MAX_PIXELS = 16_383 * 16_383;

/**
 * The first bytes only say what a file claims to be; before a file is accepted it is also
 * opened: a PDF must parse (and not be encrypted), an image must decode its header.
 */
export const contentMessages = {
  pdfEncrypted:
    'This PDF is password-protected or encrypted. Remove the protection and upload it again.',
  pdfUnreadable:
    'This PDF could not be read; it may be damaged. Save it again as PDF and upload it again.',
  pdfActiveContent:
    'This PDF contains active content (JavaScript, or actions that start programs or open javascript: links), which Flowline does not pass on. Print it to PDF again or save it without scripts, and upload it again.',
  pdfUncheckable:
    'This PDF packs its contents in a way Flowline cannot check for active content. Print it to PDF again and upload it again.',
  imageUnreadable:
    'This image could not be read; it may be damaged. Save it again and upload it again.',
  imageTooLarge: (width: number, height: number) =>
    `This image is too large: ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels. ` +
    `Images of at most ${Math.floor(IMAGE_MAX_PIXELS / 1e6)} megapixels (e.g. 16,383 × 16,383) are accepted: scan at a lower resolution or split it.`,
} as const;

const refuse = (message: string, code: string) => new AppError(415, code, message);

export interface ContentSample {
  /** The whole file when it was small enough to keep, else null. */
  whole: Buffer | null;
  /** The first bytes (an image header) and the last bytes (a PDF trailer). */
  head: Buffer;
  tail: Buffer;
  /** An active-content marker the upload stream saw in the raw bytes, if any. */
  activeContent?: string;
  /** A compressed object stream the upload stream could not inflate and check. */
  uncheckedObjectStream?: boolean;
}

type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;
type PdfDocument = Awaited<ReturnType<PdfLib['PDFDocument']['load']>>;

/**
 * Whether a parsed PDF holds active content anywhere (compressed object streams included): an
 * action of type JavaScript or Launch, a /JS entry, a JavaScript name tree, or a javascript: URI.
 */
export function hasActiveContent(pdf: PdfDocument, pdfLib: PdfLib): boolean {
  const { PDFDict, PDFArray, PDFName, PDFStream, PDFString, PDFHexString } = pdfLib;
  const risky = new Set(['/JavaScript', '/Launch']);
  const isJavascriptUri = (value: unknown) =>
    (value instanceof PDFString || value instanceof PDFHexString) &&
    /^\s*javascript:/i.test(value.decodeText());
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > 32) return false;
    if (value instanceof PDFStream) return visit(value.dict, depth + 1);
    if (value instanceof PDFArray) return value.asArray().some((v) => visit(v, depth + 1));
    if (!(value instanceof PDFDict)) return false;
    for (const [key, entry] of value.entries()) {
      const name = key.asString();
      if (name === '/JS' || name === '/JavaScript') return true;
      if (name === '/S' && entry instanceof PDFName && risky.has(entry.asString())) return true;
      if (name === '/URI' && isJavascriptUri(entry)) return true;
      if (visit(entry, depth + 1)) return true;
    }
    return false;
  };
  return pdf.context.enumerateIndirectObjects().some(([, object]) => visit(object, 0));
}

export async function checkPdf(sample: ContentSample): Promise<void> {
  if (sample.activeContent) throw refuse(contentMessages.pdfActiveContent, 'pdf_active_content');
  if (sample.whole) {
    const pdfLib = await loadPdfLib();
    let pages: number;
    let active: boolean;
    try {
      const pdf: PdfDocument = await pdfLib.PDFDocument.load(sample.whole, {
        updateMetadata: false,
      });
      pages = pdf.getPageCount();
      active = hasActiveContent(pdf, pdfLib);
    } catch (error) {
      if (isEncryptedError(error, pdfLib))
        throw refuse(contentMessages.pdfEncrypted, 'pdf_encrypted');
      throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
    }
    if (pages < 1) throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
    if (active) throw refuse(contentMessages.pdfActiveContent, 'pdf_active_content');
    return;
  }
  // Too large to parse within the upload's memory budget: the trailer must be there and must
  // not name an encryption dictionary.
  const tail = sample.tail.toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref'))
    throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
  if (/\/Encrypt\s/.test(tail)) throw refuse(contentMessages.pdfEncrypted, 'pdf_encrypted');
  if (sample.uncheckedObjectStream) throw refuse(contentMessages.pdfUncheckable, 'pdf_uncheckable');
}

export async function checkImage(sample: ContentSample): Promise<void> {
  const sharp = await loadSharp();
  let size: { width: number; height: number };
  try {
    const meta = await sharp(sample.whole ?? sample.head, {
      failOn: 'none',
      limitInputPixels: false,
    }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    size = { width: meta.width, height: meta.height };
  } catch {
    throw refuse(contentMessages.imageUnreadable, 'image_unreadable');
  }
  // Before decoding: a bomb's header is enough to refuse it.
  if (size.width * size.height > IMAGE_MAX_PIXELS)
    throw refuse(contentMessages.imageTooLarge(size.width, size.height), 'image_too_large');
  try {
    if (sample.whole) await sharp(sample.whole, { failOn: 'error' }).stats();
  } catch {
    throw refuse(contentMessages.imageUnreadable, 'image_unreadable');
  }
}
