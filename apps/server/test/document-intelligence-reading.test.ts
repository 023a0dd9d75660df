import { afterAll, describe, expect, it } from 'vitest';
import {
  readDocumentPages,
  terminateOcr,
  UnreadableDocumentError,
  type ReadWord,
} from '../src/modules/document-intelligence/reading/index';
import {
  recognizeWords,
  setOcrConcurrency,
} from '../src/modules/document-intelligence/reading/ocr';
import { flattenBackground } from '../src/modules/document-intelligence/reading/preprocess';
import { multiPageTiff, scannedPdf, scannedPng, textPdf } from './helpers/scans';

/** Reading pages for real: pdf.js on text PDFs, tesseract.js (offline) on scans. */

const find = (words: ReadWord[], text: string) => words.find((w) => w.text === text);

afterAll(() => terminateOcr());

describe('readDocumentPages', () => {
  it("reads a text PDF's words with their boxes in points from the top-left", async () => {
    const pdf = await textPdf([
      [
        { text: 'Invoice Number: INV-2044', x: 72, y: 90, size: 12 },
        { text: 'Total Due $1,234.56', x: 360, y: 400, size: 10 },
      ],
      [{ text: 'Second page remarks here', x: 100, y: 700, size: 14 }],
    ]);
    const pages: number[] = [];
    const read = await readDocumentPages({ buffer: pdf }, 'application/pdf', {
      onPage: (n, total) => pages.push(n * 10 + total),
    });
    expect(pages).toEqual([12, 22]);
    expect(read.map((p) => [p.page, p.width, p.height, p.source])).toEqual([
      [1, 612, 792, 'text'],
      [2, 612, 792, 'text'],
    ]);
    const words = read[0]!.words;
    expect(words.map((w) => w.text)).toEqual([
      'Invoice',
      'Number:',
      'INV-2044',
      'Total',
      'Due',
      '$1,234.56',
    ]);
    const number = find(words, 'INV-2044')!;
    // Each word of a line gets its own x: 'INV-2044' starts after 'Invoice Number: '.
    expect(number.x).toBeGreaterThan(150);
    expect(number.x).toBeLessThan(170);
    // The box is the font's (ascent to descent), a little taller than the cap height drawn.
    expect(Math.abs(number.y - 90)).toBeLessThan(3);
    expect(number.height).toBeGreaterThan(10);
    expect(number.confidence).toBe(1);
    const total = find(words, '$1,234.56')!;
    // 'Total Due ' is ~46 pt wide at 10 pt; the amount ~47 pt.
    expect(total.x).toBeGreaterThan(360 + 40);
    expect(total.x).toBeLessThan(360 + 52);
    expect(total.width).toBeGreaterThan(40);
    expect(total.width).toBeLessThan(55);
    expect(Math.abs(total.y - 400)).toBeLessThan(3);
    expect(Math.abs(find(read[1]!.words, 'remarks')!.y - 700)).toBeLessThan(4);
  });

  it('recognises a scanned PNG: the word and its box where it was drawn, in pixels', async () => {
    const png = await scannedPng([
      { text: 'INVOICE', x: 150, y: 200, size: 60 },
      { text: 'Invoice Number: QUOKKA-7731', x: 150, y: 400, size: 36 },
      { text: 'Total Due: $9,876.54', x: 900, y: 1500, size: 36 },
    ]);
    const started = Date.now();
    const [page, ...rest] = await readDocumentPages({ buffer: png }, 'image/png');
    const seconds = (Date.now() - started) / 1000;
    expect(rest).toHaveLength(0);
    expect(page).toMatchObject({ page: 1, width: 1700, height: 2200, source: 'ocr' });
    const word = find(page!.words, 'QUOKKA-7731');
    expect(word, JSON.stringify(page!.words.map((w) => w.text))).toBeDefined();
    expect(word!.x).toBeGreaterThan(150 + 200);
    expect(word!.x).toBeLessThan(150 + 400);
    expect(Math.abs(word!.y - 400)).toBeLessThan(25);
    expect(word!.height).toBeGreaterThan(20);
    expect(word!.height).toBeLessThan(50);
    expect(word!.confidence).toBeGreaterThan(0.8);
    expect(word!.confidence).toBeLessThanOrEqual(1);
    const total = find(page!.words, '$9,876.54');
    expect(total!.x).toBeGreaterThan(900);
    expect(Math.abs(total!.y - 1500)).toBeLessThan(25);
    // The first page also loads the model; still well inside a test's time.
    expect(seconds).toBeLessThan(20);
  });

  it('recognises a scanned PDF page and gives its boxes in PDF points', async () => {
    // 1700 px over 612 pt: 2.78 px per point.
    const pdf = await scannedPdf(
      await scannedPng([{ text: 'Remit to: Armadillo Supply', x: 278, y: 556, size: 40 }]),
    );
    const [page] = await readDocumentPages({ buffer: pdf }, 'application/pdf');
    expect(page).toMatchObject({ width: 612, height: 792, source: 'ocr' });
    const word = find(page!.words, 'Armadillo');
    expect(word, JSON.stringify(page!.words.map((w) => w.text))).toBeDefined();
    expect(word!.x).toBeGreaterThan(100 + 40);
    expect(word!.x).toBeLessThan(100 + 110);
    expect(Math.abs(word!.y - 200)).toBeLessThan(10);
  });

  it('reads every page of a multi-page TIFF, enlarging a low-resolution scan for OCR', async () => {
    const page = (text: string) => scannedPng([{ text, x: 80, y: 100, size: 24 }], 850, 1100);
    const tiff = await multiPageTiff([
      await page('First PELICAN page'),
      await page('Second WALRUS page'),
    ]);
    const read = await readDocumentPages({ buffer: tiff }, 'image/tiff');
    expect(read.map((p) => [p.page, p.width, p.height, p.source])).toEqual([
      [1, 850, 1100, 'ocr'],
      [2, 850, 1100, 'ocr'],
    ]);
    expect(read[0]!.words.map((w) => w.text)).toContain('PELICAN');
    const walrus = find(read[1]!.words, 'WALRUS')!;
    // Boxes are in the TIFF's own pixels, not the enlarged copy's.
    expect(walrus.x).toBeGreaterThan(80);
    expect(walrus.x).toBeLessThan(300);
    expect(Math.abs(walrus.y - 100)).toBeLessThan(15);
  });

  it("reduces a 300 dpi scan for OCR and gives its boxes in the scan's own pixels", async () => {
    const png = await scannedPng(
      [{ text: 'Effective Date 07/01/2025', x: 450, y: 600, size: 54 }],
      2550,
      3300,
    );
    const [page] = await readDocumentPages({ buffer: png }, 'image/png');
    expect(page).toMatchObject({ width: 2550, height: 3300 });
    const date = find(page!.words, '07/01/2025');
    expect(date, JSON.stringify(page!.words.map((w) => w.text))).toBeDefined();
    expect(date!.x).toBeGreaterThan(450 + 300);
    expect(Math.abs(date!.y - 600)).toBeLessThan(30);
    expect(date!.height).toBeGreaterThan(35);
  });

  it('stopping OCR while pages are being read finishes the page in hand and refuses the rest, with nothing left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // One worker, whatever another file of this process configured: the second page must wait.
    setOcrConcurrency(1);
    try {
      const png = await scannedPng([{ text: 'Invoice Number: 4471', x: 150, y: 300, size: 40 }]);
      // A cold start: the worker is still being created when the stop arrives.
      await terminateOcr();
      // The first page goes to the worker at once (while it is still starting); the second waits.
      const settled = Promise.allSettled([recognizeWords(png, 200), recognizeWords(png, 200)]);
      await terminateOcr();
      const [firstResult, secondResult] = await settled;
      expect(firstResult.status).toBe('fulfilled');
      expect(secondResult).toMatchObject({
        status: 'rejected',
        reason: { message: 'Text recognition was stopped' },
      });
      // A new page after the stop starts a fresh worker.
      const [again] = await readDocumentPages({ buffer: png }, 'image/png');
      expect(again!.words.map((w) => w.text)).toContain('4471');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('refuses a file type it cannot read, and a broken PDF', async () => {
    await expect(
      readDocumentPages({ buffer: Buffer.from('hello') }, 'text/plain'),
    ).rejects.toBeInstanceOf(UnreadableDocumentError);
    await expect(
      readDocumentPages({ buffer: Buffer.from('%PDF-1.4 broken') }, 'application/pdf'),
    ).rejects.toThrow();
  });
});

describe('flattenBackground (before OCR)', () => {
  it('whitens a grainy shaded panel and keeps the print on it dark, at the same size', async () => {
    const sharp = (await import('sharp')).default;
    const width = 300;
    const height = 200;
    const px = Buffer.alloc(width * height);
    let seed = 7;
    const grain = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 40;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const panel = x < 150 ? 226 : 252;
        const ink = y >= 90 && y < 96 && x % 50 > 10 && x % 50 < 40;
        px[y * width + x] = Math.max(0, Math.min(255, Math.round((ink ? 30 : panel) + grain())));
      }
    const png = await sharp(px, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const out = await flattenBackground(png);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([width, height]);
    const at = (x: number, y: number) => data[(y * width + x) * info.channels]!;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const panelPaper = mean([...Array(100).keys()].map((i) => at(20 + (i % 100), 40)));
    expect(panelPaper).toBeGreaterThan(245);
    expect(mean([20, 25, 30, 70, 75].map((x) => at(x, 93)))).toBeLessThan(90);
  });
});
