// Compares ways of preparing scanned pages for OCR on the TUNING half of the oilfield corpus
// (issue 34 item 4): for each variant, the goal fields filled right, line items right, how many
// printed values appear in the OCR text at all, and CPU seconds per page.
//   npx tsx bench/extraction/ocr-variants.ts --dir=/tmp/fx/oilfield [--limit=20] [--variants=a,b]
// The directory is one `bench:extraction -- --oil-only --oil-half=tuning --out=…` wrote. Only
// tuning files (even seeds) are read: the held-out half is never used to choose.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  FILL_THRESHOLD,
  proposeMetadata,
} from '../../apps/server/src/modules/document-intelligence/proposals/index';
import {
  readDocumentPages,
  terminateOcr,
  type ReadPage,
} from '../../apps/server/src/modules/document-intelligence/reading/index';
import {
  setPrepareDefaults,
  type PrepareOptions,
} from '../../apps/server/src/modules/document-intelligence/reading/prepare-page';
import { setSecondLook } from '../../apps/server/src/modules/document-intelligence/reading/second-look';
import type { OilfieldTruth } from './oilfield';
import { rowRight } from './oilfield-bench';
import { sameValue } from './score';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/fixtures/extraction/oilfield' },
    limit: { type: 'string', default: '40' },
    variants: { type: 'string' },
    /** Keep each variant's read pages (DIR/<variant>/<file>.pages.json)… */
    save: { type: 'string' },
    /** …and score the rules on them again without reading (rules-only changes). */
    from: { type: 'string' },
  },
});

const VARIANTS: Record<string, Partial<PrepareOptions> & { secondLook?: boolean }> = {
  before: { median: false, deskew: false, targetDpi: 150, flatten: true, binarize: false },
  deskew: { median: false, deskew: true },
  'd+200': { median: false, deskew: true, targetDpi: 200 },
  'd+200+med': { median: true, deskew: true, targetDpi: 200 },
  'd+200+med+otsu': { median: true, deskew: true, targetDpi: 200, binarize: true },
  'd+300+med+otsu': { median: true, deskew: true, targetDpi: 300, binarize: true },
  'd+look': { median: false, deskew: true, secondLook: true },
  'd+200+look': { median: false, deskew: true, targetDpi: 200, secondLook: true },
};
const KEYS = ['docNumber', 'docInvoiceDate', 'docTotal', 'docAFE', 'docDueDate', 'docPONumber'];
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

async function main() {
  const files = fs
    .readdirSync(args.dir)
    .filter((f) => /^oil-tuning-\d+-.*-scan\.(jpg|pdf)$/.test(f))
    .sort()
    .slice(0, Number(args.limit));
  const names = args.variants ? args.variants.split(',') : Object.keys(VARIANTS);
  for (const name of names) {
    const { secondLook, ...prep } = VARIANTS[name]!;
    setPrepareDefaults(prep);
    setSecondLook(secondLook ?? false);
    const right = Object.fromEntries(KEYS.map((k) => [k, 0]));
    const wrong = Object.fromEntries(KEYS.map((k) => [k, 0]));
    let inText = 0;
    let printed = 0;
    let linesRight = 0;
    let lines = 0;
    const cpu: number[] = [];
    for (const file of files) {
      const truth = JSON.parse(
        fs.readFileSync(path.join(args.dir, `${file}.json`), 'utf8'),
      ) as OilfieldTruth;
      const bytes = fs.readFileSync(path.join(args.dir, file));
      const c0 = process.cpuUsage();
      const cached = args.from ? path.join(args.from, name, `${file}.pages.json`) : null;
      const pages = cached
        ? (JSON.parse(fs.readFileSync(cached, 'utf8')) as ReadPage[])
        : await readDocumentPages(
            { buffer: bytes },
            file.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
          );
      const c = process.cpuUsage(c0);
      if (args.save) {
        fs.mkdirSync(path.join(args.save, name), { recursive: true });
        fs.writeFileSync(path.join(args.save, name, `${file}.pages.json`), JSON.stringify(pages));
      }
      for (const _ of pages) cpu.push((c.user + c.system) / 1e6 / pages.length);
      const text = squash(pages.flatMap((p) => p.words.map((w) => w.text)).join(''));
      const result = proposeMetadata(93, pages, { uploadedAt: new Date(truth.receivedDate) });
      for (const key of KEYS) {
        const expected = truth.fields[key];
        if (expected === undefined) continue;
        printed++;
        if (text.includes(squash(expected))) inText++;
        const got = result.values.find((v) => v.key === key);
        if (!got || got.confidence < FILL_THRESHOLD) continue;
        if (sameValue(key, expected, got.value)) right[key] = (right[key] ?? 0) + 1;
        else wrong[key] = (wrong[key] ?? 0) + 1;
      }
      lines += truth.lineItems.length;
      const left = [...truth.lineItems];
      for (const p of result.lineItems) {
        const i = left.findIndex((e) => rowRight(e, p));
        if (i >= 0) {
          linesRight++;
          left.splice(i, 1);
        }
      }
    }
    cpu.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(14)} ${KEYS.map((k) => `${k.replace('doc', '')} ${right[k]}${wrong[k] ? `/${wrong[k]}w` : ''}`).join('  ')}  lines ${linesRight}/${lines}  in-text ${inText}/${printed}  cpu median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(2)} s, mean ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(2)} s`,
    );
  }
  await terminateOcr();
}

void main();
