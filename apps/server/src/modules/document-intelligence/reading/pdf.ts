import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { BLANK_INK_RATIO, inkRatioOfRgba } from './blank';
import { splitRun } from './char-widths';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReadWord } from './types';

type PdfJs = typeof PdfJsModule;

let pdfjsPromise: Promise<PdfJs> | null = null;
/** pdf.js is ~1 MB of module: loaded on the first document, not at server start. */
function pdfjs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = path.join(pdfjsRoot, 'standard_fonts') + path.sep;

export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await pdfjs();
  return getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl,
    verbosity: 0,
  }).promise;
}

/**
 * The words of a page's text layer, top-left origin in PDF points (the page's /Rotate applied,
 * so they match what a viewer shows). An item's text is split into words with x-positions shared
 * out by character widths.
 */
export async function pdfTextWords(page: PDFPageProxy): Promise<ReadWord[]> {
  const { Util } = await pdfjs();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: ReadWord[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const item = raw as TextItem;
    if (item.str.trim() === '') continue;
    const tx = Util.transform(viewport.transform, item.transform) as number[];
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = tx;
    const fontHeight = Math.hypot(c, d);
    if (fontHeight <= 0) continue;
    const style = content.styles[item.fontName];
    const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 ? -style.descent : 0.2;
    // Direction of the baseline in viewport space (horizontal for ordinary text).
    const angle = Math.atan2(b, a);
    const horizontal = Math.abs(Math.sin(angle)) < 0.05;
    // The viewport is at scale 1 (a rotation at most), so the item's width is already in points.
    const runWidth = item.width;
    for (const part of splitRun(item.str)) {
      const along = part.start * runWidth;
      const width = part.width * runWidth;
      if (horizontal) {
        const dir = Math.cos(angle) >= 0 ? 1 : -1;
        const x = dir > 0 ? e + along : e - along - width;
        words.push(
          word(part.word, x, f - fontHeight * ascent, width, fontHeight * (ascent + descent)),
        );
      } else {
        // Vertical runs (rotated text): the box is the rotated one's bounding rectangle.
        const cos = Math.cos(angle);
        const sin = Math.sin(angle);
        const x0 = e + cos * along;
        const y0 = f + sin * along;
        const x1 = e + cos * (along + width);
        const y1 = f + sin * (along + width);
        const thick = fontHeight * (ascent + descent);
        words.push(
          word(
            part.word,
            Math.min(x0, x1) - thick / 2,
            Math.min(y0, y1),
            Math.abs(x1 - x0) + thick,
            Math.abs(y1 - y0),
          ),
        );
      }
    }
  }
  return words;
}

function word(text: string, x: number, y: number, width: number, height: number): ReadWord {
  const r = (n: number) => Math.round(n * 100) / 100;
  return { text, x: r(x), y: r(y), width: r(width), height: r(height), confidence: 1 };
}

/** Renders a page to an image (PNG) at `scale` × 72 dpi, white background. */
export async function renderPdfPage(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  scale: number,
): Promise<{ png: Buffer; width: number; height: number }> {
  const image = await renderPage(doc, page, scale, false);
  return { ...image, png: image.png! };
}

/** As renderPdfPage, but a page with almost no ink (blank.ts) is not encoded: `png` is null. */
export function renderPdfPageUnlessBlank(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  scale: number,
): Promise<{ png: Buffer | null; width: number; height: number }> {
  return renderPage(doc, page, scale, true);
}

async function renderPage(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  scale: number,
  skipBlank: boolean,
): Promise<{ png: Buffer | null; width: number; height: number }> {
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const { canvas, context } = factory.create(width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
  if (
    skipBlank &&
    inkRatioOfRgba(context.getImageData(0, 0, width, height).data) < BLANK_INK_RATIO
  ) {
    factory.destroy({ canvas, context });
    return { png: null, width, height };
  }
  const png = canvas.toBuffer('image/png');
  factory.destroy({ canvas, context });
  return { png, width, height };
}

interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { toBuffer(mime: 'image/png'): Buffer; width: number; height: number };
    context: {
      fillStyle: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
  };
  destroy(pair: unknown): void;
}
