import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { loadSharp } from '../../../platform/heavy-modules';
import { parseHocr, type CharWord } from './hocr';
import { preparePage, type PreparedPage } from './prepare-page';
import {
  confirmSecondLook,
  cropRegion,
  FILL_IN_KEYS,
  fillInEnabled,
  fillInLook,
  fillsIn,
  labelLookEnabled,
  labelRegionsToReread,
  mergeLabelLook,
  mergeSecondLook,
  regionsToReread,
  secondLookEnabled,
  secondLookMode,
} from './second-look';
import type { ReadWord } from './types';

/**
 * Optical character recognition with tesseract.js, fully offline: the English LSTM model comes
 * from the @tesseract.js-data/eng package and the WebAssembly core from tesseract.js-core, both in
 * node_modules. A pool of long-lived workers (worker threads), at most `setOcrConcurrency` of them
 * (READING_CONCURRENCY, the CPU count by default), created on first use and reused; each
 * recognises one page at a time.
 */
const require = createRequire(import.meta.url);
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);
const corePath = path.dirname(require.resolve('tesseract.js-core/package.json'));

/** An idle worker is ended after this long (its thread holds ~100 MB); the next page starts one. */
const IDLE_MS = 60_000;

/** Workers the pool may hold (READING_CONCURRENCY). */
let poolSize = 1;
/** Pages recognised by this process (tests and the fairness bench read it). */
let recognised = 0;

interface Slot {
  worker: Promise<Worker> | null;
  /** The recognition in progress: the worker is never ended under it. */
  current: Promise<ReadWord[]> | null;
  busy: boolean;
}
const slots: Slot[] = [];
let idleTimer: NodeJS.Timeout | null = null;

/** How many pages may be recognised at once (each a worker thread of ~100 MB). */
export function setOcrConcurrency(n: number): void {
  poolSize = Math.max(1, Math.floor(n));
}

/** Pages recognised by this process so far (a blank page skipped is not counted). */
export function ocrPagesRecognised(): number {
  return recognised;
}

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

function workerOf(slot: Slot): Promise<Worker> {
  slot.worker ??= createOcrWorker().catch((error: unknown) => {
    slot.worker = null;
    throw error;
  });
  return slot.worker;
}

interface Task {
  image: Buffer;
  dpi: number | undefined;
  resolve(words: ReadWord[]): void;
  reject(error: unknown): void;
}

/** Pages waiting for a worker: someone waiting on an answer (`urgent`) goes before the jobs. */
const urgentTasks: Task[] = [];
const backgroundTasks: Task[] = [];

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
    drainTasks();
  });
}

/** Starts a loop on every free slot (up to the pool size) while pages wait. */
function drainTasks(): void {
  while (urgentTasks.length + backgroundTasks.length > 0) {
    let slot = slots.find((s) => !s.busy);
    if (!slot) {
      if (slots.length >= poolSize) return;
      slot = { worker: null, current: null, busy: false };
      slots.push(slot);
    }
    slot.busy = true;
    void runSlot(slot);
  }
}

async function runSlot(slot: Slot): Promise<void> {
  try {
    for (
      let task = urgentTasks.shift() ?? backgroundTasks.shift();
      task;
      task = urgentTasks.shift() ?? backgroundTasks.shift()
    ) {
      const recognition = recognizeNow(slot, task.image, task.dpi);
      slot.current = recognition;
      try {
        task.resolve(await recognition);
        recognised += 1;
      } catch (error) {
        task.reject(error);
      } finally {
        slot.current = null;
      }
    }
  } finally {
    slot.busy = false;
  }
  if (slots.some((s) => s.busy)) return;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void terminateOcr(), IDLE_MS);
  idleTimer.unref();
}

async function recognizeNow(
  slot: Slot,
  image: Buffer,
  dpi: number | undefined,
): Promise<ReadWord[]> {
  const w = await workerOf(slot);
  // A page sharp cannot decode (BMP) goes to tesseract as it is.
  const prepared = await preparePage(image, dpi).catch(() => null);
  const readDpi = prepared ? prepared.dpi : dpi;
  // Tesseract accepts 70–2400 (an oversized page reduced for rendering can fall below).
  if (readDpi)
    await w.setParameters({
      user_defined_dpi: String(Math.round(Math.min(2400, Math.max(70, readDpi)))),
    });
  try {
    const { data } = await w.recognize(prepared?.png ?? image, {}, { text: false, tsv: true });
    let words = parseTsv(data.tsv ?? '');
    if (prepared && secondLookEnabled()) words = await secondLook(w, prepared, words);
    return prepared ? words.map((word) => prepared.toSource(word)) : words;
  } catch (error) {
    // A crashed worker is dropped; the next page starts a fresh one.
    await dropWorker(slot);
    throw error;
  }
}

/** Regions read again with their characters' confidences: the identifiers (look-alikes). */
const CHAR_KEYS = new Set(['docNumber', 'docAFE', 'docPONumber']);
/**
 * Dates read with their characters' confidences too (off by default: measured on the tuning half
 * in session 22, docs/document-intelligence.md; `bench:extraction -- --date-chars`).
 */
export function setDateChars(on: boolean): void {
  for (const key of ['docInvoiceDate', 'docDueDate']) {
    if (on) CHAR_KEYS.add(key);
    else CHAR_KEYS.delete(key);
  }
}

/** Enlargement of a region read again, and its margin (in region heights). */
const LOOK_SCALE = 2;

/**
 * Reads again, enlarged and as one line of text, the value regions second-look.ts picks, and keeps
 * the surer reading. The worker is left as it was found (page segmentation auto, the page's dpi).
 */
async function secondLook(
  w: Worker,
  prepared: PreparedPage,
  words: ReadWord[],
): Promise<ReadWord[]> {
  const confirm = secondLookMode() === 'confirm';
  const { width, height } = prepared.gray;
  const labels = labelLookEnabled() ? labelRegionsToReread(words, width, height) : [];
  // Confirming needs a first reading: a value not seen is not read again.
  let regions = labels.length
    ? []
    : regionsToReread(words, width, height, {
        missing: !confirm,
        missingKeys: confirm && fillInEnabled() ? FILL_IN_KEYS : undefined,
      });
  if (regions.length === 0 && labels.length === 0) return words;
  const sharp = await loadSharp();
  const { PSM } = await import('tesseract.js');
  await w.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_LINE,
    ...(prepared.dpi ? { user_defined_dpi: String(Math.round(prepared.dpi * LOOK_SCALE)) } : {}),
  });
  let out = words;
  let withChars = false;
  let psm = PSM.SINGLE_LINE;
  try {
    // Labels first: a label found there lets the values beside it be looked at below.
    for (const r of labels) {
      const want = r.block ? PSM.SINGLE_BLOCK : PSM.SINGLE_LINE;
      if (want !== psm) {
        await w.setParameters({ tessedit_pageseg_mode: want });
        psm = want;
      }
      // A block's margin is a line's, not half the block.
      const again = await readRegion(w, sharp, prepared, r, false, r.block ? 20 : undefined);
      out = mergeLabelLook(out, r, again, width, height);
    }
    if (psm !== PSM.SINGLE_LINE) {
      await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
      psm = PSM.SINGLE_LINE;
    }
    if (labels.length)
      regions = regionsToReread(out, width, height, {
        missing: !confirm,
        missingKeys: confirm && fillInEnabled() ? FILL_IN_KEYS : undefined,
      });
    for (const r of regions) {
      // An identifier's region is read with each character's confidence and the LSTM's other
      // choices for it (hocr.ts charsSure); the others as TSV (the choices cost time).
      const chars = confirm && (CHAR_KEYS.has(r.key) || fillsIn(r));
      if (chars !== withChars) {
        await w.setParameters({
          hocr_char_boxes: chars ? '1' : '0',
          lstm_choice_mode: chars ? '2' : '0',
        });
        withChars = chars;
      }
      const again = await readRegion(w, sharp, prepared, r, chars);
      out = !confirm
        ? mergeSecondLook(out, r, again)
        : fillsIn(r)
          ? fillInLook(out, r, again, width, height)
          : confirmSecondLook(out, r, again);
    }
  } finally {
    await w.setParameters({
      tessedit_pageseg_mode: PSM.AUTO,
      ...(prepared.dpi ? { user_defined_dpi: String(Math.round(prepared.dpi)) } : {}),
      ...(withChars ? { hocr_char_boxes: '0', lstm_choice_mode: '0' } : {}),
    });
  }
  return out;
}

/**
 * One region of the prepared page read again, enlarged LOOK_SCALE times with a white margin, with
 * the page segmentation the worker is set to; words in the page's pixels. `chars`: hOCR with each
 * character's confidence and choices (the worker must be set for it).
 */
async function readRegion(
  w: Worker,
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  prepared: PreparedPage,
  r: { x: number; y: number; width: number; height: number },
  chars: boolean,
  margin = Math.round(0.5 * r.height),
): Promise<(ReadWord | CharWord)[]> {
  const crop = cropRegion(prepared.gray, r, margin);
  const png = await sharp(crop.data, {
    raw: { width: crop.width, height: crop.height, channels: 1 },
  })
    .resize(crop.width * LOOK_SCALE, crop.height * LOOK_SCALE, { kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  lookedAgain += 1;
  const { data } = await w.recognize(
    png,
    {},
    chars ? { text: false, hocr: true } : { text: false, tsv: true },
  );
  const read = chars ? parseHocr(data.hocr ?? '') : parseTsv(data.tsv ?? '');
  return read.map((a) => ({
    ...a,
    x: a.x / LOOK_SCALE - margin + r.x,
    y: a.y / LOOK_SCALE - margin + r.y,
    width: a.width / LOOK_SCALE,
    height: a.height / LOOK_SCALE,
  }));
}

/** Regions read a second time by this process (the bench prints it). */
let lookedAgain = 0;
export function regionsLookedAgain(): number {
  return lookedAgain;
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
 * Ends the worker threads (idle timer, app close, tests). Pages still waiting are refused (a
 * reading job retries later); pages being recognised are finished first. The next recognition
 * starts new workers.
 */
export async function terminateOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  for (const task of [...urgentTasks.splice(0), ...backgroundTasks.splice(0)]) {
    task.reject(new Error('Text recognition was stopped'));
  }
  for (const slot of slots) {
    while (slot.current) await slot.current.catch(() => undefined);
  }
  await Promise.all(slots.map((slot) => dropWorker(slot)));
}

async function dropWorker(slot: Slot): Promise<void> {
  const pending = slot.worker;
  slot.worker = null;
  if (!pending) return;
  try {
    await (await pending).terminate();
  } catch {
    // Already gone.
  }
}
