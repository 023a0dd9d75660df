// Issue 17 item 4: the real server killed with SIGKILL during a signing (Return signed, inside
// its transaction) and while a document-extraction job is active → after a restart on the same
// data the division order is as it was (then signed whole), the job is retried and completes,
// and the sweep removes the signed file the crash left unreferenced.
// The harness: test/helpers/crash-server.ts; docs/faults.md.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, HistoryOperation, RouteStatus } from '@flowline/shared';
import { sweepOrphanFiles } from '../src/maintenance/orphan-sweep';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { JOB_SCHEMA, Queue } from '../src/platform/jobs/index';
import {
  expectNoHalfDocument,
  isRead,
  onServer,
  openCrashHarness,
  operationsOf,
  routesOf,
  rows,
  w9Upload,
  waitFor,
  type CrashHarness,
  type ServerRun,
} from './helpers/crash-server';
import { buildDocument, completeDivisionOrderMetadata } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { buildDocumentWorld, type DocumentWorld } from './helpers/document-world';

let h: CrashHarness;
let w: DocumentWorld;
let orderId: number;
let run: ServerRun;
let signaturePng: string;

const signedBody = () => ({
  signed: true,
  fullName: 'Pat Purchaser',
  signatureImageAsBase64: signaturePng,
  page: 1,
  area: { x: 0.55, y: 0.75, width: 0.35, height: 0.1 },
  consentVersion: ESIGN_CONSENT_VERSION,
});

beforeAll(async () => {
  h = await openCrashHarness();
  signaturePng = (
    await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 20, g: 40, b: 200 } },
    })
      .png()
      .toBuffer()
  ).toString('base64');
  await h.withDatabase(async (database) => {
    w = await buildDocumentWorld(database.db);
    const order = await buildDocument(database.db, {
      owner: w.vendor,
      user: w.user,
      documentTypeId: DocumentTypeId.PendingDivisionOrder,
      file: await pdfWithPages(1, 'Division order'),
      fileName: 'DO-1.pdf',
      blobStore: h.blobStore,
      metadata: completeDivisionOrderMetadata,
      receivingPartyId: w.toPurchaser.id,
    });
    orderId = order.id;
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const signedVersionOf = (rowsFound: { id: number }[]) => rowsFound[0]?.id;

// The steps build on each other's data: each start is the previous crash's recovery.
describe(`kill -9 of the server (${onServer ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  let orphanOfSigning: string[];

  it('during a signing, inside its transaction: the order is as it was; its signed file is unreferenced', async () => {
    run = await h.start('sign:before-commit');
    const sent = await h.api(w.user, w.vendor.id, 'PUT', `/api/documents/${orderId}/publish`, {
      json: { metadata: [] },
    });
    expect(sent.status, sent.text).toBe(200);
    const consent = await h.api(w.purchaserUser, w.purchaser.id, 'POST', '/api/esign/consent', {
      json: { version: ESIGN_CONSENT_VERSION },
    });
    expect(consent.status, consent.text).toBe(200);
    const answer = h.unanswered(
      w.purchaserUser,
      w.purchaser.id,
      'POST',
      `/api/documents/${orderId}/return`,
      signedBody(),
    );
    await run.paused('sign:before-commit', 90_000);
    await run.kill9();
    expect(await answer).toBe('no answer');

    await h.withDatabase(async (database) => {
      await expectNoHalfDocument(database, h.blobStore);
      const versions = await rows<{ id: number }>(
        database,
        sql`SELECT id FROM documents WHERE previous_version_id = ${orderId}`,
      );
      expect(versions).toEqual([]);
      const routes = await routesOf(database, orderId);
      expect(routes).toHaveLength(2);
      expect(routes.map((r) => r.status)).not.toContain(RouteStatus.Returned);
      expect(await operationsOf(database, orderId)).not.toContain(HistoryOperation.ReturnSigned);
      // The signed PDF was stored before the transaction that never committed.
      orphanOfSigning = await h.unreferencedKeys(database);
      expect(orphanOfSigning).toHaveLength(1);
    });
  }, 180_000);

  let readDocument: number;
  let jobId: string;

  it('while a job is active: the job stays active in the database; the signing done meanwhile is whole', async () => {
    run = await h.start(`job:${Queue.documentExtraction}`);
    const upload = await h.api(w.user, w.vendor.id, 'POST', '/api/documents/upload', {
      ...(await w9Upload('read by a job that dies')),
    });
    expect(upload.status, upload.text).toBe(201);
    readDocument = (upload.json().documentIds as number[])[0]!;
    await run.paused(`job:${Queue.documentExtraction}`);
    // With the job's worker held, requests are still answered: the signing, acknowledged.
    const signed = await h.api(
      w.purchaserUser,
      w.purchaser.id,
      'POST',
      `/api/documents/${orderId}/return`,
      { json: signedBody() },
    );
    expect(signed.status, signed.text).toBe(200);
    await run.kill9();

    await h.withDatabase(async (database) => {
      await expectNoHalfDocument(database, h.blobStore);
      const version = signedVersionOf(
        await rows<{ id: number }>(
          database,
          sql`SELECT id FROM documents WHERE previous_version_id = ${orderId}`,
        ),
      );
      expect(version).toBeDefined();
      const routes = await routesOf(database, version!);
      expect(routes.map((r) => r.status)).toEqual([RouteStatus.Returned, RouteStatus.Returned]);
      expect(await operationsOf(database, version!)).toContain(HistoryOperation.ReturnSigned);
      expect(await routesOf(database, readDocument)).toHaveLength(1);

      const jobs = await rows<{ id: string; state: string }>(
        database,
        sql`SELECT id, state FROM ${sql.raw(`${JOB_SCHEMA}.job`)}
          WHERE name = ${Queue.documentExtraction}
            AND data->'payload'->>'documentId' = ${String(readDocument)}`,
      );
      expect(jobs.map((j) => j.state)).toEqual(['active']);
      jobId = jobs[0]!.id;
      // Its expiry (15 minutes) and first retry's delay (1–2 minutes) are not waited for: as if
      // the restart came that much later.
      await database.db.execute(
        sql`UPDATE ${sql.raw(`${JOB_SCHEMA}.job`)} SET started_on = now() - interval '16 minutes',
          retry_delay = 0, retry_backoff = false WHERE id = ${jobId}::uuid`,
      );
    });
  }, 180_000);

  it('after the restart the killed job is retried and completes; the sweep leaves no orphan', async () => {
    run = await h.start();
    await waitFor('the document to be read', () => isRead(h, w.user, w.vendor.id, readDocument));
    await run.stop();

    await h.withDatabase(async (database) => {
      const [job] = await rows<{ state: string; retry_count: number }>(
        database,
        sql`SELECT state, retry_count FROM ${sql.raw(`${JOB_SCHEMA}.job`)} WHERE id = ${jobId}::uuid`,
      );
      expect(job?.state).toBe('completed');
      expect(job?.retry_count).toBeGreaterThanOrEqual(1);
      await expectNoHalfDocument(database, h.blobStore);

      // The sweep (hourly) sees the crash's leftover once it is an hour old.
      const swept = await sweepOrphanFiles({
        db: database.db,
        blobStore: h.blobStore,
        now: new Date(Date.now() + 2 * 60 * 60 * 1000),
      });
      expect(swept?.orphans.keys).toEqual(orphanOfSigning);
      expect(await h.unreferencedKeys(database)).toEqual([]);
      await expectNoHalfDocument(database, h.blobStore);
    });
  }, 180_000);
});
