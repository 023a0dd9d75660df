/**
 * `npm run bench:reading-fairness` (issue 28 item 2): while company A has 5,000 pages queued for
 * reading, how long does company B's one-page scan take to be read, against the same scan read on
 * an idle engine? Target: within 2 × the idle time. Prints figures; not a timed test.
 *
 * The reading queue as the server runs it — the fair fetch (companies take turns, one company at
 * most READING_CONCURRENCY − 1 readings at once), the OCR pool, blank-page skip — on PGlite, with
 * a handler that reads the file with readDocumentPages (no HTTP upload, no document rows). A's
 * backlog: 25 PDFs × 200 pages, each page a real scanned-looking page (not blank), so A's
 * readings keep their worker busy for the whole run.
 */
import os from 'node:os';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client';
import {
  readDocumentPages,
  setOcrConcurrency,
  terminateOcr,
} from '../apps/server/src/modules/document-intelligence/reading/index';
import { createJobEngine } from '../apps/server/src/platform/jobs/engine';
import { Queue } from '../apps/server/src/platform/jobs/types';

const concurrency = Number(process.env.READING_CONCURRENCY ?? os.availableParallelism());
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function page(text: string): Promise<Buffer> {
  const lines = Array.from(
    { length: 18 },
    (_, i) =>
      `<text x="150" y="${200 + i * 90}" font-family="DejaVu Sans" font-size="40">${text} line ${i + 1} amount 1,234.56</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="2200"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pdfOf(png: Buffer, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  for (let i = 0; i < pages; i += 1)
    doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

async function main() {
  setOcrConcurrency(concurrency);
  const files = new Map<string, { bytes: Buffer; type: string }>();
  files.set('b', { bytes: await page('Invoice for company B'), type: 'image/png' });
  const aPdf = await pdfOf(await page('Statement of company A'), 200);
  for (let i = 0; i < 25; i += 1) files.set(`a${i}`, { bytes: aPdf, type: 'application/pdf' });

  const database = await openDatabase({ url: null });
  await database.migrate();
  const engine = createJobEngine(database, { runWorkers: true, pollingIntervalMs: 200 }, silent);
  const done = new Map<string, number>();
  let aPages = 0;
  engine.register<{ file: string }>(
    Queue.documentExtraction,
    async (job) => {
      const file = files.get(job.data.file)!;
      await readDocumentPages({ buffer: file.bytes }, file.type, {
        maxPages: 200,
        onPage: () => {
          if (job.data.file !== 'b') aPages += 1;
        },
      });
      done.set(job.data.file, performance.now());
    },
    { concurrency, maxActivePerCompany: Math.max(1, concurrency - 1) },
  );
  await engine.start();

  const readB = async () => {
    done.delete('b');
    const sent = performance.now();
    await engine.send(Queue.documentExtraction, { file: 'b' }, { companyId: 2 });
    while (!done.has('b')) await new Promise((r) => setTimeout(r, 20));
    return (done.get('b')! - sent) / 1000;
  };

  await readB(); // loads the OCR model
  const idle = await readB();
  for (let i = 0; i < 25; i += 1)
    await engine.send(Queue.documentExtraction, { file: `a${i}` }, { companyId: 1 });
  await new Promise((r) => setTimeout(r, 3000)); // A's readings are under way
  const pagesBefore = aPages;
  const busy = await readB();
  console.log(`READING_CONCURRENCY ${concurrency}, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`B's one-page scan on an idle engine: ${idle.toFixed(2)} s`);
  console.log(
    `B's scan while A has 5,000 pages queued: ${busy.toFixed(2)} s = ${(busy / idle).toFixed(2)} × idle (target ≤ 2 ×); A read ${aPages - pagesBefore} pages meanwhile`,
  );
  await engine.stop();
  await terminateOcr();
  await database.close();
  process.exit(0);
}

await main();
