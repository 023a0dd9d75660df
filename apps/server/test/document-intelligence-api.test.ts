import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
  RouteStatus,
  zOcrBlock,
  zOcrPage,
  type OcrBlock,
} from '@flowline/shared';
import {
  documentExtractions,
  documentPages,
  documentRoutes,
  documents,
  documentTypes,
} from '../src/db/schema/index';
import { Queue } from '../src/platform/jobs/types';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import { buildDocumentWorld, caller, type DocumentWorld } from './helpers/document-world';
import { multipartBody } from './helpers/multipart';
import { scannedPng, textPdf } from './helpers/scans';

/**
 * Reading every uploaded document (issue 14): the job after upload, the DocumentOcr pages, search
 * over the words read, the document's `extraction`, real-time state and recovery after a restart.
 */

let t: TestApp;
let w: DocumentWorld;
let asUser: ReturnType<typeof caller>;
let scanId: number;
let textId: number;
let socketUrl: string;

async function upload(file: Buffer, name: string, type: string, app = t) {
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
    app,
    w.user,
    w.vendor,
  )({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { documentIds: number[] }).documentIds[0]!;
}

const readAll = (app = t) => app.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });

const extractionOf = async (id: number, app = t) =>
  (
    await app.db.select().from(documentExtractions).where(eq(documentExtractions.documentId, id))
  )[0];

const ocrPage = (id: number, page: number | string, as = asUser) =>
  as({ method: 'GET', url: `/api/DocumentOcr/${id}/page/${page}` });

function blocksOf(body: unknown): OcrBlock[] {
  const page = zOcrPage.parse(body);
  return zOcrBlock.array().parse(JSON.parse(page.ocrJson));
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/notifications/subscribe`;
  w = await buildDocumentWorld(t.db);
  asUser = caller(t, w.user, w.vendor);
}, 120_000);
afterAll(() => t.close());

describe('reading after upload', () => {
  it('queues the reading in the upload (pending), and the job reads a scan and a text PDF', async () => {
    const png = await scannedPng([
      { text: 'INVOICE', x: 150, y: 200, size: 60 },
      { text: 'Invoice Number: NARWHAL-5150', x: 150, y: 400, size: 36 },
      { text: 'Pumping services for the Capybara lease', x: 150, y: 600, size: 32 },
    ]);
    scanId = await upload(png, 'scan.png', 'image/png');
    // The upload answered before reading: its row is there, still pending.
    expect(['pending', 'running']).toContain((await extractionOf(scanId))?.status);

    textId = await upload(
      await textPdf([
        [{ text: 'Invoice Number: TXT-777 for Ocelot Drilling', x: 72, y: 90, size: 12 }],
      ]),
      'text.pdf',
      'application/pdf',
    );
    await readAll();

    const scan = await extractionOf(scanId);
    expect(scan).toMatchObject({
      status: 'done',
      pagesRead: 1,
      pageCount: 1,
      error: null,
      attempts: 1,
    });
    const text = await extractionOf(textId);
    expect(text).toMatchObject({ status: 'done', pageCount: 1 });
    const [page] = await t.db
      .select()
      .from(documentPages)
      .where(eq(documentPages.documentId, textId));
    expect(page).toMatchObject({ source: 'text', width: 612, height: 792 });
    expect(page!.text).toBe('Invoice Number: TXT-777 for Ocelot Drilling');
  }, 180_000);

  it('copies the pages of a document with the same file instead of reading it again', async () => {
    const [original] = await t.db
      .select()
      .from(documentPages)
      .where(eq(documentPages.documentId, scanId));
    const png = await scannedPng([
      { text: 'INVOICE', x: 150, y: 200, size: 60 },
      { text: 'Invoice Number: NARWHAL-5150', x: 150, y: 400, size: 36 },
      { text: 'Pumping services for the Capybara lease', x: 150, y: 600, size: 32 },
    ]);
    const again = await upload(png, 'scan-again.png', 'image/png');
    const started = Date.now();
    await readAll();
    expect(Date.now() - started).toBeLessThan(1500);
    const [copy] = await t.db
      .select()
      .from(documentPages)
      .where(eq(documentPages.documentId, again));
    expect(copy).toMatchObject({
      source: 'ocr',
      width: 1700,
      height: 2200,
      text: original!.text,
      words: original!.words,
    });
    expect(await extractionOf(again)).toMatchObject({ status: 'done', pageCount: 1 });
  });

  it('GET /documents/{id} includes the reading state', async () => {
    const res = await asUser({ method: 'GET', url: `/api/documents/${scanId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().extraction).toMatchObject({
      status: 'done',
      pagesRead: 1,
      pageCount: 1,
      error: null,
    });
    expect(typeof res.json().extraction.updatedAt).toBe('string');
  });
});

describe('GET /api/DocumentOcr/{documentId}/page/{page}', () => {
  it("answers a scanned page's words in the spec's shape, boxes in the image's pixels", async () => {
    const res = await ocrPage(scanId, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ documentPage: 1, width: 1700, height: 2200, source: 'ocr' });
    const blocks = blocksOf(res.json());
    const word = blocks.find((b) => b.Text === 'NARWHAL-5150');
    expect(word, JSON.stringify(blocks.map((b) => b.Text))).toBeDefined();
    expect(word!.Coordinates.X).toBeGreaterThan(350);
    expect(Math.abs(word!.Coordinates.Y - 400)).toBeLessThan(25);
    expect(word!.Confidence).toBeGreaterThan(0.5);
  });

  it("answers a text PDF's words in points with confidence 1", async () => {
    const res = await ocrPage(textId, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 612, height: 792, source: 'text' });
    const word = blocksOf(res.json()).find((b) => b.Text === 'TXT-777')!;
    expect(word.Confidence).toBe(1);
    expect(word.Coordinates.X).toBeGreaterThan(150);
    expect(Math.abs(word.Coordinates.Y - 90)).toBeLessThan(3);
  });

  it('is for the companies that see the document: never a stranger, nor the receiver of a draft', async () => {
    const stranger = caller(t, w.strangerUser, w.stranger);
    const res = await ocrPage(scanId, 1, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('document_not_found');
    // Not sent yet: the purchaser does not see the draft either.
    expect((await ocrPage(scanId, 1, caller(t, w.purchaserUser, w.purchaser))).statusCode).toBe(
      404,
    );
    // ReadOnly members read pages like the document itself.
    expect((await ocrPage(scanId, 1, caller(t, w.readOnly, w.vendor))).statusCode).toBe(200);
  });

  it('refuses a page out of range, bad input and a missing token', async () => {
    const beyond = await ocrPage(scanId, 2);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error).toEqual({
      code: 'page_not_found',
      message: 'The document has no page 2; it has 1 page.',
    });
    expect((await ocrPage(scanId, 0)).statusCode).toBe(400);
    expect((await ocrPage(scanId, 'first')).statusCode).toBe(400);
    expect((await ocrPage(999_999, 1)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/DocumentOcr/${scanId}/page/1`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 not_read_yet while the document is being read, not_read when it was never read', async () => {
    const pending = await buildDocument(t.db, { owner: w.vendor, user: w.user });
    await t.db.insert(documentExtractions).values({ documentId: pending.id, status: 'running' });
    const res = await ocrPage(pending.id, 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_read_yet');
    const never = await buildDocument(t.db, { owner: w.vendor, user: w.user });
    const none = await ocrPage(never.id, 1);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('not_read');
  });
});

describe('search over the words read', () => {
  it('finds a document by a word that exists only in its scan', async () => {
    const res = await asUser({
      method: 'POST',
      url: '/api/search',
      payload: { querySearchTerm: 'capybara' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The scan and its copy (the same file uploaded again), nothing else.
    const found = res.json().rows.map((r: { id: number }) => r.id);
    expect(found).toHaveLength(2);
    expect(found).toContain(scanId);
    expect(found).not.toContain(textId);
    const text = await asUser({
      method: 'POST',
      url: '/api/search',
      payload: { querySearchTerm: 'Ocelot' },
    });
    expect(text.json().rows.map((r: { id: number }) => r.id)).toEqual([textId]);
    // Another company never finds it.
    const stranger = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({
      method: 'POST',
      url: '/api/search',
      payload: { querySearchTerm: 'capybara' },
    });
    expect(stranger.json().rows).toEqual([]);
  });
});

describe('real-time reading state', () => {
  it("announces running and done to the owner's sockets, not to another company's", async () => {
    const connect = async (user: typeof w.user, companyId: number) => {
      const ws = new WebSocket(socketUrl);
      const messages: Array<Record<string, unknown>> = [];
      ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'auth', token: await t.tokenFor(user), companyId }));
      await waitFor(() => messages.some((m) => m.type === 'ready'));
      return { ws, messages };
    };
    const owner = await connect(w.user, w.vendor.id);
    const stranger = await connect(w.strangerUser, w.stranger.id);
    const id = await upload(
      await textPdf([[{ text: 'Realtime reading test here', x: 72, y: 72, size: 12 }]]),
      'rt.pdf',
      'application/pdf',
    );
    await readAll();
    await waitFor(() =>
      owner.messages.some((m) => m.type === 'documentExtraction' && m.status === 'done'),
    );
    expect(owner.messages.filter((m) => m.type === 'documentExtraction')).toEqual([
      { type: 'documentExtraction', seq: expect.any(Number), documentId: id, status: 'running' },
      { type: 'documentExtraction', seq: expect.any(Number), documentId: id, status: 'done' },
    ]);
    expect(stranger.messages.filter((m) => m.type === 'documentExtraction')).toEqual([]);
    owner.ws.terminate();
    stranger.ws.terminate();
  });
});

describe('new versions', () => {
  it('a resubmitted version is read too (its file was read: the pages are copied)', async () => {
    await t.db
      .insert(documentTypes)
      .values({ id: 501, name: 'Invoice', templateId: DocumentTemplate.Invoice });
    const [text] = await t.db.select().from(documents).where(eq(documents.id, textId));
    const old = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      documentTypeId: 501,
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
      fileSha256: text!.fileSha256,
    });
    await t.db
      .update(documentRoutes)
      .set({ routeStatusId: RouteStatus.Rejected })
      .where(eq(documentRoutes.documentId, old.id));
    const res = await asUser({ method: 'POST', url: `/api/documents/${old.id}/resubmit` });
    expect(res.statusCode, res.body).toBe(200);
    const versionId = res.json().id as number;
    expect(res.json().extraction).toMatchObject({ status: 'pending' });
    await readAll();
    expect(await extractionOf(versionId)).toMatchObject({ status: 'done', pageCount: 1 });
    const page = await ocrPage(versionId, 1);
    expect(blocksOf(page.json()).map((b) => b.Text)).toContain('TXT-777');
  });
});

describe('durability', () => {
  it('a reading queued by an instance that does not work the queues completes after a restart', async () => {
    const apiOnly = await buildTestApp({ JOB_WORKERS: 'off' }, t);
    const id = await upload(
      await textPdf([[{ text: 'Queued before the restart: Wombat', x: 72, y: 72, size: 12 }]]),
      'q.pdf',
      'application/pdf',
      apiOnly,
    );
    expect((await extractionOf(id))?.status).toBe('pending');
    await apiOnly.close();
    // A new process with workers picks the job up.
    const restarted = await buildTestApp({}, t);
    await readAll(restarted);
    expect((await extractionOf(id))?.status).toBe('done');
    await restarted.close();
  }, 120_000);

  it('a reading cut off with its job lost is queued again at start and completes', async () => {
    const id = await upload(
      await textPdf([[{ text: 'Interrupted mid-reading: Quokka', x: 72, y: 72, size: 12 }]]),
      'c.pdf',
      'application/pdf',
    );
    await readAll();
    // As if the process died mid-job and the job row was lost: running, pages gone, no job.
    await t.db
      .update(documentExtractions)
      .set({ status: 'running' })
      .where(eq(documentExtractions.documentId, id));
    await t.db.delete(documentPages).where(eq(documentPages.documentId, id));
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE singleton_key = ${`extract:${id}`}`);
    const restarted = await buildTestApp({}, t);
    await readAll(restarted);
    expect(await extractionOf(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await ocrPage(id, 1)).statusCode).toBe(200);
    await restarted.close();
  }, 120_000);

  it('a file that cannot be read ends failed with the reason, without retries', async () => {
    const broken = await buildDocument(t.db, { owner: w.vendor, user: w.user });
    await t.db.insert(documentExtractions).values({ documentId: broken.id, status: 'pending' });
    await t.app.jobs.send(
      Queue.documentExtraction,
      { documentId: broken.id },
      { singletonKey: `extract:${broken.id}` },
    );
    await readAll();
    const row = await extractionOf(broken.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toBeTruthy();
    const res = await asUser({ method: 'GET', url: `/api/documents/${broken.id}` });
    expect(res.json().extraction).toMatchObject({ status: 'failed' });
  });
});

async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
