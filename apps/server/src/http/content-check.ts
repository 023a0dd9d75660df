import { AppError } from '../errors';
import { loadPdfLib, loadSharp } from '../platform/heavy-modules';

const isEncryptedError = (error: unknown, pdfLib: Awaited<ReturnType<typeof loadPdfLib>>) =>
  error instanceof pdfLib.EncryptedPDFError ||
  (error instanceof Error && /is encrypted/.test(error.message));

/**
 * The first bytes only say what a file claims to be; before a file is accepted it is also
 * opened: a PDF must parse (and not be encrypted), an image must decode its header.
 */
export const contentMessages = {
  pdfEncrypted:
    'This PDF is password-protected or encrypted. Remove the protection and upload it again.',
  pdfUnreadable:
    'This PDF could not be read; it may be damaged. Save it again as PDF and upload it again.',
  imageUnreadable:
    'This image could not be read; it may be damaged. Save it again and upload it again.',
} as const;

const refuse = (message: string, code: string) => new AppError(415, code, message);

export interface ContentSample {
  /** The whole file when it was small enough to keep, else null. */
  whole: Buffer | null;
  /** The first bytes (an image header) and the last bytes (a PDF trailer). */
  head: Buffer;
  tail: Buffer;
}

export async function checkPdf(sample: ContentSample): Promise<void> {
  if (sample.whole) {
    const pdfLib = await loadPdfLib();
    let pages: number;
    try {
      const pdf = await pdfLib.PDFDocument.load(sample.whole, { updateMetadata: false });
      pages = pdf.getPageCount();
    } catch (error) {
      if (isEncryptedError(error, pdfLib))
        throw refuse(contentMessages.pdfEncrypted, 'pdf_encrypted');
      throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
    }
    if (pages < 1) throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
    return;
  }
  // Too large to parse within the upload's memory budget: the trailer must be there and must
  // not name an encryption dictionary.
  const tail = sample.tail.toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref'))
    throw refuse(contentMessages.pdfUnreadable, 'pdf_unreadable');
  if (/\/Encrypt\s/.test(tail)) throw refuse(contentMessages.pdfEncrypted, 'pdf_encrypted');
}

export async function checkImage(sample: ContentSample): Promise<void> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(sample.whole ?? sample.head, { failOn: 'none' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (sample.whole) await sharp(sample.whole, { failOn: 'error' }).stats();
  } catch {
    throw refuse(contentMessages.imageUnreadable, 'image_unreadable');
  }
}
