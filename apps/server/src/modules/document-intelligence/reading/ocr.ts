import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { flattenBackground } from './preprocess';
import type { ReadWord } from './types';

/**
 * Optical character recognition with tesseract.js, fully offline: the English LSTM model comes
 * from the @tesseract.js-data/eng package and the WebAssembly core from tesseract.js-core, both in
 * node_modules. One long-lived worker (a worker thread) is created on first use and reused; pages
 * are recognised one at a time so a 2-core machine keeps a core for the API.
 */
const require = createRequire(import.meta.url);
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);
const corePath = path.dirname(require.resolve('tesseract.js-core/package.json'));

/** An idle worker is ended after this long (its thread holds ~100 MB); the next page starts one. */
const IDLE_MS = 60_000;

let workerPromise: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | null = null;

async function createOcrWorker(): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    corePath,
    gzip: true,
    // Never write eng.traineddata into the working directory, never look for a cached copy.
    cacheMethod: 'none',
    // A failed job already rejects its promise; without a handler tesseract also throws it from
    // the worker's message listener, where nothing can catch it.
    errorHandler: () => undefined,
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.AUTO,
    preserve_interword_spaces: '0',
    // Scans are dark text on light paper: skip the per-line check for inverted text (~20% faster).
    tessedit_do_invert: '0',
  });
  return worker;
}

function worker(): Promise<Worker> {
  workerPromise ??= createOcrWorker().catch((error: unknown) => {
    workerPromise = null;
    throw error;
  });
  return workerPromise;
}

interface Task {
  image: Buffer;
  dpi: number | undefined;
  resolve(words: ReadWord[]): void;
  reject(error: unknown): void;
}

/** Pages waiting for the worker: someone waiting on an answer (`urgent`) goes before the jobs. */
const urgentTasks: Task[] = [];
const backgroundTasks: Task[] = [];
let running = false;
/** The recognition in progress: the worker is never ended under it (tesseract would post to a dead thread). */
let current: Promise<ReadWord[]> | null = null;

/**
 * Recognises the words of an image (PNG/JPEG/TIFF/BMP bytes). Boxes are in the image's pixels,
 * confidence 0–1. `dpi` is passed to tesseract so it need not guess the resolution. `urgent`
 * pages (a request waiting, e.g. a legal document's upload) overtake the reading jobs' pages.
 */
export function recognizeWords(
  image: Buffer,
  dpi?: number,
  opts: { urgent?: boolean } = {},
): Promise<ReadWord[]> {
  if (idleTimer) clearTimeout(idleTimer);
  return new Promise<ReadWord[]>((resolve, reject) => {
    (opts.urgent ? urgentTasks : backgroundTasks).push({ image, dpi, resolve, reject });
    void drainTasks();
  });
}

async function drainTasks(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (
      let task = urgentTasks.shift() ?? backgroundTasks.shift();
      task;
      task = urgentTasks.shift() ?? backgroundTasks.shift()
    ) {
      const recognition = recognizeNow(task.image, task.dpi);
      current = recognition;
      try {
        task.resolve(await recognition);
      } catch (error) {
        task.reject(error);
      } finally {
        current = null;
      }
    }
  } finally {
    running = false;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void terminateOcr(), IDLE_MS);
  idleTimer.unref();
}

async function recognizeNow(image: Buffer, dpi: number | undefined): Promise<ReadWord[]> {
  const w = await worker();
  // Tesseract accepts 70–2400 (an oversized page reduced for rendering can fall below).
  if (dpi)
    await w.setParameters({
      user_defined_dpi: String(Math.round(Math.min(2400, Math.max(70, dpi)))),
    });
  // An image sharp cannot decode (BMP) goes to tesseract as it is.
  const prepared = await flattenBackground(image).catch(() => image);
  try {
    const { data } = await w.recognize(prepared, {}, { text: false, tsv: true });
    return parseTsv(data.tsv ?? '');
  } catch (error) {
    // A crashed worker is dropped; the next page starts a fresh one.
    await dropWorker();
    throw error;
  }
}

/** Tesseract's TSV: level 5 rows are words (left, top, width, height, conf 0–100, text). */
export function parseTsv(tsv: string): ReadWord[] {
  const words: ReadWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = cols.slice(11).join('\t').trim();
    if (!text) continue;
    const [x, y, width, height, conf] = cols.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    if (conf < 0) continue;
    words.push({ text, x, y, width, height, confidence: Math.round(conf) / 100 });
  }
  return words;
}

/**
 * Ends the worker thread (idle timer, app close, tests). Pages still waiting are refused (a reading
 * job retries later); the page being recognised is finished first. The next recognition starts a
 * new worker.
 */
export async function terminateOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  for (const task of [...urgentTasks.splice(0), ...backgroundTasks.splice(0)]) {
    task.reject(new Error('Text recognition was stopped'));
  }
  while (current) await current.catch(() => undefined);
  await dropWorker();
}

async function dropWorker(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return;
  try {
    await (await pending).terminate();
  } catch {
    // Already gone.
  }
}
