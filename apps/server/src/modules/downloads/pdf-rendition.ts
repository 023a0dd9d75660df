import type { PDFDocument } from 'pdf-lib';
import type { Metadata } from 'sharp';
import { loadPdfLib, loadSharp } from '../../platform/heavy-modules';

/**
 * The PDF rendition of an image document (GET /download/{id}/pdf): each image (each page of a
 * TIFF) becomes one full-page image, the page sized from the image's resolution (a 200 dpi Letter
 * scan gives a Letter page). Images are converted in memory, within these limits.
 */
export const PDF_RENDITION_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Pixels per page: pdf-lib decodes PNG pixels in JavaScript (~8 bytes per pixel while a page is
 * embedded), so the cap bounds memory. 40 MP covers a Letter/A4 page scanned at 600 dpi.
 */
export const PDF_RENDITION_MAX_PIXELS = 40_000_000;
/** Renditions running at once in this process; more wait (memory, not correctness). */
const MAX_CONCURRENT = 2;
export const PDF_RENDITION_MAX_PAGES = 500;

export const PDF_RENDITION_TYPES = ['image/png', 'image/jpeg', 'image/tiff'] as const;

export class RenditionTooLargeError extends Error {}
export class RenditionFailedError extends Error {}

let running = 0;
const waiting: Array<() => void> = [];

export async function imageToPdf(image: Buffer, contentType: string): Promise<Uint8Array> {
  // A finishing conversion hands its slot straight to the next waiter.
  if (running < MAX_CONCURRENT) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await convert(image, contentType);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

async function convert(image: Buffer, contentType: string): Promise<Uint8Array> {
  try {
    const [sharp, { PDFDocument }] = await Promise.all([loadSharp(), loadPdfLib()]);
    const first = await sharp(image).metadata();
    const pages = contentType === 'image/tiff' ? (first.pages ?? 1) : 1;
    if (pages > PDF_RENDITION_MAX_PAGES) {
      throw new RenditionTooLargeError(`More than ${PDF_RENDITION_MAX_PAGES} pages`);
    }
    const pdf = await PDFDocument.create();
    for (let page = 0; page < pages; page++) {
      const meta = page === 0 ? first : await sharp(image, { page }).metadata();
      if ((meta.width ?? 0) * (meta.height ?? 0) > PDF_RENDITION_MAX_PIXELS) {
        throw new RenditionTooLargeError('The image has too many pixels');
      }
      await addImagePage(pdf, image, contentType, page, meta);
    }
    // A fixed date keeps the rendition of the same file byte-stable.
    pdf.setCreationDate(new Date(0));
    pdf.setModificationDate(new Date(0));
    pdf.setProducer('Flowline');
    return await pdf.save();
  } catch (error) {
    if (error instanceof RenditionTooLargeError) throw error;
    throw new RenditionFailedError((error as Error).message);
  }
}

async function addImagePage(
  pdf: PDFDocument,
  image: Buffer,
  contentType: string,
  page: number,
  meta: Metadata,
) {
  const upright = !meta.orientation || meta.orientation === 1;
  // pdf-lib reads `bytes.buffer` from offset 0: hand it a copy that owns its buffer (a Buffer
  // from a stream is often a slice of Node's shared pool).
  const own = () => new Uint8Array(image);
  let embedded;
  if (upright && contentType === 'image/jpeg') {
    embedded = await pdf.embedJpg(own()); // passed through as DCT, never decoded
  } else if (upright && contentType === 'image/png') {
    embedded = await pdf.embedPng(own()).catch(async () => pdf.embedPng(await toPng(image, page)));
  } else {
    // TIFF pages, and photos whose EXIF orientation must be applied first.
    embedded = await pdf.embedPng(await toPng(image, page));
  }
  const dpi = meta.density && meta.density >= 50 && meta.density <= 2400 ? meta.density : 72;
  const width = (embedded.width * 72) / dpi;
  const height = (embedded.height * 72) / dpi;
  pdf.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
}

/** One page as a PNG, upright (libvips converts CMYK and other spaces on the way). */
async function toPng(image: Buffer, page: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { page, autoOrient: true, limitInputPixels: PDF_RENDITION_MAX_PIXELS })
    .png({ compressionLevel: 3 })
    .toBuffer();
}
