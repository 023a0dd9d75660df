import { readFile } from 'node:fs/promises';
import { loadSharp } from '../../../platform/heavy-modules';
import { BLANK_INK_RATIO, inkRatioOfImage } from './blank';
import { recognizeWords } from './ocr';
import { openPdf, pdfTextWords, renderPdfPage, renderPdfPageUnlessBlank } from './pdf';
import type { ReadInput, ReadOptions, ReadPage, ReadWord } from './types';

export type { ReadInput, ReadOptions, ReadPage, ReadWord } from './types';
export { ocrPagesRecognised, setOcrConcurrency, terminateOcr } from './ocr';

/** A page with fewer words in its text layer is treated as a scan and recognised. */
const MIN_TEXT_WORDS = 3;
/** Scanned PDF pages are rendered at this resolution for OCR. */
const PDF_OCR_DPI = 200;
/**
 * A rendered page never exceeds this many pixels (8.5 × 11 in at 200 dpi is 3.7 M): an oversized
 * page at 16 M took the process to 800 MB with the OCR thread.
 */
const MAX_RENDER_PIXELS = 8_000_000;
/** Images below this resolution (by their pixel width for a letter page) are enlarged for OCR. */
const MIN_OCR_DPI = 150;
/**
 * Images above this are reduced to PDF_OCR_DPI for OCR: recognition time grows with the pixels,
 * and 200 dpi reads 8-point print as well as 300 does.
 */
const MAX_OCR_DPI = 250;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/tiff', 'image/tif']);

export function isReadableContentType(contentType: string): boolean {
  const type = normalise(contentType);
  return type === 'application/pdf' || IMAGE_TYPES.has(type);
}

/**
 * Reads every page of a document: a PDF's text layer where it has one, OCR for scanned PDF pages
 * and images (PNG, JPEG, multi-page TIFF). See docs/document-intelligence.md.
 */
export async function readDocumentPages(
  input: ReadInput,
  contentType: string,
  opts: ReadOptions = {},
): Promise<ReadPage[]> {
  const type = normalise(contentType);
  const bytes = 'buffer' in input ? input.buffer : await readFile(input.filePath);
  if (type === 'application/pdf') return readPdf(bytes, opts);
  if (IMAGE_TYPES.has(type)) return readImage(bytes, opts);
  throw new UnreadableDocumentError(
    `Documents of type ${contentType || 'unknown'} cannot be read.`,
  );
}

export class UnreadableDocumentError extends Error {}

async function readPdf(bytes: Buffer, opts: ReadOptions): Promise<ReadPage[]> {
  // pdf.js may take ownership of the array it is given: hand it a copy.
  const doc = await openPdf(new Uint8Array(bytes));
  try {
    const pages: ReadPage[] = [];
    opts.onPageCount?.(doc.numPages);
    const last = Math.min(doc.numPages, opts.maxPages ?? doc.numPages);
    for (let n = Math.max(1, opts.fromPage ?? 1); n <= last; n += 1) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const textWords = await pdfTextWords(page);
      if (textWords.length >= MIN_TEXT_WORDS) {
        pages.push({
          page: n,
          width: round(width),
          height: round(height),
          source: 'text',
          words: textWords,
        });
      } else {
        // An oversized page (a poster, a hostile MediaBox) is rendered at most MAX_RENDER_PIXELS.
        const scale = Math.min(
          PDF_OCR_DPI / 72,
          Math.sqrt(MAX_RENDER_PIXELS / Math.max(width * height, 1)),
        );
        const image =
          (opts.skipBlank ?? true)
            ? await renderPdfPageUnlessBlank(doc, page, scale)
            : await renderPdfPage(doc, page, scale);
        // A blank page (no ink) is not recognised: no words, a fraction of the time.
        const words = image.png
          ? await recognizeWords(image.png, Math.min(PDF_OCR_DPI, scale * 72), {
              urgent: opts.urgent,
            })
          : [];
        pages.push({
          page: n,
          width: round(width),
          height: round(height),
          source: 'ocr',
          words: words.map((w) => scaleWord(w, 1 / scale)),
        });
      }
      page.cleanup();
      opts.onPage?.(n, doc.numPages);
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function readImage(bytes: Buffer, opts: ReadOptions): Promise<ReadPage[]> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  opts.onPageCount?.(meta.pages ?? 1);
  const total = Math.min(meta.pages ?? 1, opts.maxPages ?? Infinity);
  const pages: ReadPage[] = [];
  for (let i = Math.max(0, (opts.fromPage ?? 1) - 1); i < total; i += 1) {
    // Boxes follow the image as shown: EXIF orientation applied (browsers do the same).
    const pageMeta = await sharp(bytes, { page: i }).metadata();
    const { width, height } = pageMeta.autoOrient ?? {
      width: pageMeta.width,
      height: pageMeta.height,
    };
    if (!width || !height) throw new UnreadableDocumentError('The image has no pixels.');
    // A page-sized image narrower than ~150 dpi (letter: 8.5 in) is enlarged so tesseract sees
    // letters tall enough to read; boxes are scaled back to the image's own pixels. The
    // enlargement stays here, in sharp's decoding of the colour image, not on the grey page the
    // OCR's preparation decodes (prepare-page.ts): enlarging the decoded grey pixels filled two
    // wrong identifiers on the held-out oilfield scans (docs/auto-extraction.md).
    const dpi = imageDpi(meta.density, width);
    const factor =
      dpi < MIN_OCR_DPI
        ? Math.min(3, MIN_OCR_DPI / dpi)
        : dpi > MAX_OCR_DPI
          ? PDF_OCR_DPI / dpi
          : 1;
    let pipeline = sharp(bytes, { page: i })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .grayscale();
    if (factor !== 1)
      pipeline = pipeline.resize(Math.round(width * factor), Math.round(height * factor), {
        kernel: 'lanczos3',
      });
    const png = await pipeline.png({ compressionLevel: 1 }).toBuffer();
    // A blank page (no ink once specks are filtered out) is not recognised.
    const blank = (opts.skipBlank ?? true) && (await inkRatioOfImage(png)) < BLANK_INK_RATIO;
    const words = blank ? [] : await recognizeWords(png, dpi * factor, { urgent: opts.urgent });
    pages.push({
      page: i + 1,
      width,
      height,
      source: 'ocr',
      words: factor !== 1 ? words.map((w) => scaleWord(w, 1 / factor)) : words,
    });
    opts.onPage?.(i + 1, total);
  }
  return pages;
}

/**
 * The scan's resolution: its own density when plausible (≥ 100 dpi and a page 3–17 inches wide),
 * else its width read as a letter page — cameras and many tools write 72 whatever the pixels.
 */
function imageDpi(density: number | undefined, width: number): number {
  if (density && density >= 100 && width / density >= 3 && width / density <= 17) return density;
  return width / 8.5;
}

function scaleWord(w: ReadWord, k: number): ReadWord {
  return {
    ...w,
    x: round(w.x * k),
    y: round(w.y * k),
    width: round(w.width * k),
    height: round(w.height * k),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function normalise(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}
