import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId } from '@flowline/shared';
import { generateOilfield, type OilfieldDocument } from '../../../bench/extraction/oilfield';
import { Random } from '../../../bench/extraction/random';
import { scanRendition } from '../../../bench/extraction/scan-rendition';
import { terminateOcr } from '../src/modules/document-intelligence/reading/index';
import { Queue } from '../src/platform/jobs/types';
import { openDocumentWorld } from './helpers/document-world';
import { multipartBody } from './helpers/multipart';

/**
 * Issue 34: a small fixed sample of the oilfield corpus (bench/extraction/oilfield.ts), generated
 * here — a field-ticket invoice and a two-page invoice with the total on page 2 as text PDFs, and a
 * scan (JPEG at 130 dpi, rotated, noisy, a received-stamp and a pen note) of a compact ledger
 * invoice with wrapped descriptions — uploaded, read by the reading job, values asserted.
 */

const world = await openDocumentWorld();
const { t, w, asUser } = world;
let docs: OilfieldDocument[];

beforeAll(async () => {
  docs = await generateOilfield({ seed: 34, count: 6, half: 'tuning' });
});
afterAll(async () => {
  await terminateOcr();
  await t.close();
});

async function upload(name: string, data: Uint8Array, type: string): Promise<number> {
  const { payload, headers } = await multipartBody([
    [
      'fileUploadData',
      JSON.stringify({
        documentTypeId: DocumentTypeId.ArInvoice,
        receivingPartyId: w.toPurchaser.id,
      }),
    ],
    ['file', { name, data: Buffer.from(data), type }],
  ]);
  const res = await asUser({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().documentIds[0] as number;
}

async function readBack(id: number) {
  const doc = (await asUser({ method: 'GET', url: `/api/documents/${id}` })).json();
  expect(doc.extraction.status).toBe('done');
  const entry = (key: string) =>
    doc.metadata.find((m: { metadata: { key: string } }) => m.metadata.key === key) as
      { value: string | null; autoExtracted: boolean } | undefined;
  const lines = (
    await asUser({ method: 'GET', url: `/api/documents/${id}/ProposedLineItems/1/100` })
  ).json();
  return { entry, lines };
}

describe('oilfield invoices through the upload', () => {
  it('fills number, date, total and AFE of text PDFs — the total from page 2 — and proposes every line', async () => {
    const fieldTicket = docs[0]!;
    const twoPage = docs[3]!;
    expect([fieldTicket.truth.template, twoPage.truth.template]).toEqual([
      'field-ticket',
      'two-page',
    ]);
    const ids = [
      await upload('field-ticket.pdf', fieldTicket.bytes, 'application/pdf'),
      await upload('two-page.pdf', twoPage.bytes, 'application/pdf'),
    ];
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 60_000 });
    for (const [i, doc] of [fieldTicket, twoPage].entries()) {
      const { entry, lines } = await readBack(ids[i]!);
      const f = doc.truth.fields;
      expect(entry('docNumber')).toMatchObject({ value: f.docNumber, autoExtracted: true });
      expect(entry('docInvoiceDate')).toMatchObject({
        value: f.docInvoiceDate,
        autoExtracted: true,
      });
      expect(entry('docDueDate')).toMatchObject({ value: f.docDueDate, autoExtracted: true });
      expect(Number(entry('docTotal')?.value)).toBe(Number(f.docTotal));
      if (f.docAFE) expect(entry('docAFE')).toMatchObject({ value: f.docAFE, autoExtracted: true });
      const fromDocument = (lines.suggestedRows as { source?: string }[]).filter(
        (r) => r.source === 'document',
      );
      expect(fromDocument).toHaveLength(doc.truth.lineItems.length);
      expect(JSON.stringify(fromDocument)).toContain(doc.truth.lineItems.at(-1)!.description);
    }
  }, 90_000);

  it('fills the values of a scan that its checks prove', async () => {
    const ledger = docs[5]!;
    expect(ledger.truth.template).toBe('ledger');
    const scan = await scanRendition(ledger, new Random(34));
    const id = await upload(scan.file, scan.bytes, scan.contentType);
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    const { entry } = await readBack(id);
    const f = ledger.truth.fields;
    for (const key of ['docNumber', 'docInvoiceDate', 'docDueDate', 'docAFE']) {
      expect(entry(key), key).toMatchObject({ value: f[key], autoExtracted: true });
    }
    expect(entry('docTotal')?.autoExtracted).toBe(true);
    expect(Number(entry('docTotal')?.value)).toBe(Number(f.docTotal));
  }, 150_000);
});
