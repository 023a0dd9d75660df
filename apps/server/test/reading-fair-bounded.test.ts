import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId } from '@flowline/shared';
import type { Database } from '../src/db/client';
import { documentExtractions, documentPages } from '../src/db/schema/index';
import { ocrPagesRecognised } from '../src/modules/document-intelligence/reading/index';
import { createJobEngine, type JobRuntime } from '../src/platform/jobs/engine';
import { Queue } from '../src/platform/jobs/types';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { buildDocumentWorld, caller, type DocumentWorld } from './helpers/document-world';
import { multipartBody } from './helpers/multipart';
import { multiPageTiff, scannedPng, textPdf } from './helpers/scans';

/**
 * Fair and bounded reading (issue 28 item 2, docs/document-intelligence.md): companies take turns
 * on the reading queue and none holds every worker; blank pages are not given to OCR; a document
 * is read up to READING_MAX_PAGES and the reading status says so.
 */

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('the reading queue takes companies in turn', () => {
  let database: Database;
  let engine: JobRuntime;
  beforeAll(async () => {
    database = await createTestDatabase();
    engine = createJobEngine(database, { runWorkers: false }, silent);
  });
  afterAll(async () => {
    await engine?.stop();
    await database?.close();
  });

  it("company B's document is read before company A's backlog is done", async () => {
    const order: (number | null)[] = [];
    engine.register(
      Queue.documentExtraction,
      async (job) => {
        order.push(job.companyId);
      },
      { concurrency: 1, maxActivePerCompany: 1 },
    );
    await engine.start();
    for (let i = 0; i < 4; i += 1)
      await engine.send(Queue.documentExtraction, { documentId: 100 + i }, { companyId: 1 });
    await engine.send(Queue.documentExtraction, { documentId: 200 }, { companyId: 2 });
    await engine.drain(Queue.documentExtraction);
    // FIFO would be [1, 1, 1, 1, 2]: B waits for one of A's documents (one page batch), no more.
    expect(order).toEqual([1, 2, 1, 1, 1]);
  });
});

describe('blank pages and the page cap', () => {
  let t: TestApp;
  let w: DocumentWorld;
  beforeAll(async () => {
    t = await buildTestApp({ READING_MAX_PAGES: '2' });
    w = await buildDocumentWorld(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(file: Buffer, name: string, type: string) {
    const { id, notice } = await uploadAnswer(file, name, type);
    expect(notice).toBeUndefined();
    return id;
  }

  async function uploadAnswer(file: Buffer, name: string, type: string) {
    const { payload, headers } = await multipartBody([
      [
        'fileUploadData',
        JSON.stringify({
          documentTypeId: DocumentTypeId.ArInvoice,
          receivingPartyId: w.toPurchaser.id,
          returnBeforeOcr: true,
        }),
      ],
      ['file', { name, data: file, type }],
    ]);
    const res = await caller(
      t,
      w.user,
      w.vendor,
    )({ method: 'POST', url: '/api/documents/upload', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { documentIds: number[]; notice?: string };
    return { id: body.documentIds[0]!, notice: body.notice };
  }

  const extractionOf = async (id: number) => {
    const res = await caller(t, w.user, w.vendor)({ method: 'GET', url: `/api/documents/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { extraction: Record<string, unknown> }).extraction;
  };

  it('blank scanned pages (TIFF and PDF) are stored without words and never given to OCR', async () => {
    const blank = await scannedPng([]);
    const tiffId = await upload(await multiPageTiff([blank, blank]), 'blank.tiff', 'image/tiff');
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2; i += 1) doc.addPage([612, 792]);
    const pdfId = await upload(Buffer.from(await doc.save()), 'blank.pdf', 'application/pdf');
    const before = ocrPagesRecognised();
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    expect(ocrPagesRecognised()).toBe(before);
    for (const id of [tiffId, pdfId]) {
      expect(await extractionOf(id)).toMatchObject({ status: 'done', pageCount: 2 });
      const pages = await t.db.select().from(documentPages).where(eq(documentPages.documentId, id));
      expect(pages.map((p) => p.words)).toEqual([[], []]);
    }
  }, 150_000);

  it('reads up to READING_MAX_PAGES and tells the user the later pages were not read', async () => {
    const line = (text: string) => [{ text, x: 72, y: 72, size: 14 }];
    const pdf = await textPdf([
      line('Invoice page one alpha'),
      line('Invoice page two beta'),
      line('Invoice page three gamma'),
    ]);
    const { id, notice } = await uploadAnswer(pdf, 'three.pdf', 'application/pdf');
    // The upload's answer says so before anything is read.
    expect(notice).toBe(
      'This file has 3 pages: only the first 2 will be read (the limit per document); the later pages will not be searchable.',
    );
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    const extraction = await extractionOf(id);
    expect(extraction).toMatchObject({ status: 'done', pageCount: 2, pagesRead: 2 });
    expect(extraction.notice).toBe(
      'Only the first 2 of 3 pages were read (the limit per document); the later pages are not searchable.',
    );
    const pages = await t.db.select().from(documentPages).where(eq(documentPages.documentId, id));
    expect(pages.map((p) => p.pageNumber).sort()).toEqual([1, 2]);
  }, 150_000);
});

describe('the hourly page quota per company', () => {
  let t: TestApp;
  let w: DocumentWorld;
  beforeAll(async () => {
    t = await buildTestApp({ READING_PAGES_PER_HOUR: '3' });
    w = await buildDocumentWorld(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(
    user: DocumentWorld['user'],
    company: DocumentWorld['vendor'],
    partyId: number,
    words: string[],
    typeId: number = DocumentTypeId.ArInvoice,
  ) {
    const pdf = await textPdf(words.map((text) => [{ text, x: 72, y: 72, size: 14 }]));
    const { payload, headers } = await multipartBody([
      ['fileUploadData', JSON.stringify({ documentTypeId: typeId, receivingPartyId: partyId })],
      ['file', { name: `${words[0]}.pdf`, data: pdf, type: 'application/pdf' }],
    ]);
    const res = await caller(
      t,
      user,
      company,
    )({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { documentIds: number[] }).documentIds[0]!;
  }

  const extractionOf = async (id: number) => {
    const [row] = await t.db
      .select()
      .from(documentExtractions)
      .where(eq(documentExtractions.documentId, id));
    return row!;
  };

  it("holds a company's readings past its quota for the hour, says so, and reads them later; other companies go on", async () => {
    const first = await upload(w.user, w.vendor, w.toPurchaser.id, ['Alpha one', 'Alpha two']);
    const second = await upload(w.user, w.vendor, w.toPurchaser.id, ['Beta one', 'Beta two']);
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    expect((await extractionOf(first)).status).toBe('done');
    expect((await extractionOf(second)).status).toBe('done');

    // 4 pages read in the past hour, the quota is 3: the next reading waits.
    const third = await upload(w.user, w.vendor, w.toPurchaser.id, ['Gamma one']);
    const elsewhere = await upload(
      w.purchaserUser,
      w.purchaser,
      w.toVendor.id,
      ['Delta one'],
      DocumentTypeId.W9,
    );
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    const waiting = await extractionOf(third);
    expect(waiting.status).toBe('pending');
    expect(waiting.notice).toMatch(
      /^Reading waits: 4 pages of your company's documents were read in the past hour \(the limit is 3 an hour\)\. This document will be read in about (5[5-9]|60) minutes\.$/,
    );
    // The quota is the company's own: another company's document is read at once.
    expect((await extractionOf(elsewhere)).status).toBe('done');
    // The document screen shows the wait.
    const screen = await caller(
      t,
      w.user,
      w.vendor,
    )({ method: 'GET', url: `/api/documents/${third}` });
    expect(screen.json().extraction).toMatchObject({ status: 'pending', notice: waiting.notice });

    // An hour later the earlier readings have left the window: the queued job reads it.
    await t.db
      .update(documentExtractions)
      .set({ startedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(inArray(documentExtractions.documentId, [first, second]));
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000, includeDelayed: true });
    expect(await extractionOf(third)).toMatchObject({ status: 'done', notice: null, pageCount: 1 });
  }, 150_000);
});

describe('a long document is read in page batches that take turns with other companies', () => {
  let t: TestApp;
  let w: DocumentWorld;
  beforeAll(async () => {
    // One reader, the queue worked by the test alone: the case where a whole long document
    // would hold every other company up.
    t = await buildTestApp({
      READING_PAGE_BATCH: '2',
      READING_CONCURRENCY: '1',
      JOB_WORKERS: 'off',
    });
    w = await buildDocumentWorld(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(
    user: DocumentWorld['user'],
    company: DocumentWorld['vendor'],
    partyId: number,
    pageWords: string[],
    typeId: number,
  ) {
    const pdf = await textPdf(pageWords.map((text) => [{ text, x: 72, y: 72, size: 14 }]));
    const { payload, headers } = await multipartBody([
      ['fileUploadData', JSON.stringify({ documentTypeId: typeId, receivingPartyId: partyId })],
      ['file', { name: 'long.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const res = await caller(
      t,
      user,
      company,
    )({ method: 'POST', url: '/api/documents/upload', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { documentIds: number[] }).documentIds[0]!;
  }

  it("company B's one-page document is read before company A's seven pages are done; A's pages all arrive in order", async () => {
    const pageWords = Array.from({ length: 7 }, (_, i) => `Statement page ${i + 1} word${i + 1}x`);
    const long = await upload(
      w.user,
      w.vendor,
      w.toPurchaser.id,
      pageWords,
      DocumentTypeId.ArInvoice,
    );
    const short = await upload(
      w.purchaserUser,
      w.purchaser,
      w.toVendor.id,
      ['Form W-9 one page'],
      DocumentTypeId.W9,
    );
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    const rows = await t.db
      .select()
      .from(documentExtractions)
      .where(inArray(documentExtractions.documentId, [long, short]));
    const longRow = rows.find((r) => r.documentId === long)!;
    const shortRow = rows.find((r) => r.documentId === short)!;
    expect(longRow).toMatchObject({ status: 'done', pageCount: 7, pagesRead: 7, attempts: 1 });
    expect(shortRow).toMatchObject({ status: 'done', pageCount: 1 });
    // Read whole, A's document would have finished first.
    expect(shortRow.finishedAt!.getTime()).toBeLessThan(longRow.finishedAt!.getTime());
    const pages = await t.db.select().from(documentPages).where(eq(documentPages.documentId, long));
    expect(pages.map((p) => p.pageNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pages.find((p) => p.pageNumber === 7)!.text).toContain('word7x');
    // The last batch's words are searchable like the first's.
    const search = await caller(
      t,
      w.user,
      w.vendor,
    )({ method: 'POST', url: '/api/search', payload: { querySearchTerm: 'word7x' } });
    expect(search.statusCode, search.body).toBe(200);
    expect((search.json() as { rows: { id: number }[] }).rows.map((r) => r.id)).toContain(long);
  }, 150_000);
});
