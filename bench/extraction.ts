// Accuracy of auto-extraction and document-type detection on a generated, labelled corpus.
// Prints per-field precision and recall (text PDFs and scans apart), detection accuracy, line
// items and seconds per page. Figures, not a test. docs/document-intelligence.md "Accuracy".
//   npm run bench:extraction                 (60 text PDFs + 30 scans, seed 14)
//   npm run bench:extraction -- --quick      (9 text PDFs + 3 scans)
//   npm run bench:extraction -- --heldout    (the held-out invoice templates, another seed)
//   npm run bench:extraction -- --texts=30 --scans=10 --seed=7 --misses
//   npm run bench:extraction -- --oil-only --oil-half=tuning --oil=40 --misses   (issue 34 corpus)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  detectDocumentType,
  proposeMetadata,
} from '../apps/server/src/modules/document-intelligence/proposals/index';
import {
  readDocumentPages,
  terminateOcr,
} from '../apps/server/src/modules/document-intelligence/reading/index';
import { setPrepareDefaults } from '../apps/server/src/modules/document-intelligence/reading/prepare-page';
import { setDateChars } from '../apps/server/src/modules/document-intelligence/reading/ocr';
import {
  setFillIn,
  setLabelLook,
  setSecondLook,
} from '../apps/server/src/modules/document-intelligence/reading/second-look';
import { generateTextDocuments, scanCopy, type CorpusDocument } from './extraction/corpus';
import { runOilfield } from './extraction/oilfield-bench';
import { Random } from './extraction/random';
import { pct, Scoreboard } from './extraction/score';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    heldout: { type: 'boolean', default: false },
    misses: { type: 'boolean', default: false },
    /** Only the oilfield corpus (issue 34), e.g. while tuning on its tuning half. */
    'oil-only': { type: 'boolean', default: false },
    oil: { type: 'string' },
    'oil-half': { type: 'string', default: 'heldout' },
    'oil-seed': { type: 'string', default: '34' },
    'oil-no-scans': { type: 'boolean', default: false },
    /** Precision and recall of the goal fields at several fill thresholds. */
    calibrate: { type: 'boolean', default: false },
    /** Keep the oilfield corpus's read pages in DIR and use them again (rule changes only). */
    'pages-cache': { type: 'string' },
    /** Measure page preparations that are off by default: deskew, the second look. */
    deskew: { type: 'boolean', default: false },
    /** The second look: confirm (default), replace (as measured before), off. */
    'second-look': { type: 'string' },
    /** The label look (session 22) off, to measure it. */
    'no-label-look': { type: 'boolean', default: false },
    /** The fill-in look (session 23: a value missed beside its label read again) off. */
    'no-fill-in': { type: 'boolean', default: false },
    /** Dates read again with their characters' confidences (hOCR), as identifiers are. */
    'date-chars': { type: 'boolean', default: false },
    texts: { type: 'string' },
    scans: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'fixtures/extraction') },
  },
});
const texts = Number(args.texts ?? (args.quick ? 9 : 60));
const scans = Number(args.scans ?? (args.quick ? 3 : 30));
const seed = Number(args.seed ?? (args.heldout ? 1014 : 14));

const INVOICE_KEYS = [
  'docNumber',
  'docInvoiceDate',
  'docTotal',
  'docDueDate',
  'docPONumber',
  'docAFE',
  'docARCompany',
  'docARPurchaserName',
  'remitTo',
];
const DO_KEYS = [
  'docOwnerName',
  'docOwnerNumber',
  'docPropertyName',
  'docWellName',
  'docDecimalInterest',
  'docInterestType',
  'docEffectiveDate',
];

async function main() {
  if (args.deskew) setPrepareDefaults({ deskew: true });
  const look = args['second-look'];
  if (look === 'off' || look === 'confirm' || look === 'replace') setSecondLook(look);
  if (args['no-label-look']) setLabelLook(false);
  if (args['no-fill-in']) setFillIn(false);
  if (args['date-chars']) setDateChars(true);
  if (!args['oil-only']) await legacyCorpora();
  await runOilfield({
    seed: Number(args['oil-seed']),
    count: Number(args.oil ?? (args.quick ? 6 : 40)),
    half: args['oil-half'] === 'tuning' ? 'tuning' : 'heldout',
    out: path.join(args.out, 'oilfield'),
    misses: args.misses,
    scans: !args['oil-no-scans'],
    calibrate: args.calibrate,
    pagesCache: args['pages-cache'],
  });
  await terminateOcr();
}

/** The corpora of issue 14 (figures in docs/document-intelligence.md "Accuracy"). */
async function legacyCorpora() {
  fs.mkdirSync(args.out, { recursive: true });
  const docs = await generateTextDocuments({ seed, texts, heldOut: args.heldout });
  const r = new Random(seed + 1);
  // Scanned copies spread over the templates: every k-th text document.
  const step = Math.max(1, Math.floor(docs.length / Math.max(1, scans)));
  const scanned: CorpusDocument[] = [];
  for (let i = 0; i < docs.length && scanned.length < scans; i += step)
    scanned.push(await scanCopy(docs[i]!, r));
  for (const d of [...docs, ...scanned]) {
    fs.writeFileSync(path.join(args.out, d.truth.file), d.bytes);
    fs.writeFileSync(path.join(args.out, `${d.truth.file}.json`), JSON.stringify(d.truth, null, 2));
  }
  console.log(
    `corpus: ${docs.length} text PDFs + ${scanned.length} scans in ${path.relative(process.cwd(), args.out)} (seed ${seed}${args.heldout ? ', held-out templates' : ''})`,
  );

  for (const [label, set] of [
    ['text PDFs', docs],
    ['scans', scanned],
  ] as const) {
    if (set.length === 0) continue;
    const board = new Scoreboard();
    let pages = 0;
    let readSeconds = 0;
    let ruleSeconds = 0;
    for (const d of set) {
      const t0 = performance.now();
      const read = await readDocumentPages({ buffer: Buffer.from(d.bytes) }, d.contentType);
      const t1 = performance.now();
      const proposals = proposeMetadata(d.truth.documentTypeId, read);
      const detected = detectDocumentType(read);
      const t2 = performance.now();
      pages += read.length;
      readSeconds += (t1 - t0) / 1000;
      ruleSeconds += (t2 - t1) / 1000;
      const keys = d.truth.kind === 'invoice' ? INVOICE_KEYS : DO_KEYS;
      board.add(d.truth.file, d.truth.fields, proposals.values, keys, d.truth.template);
      if (d.truth.kind === 'invoice') board.addLines(d.truth.lineItems, proposals.lineItems);
      board.addDetection(d.truth.documentTypeId, detected.documentTypeId);
    }
    console.log(`\n== ${label}: ${set.length} documents, ${pages} pages ==`);
    console.log('field                 printed  proposed  correct  precision  recall');
    for (const [key, t] of board.fields) {
      console.log(
        `${key.padEnd(22)}${String(t.printed).padStart(7)}${String(t.proposed).padStart(10)}${String(t.correct).padStart(9)}${pct(t.correct, t.proposed).padStart(11)}${pct(t.correct, t.printed).padStart(8)}`,
      );
    }
    console.log(
      `by template (all fields): ${[...board.templates]
        .map(([name, t]) => `${name} ${pct(t.correct, t.proposed)} / ${pct(t.correct, t.printed)}`)
        .join(', ')}`,
    );
    const l = board.lines;
    console.log(
      `line items: ${l.printed} printed, ${l.proposed} proposed, ${l.correct} correct — precision ${pct(l.correct, l.proposed)}, recall ${pct(l.correct, l.printed)}`,
    );
    const dt = board.detection;
    console.log(
      `type detection: ${pct(dt.exact, dt.total)} exact, ${pct(dt.family, dt.total)} counting pending/plain division orders as one, ${dt.none} with no suggestion`,
    );
    console.log(
      `time: reading ${(readSeconds / pages).toFixed(2)} s/page, rules ${((1000 * ruleSeconds) / pages).toFixed(1)} ms/page`,
    );
    if (args.misses) for (const m of board.misses) console.log(`  miss ${m}`);
  }
}

await main();
