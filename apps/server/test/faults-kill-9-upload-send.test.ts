// Issue 17 item 4: the real server killed with SIGKILL during an upload (mid-body) and during a
// send (inside its transaction; after its commit, before its answer) → after a restart on the
// same data no half document, every acknowledged write there, no orphan once the sweep ran.
// The harness: test/helpers/crash-server.ts; docs/faults.md.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, RouteStatus } from '@flowline/shared';
import { sweepOrphanFiles } from '../src/maintenance/orphan-sweep';
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
import { buildDocument } from './helpers/document-factories';
import {
  buildDocumentWorld,
  completeArInvoice,
  type DocumentWorld,
} from './helpers/document-world';

let h: CrashHarness;
let w: DocumentWorld;
let invoiceId: number;
let run: ServerRun;

beforeAll(async () => {
  h = await openCrashHarness();
  await h.withDatabase(async (database) => {
    w = await buildDocumentWorld(database.db);
    const invoice = await buildDocument(database.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice },
      receivingPartyId: w.toPurchaser.id,
      blobStore: h.blobStore,
    });
    invoiceId = invoice.id;
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// The steps build on each other's data: each start is the previous crash's recovery.
describe(`kill -9 of the server (${onServer ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  let acknowledged: number;

  it('during an upload: the acknowledged one is whole, the interrupted one left no row', async () => {
    run = await h.start();
    const ok = await h.api(w.user, w.vendor.id, 'POST', '/api/documents/upload', {
      ...(await w9Upload('acknowledged before the crash')),
    });
    expect(ok.status, ok.text).toBe(201);
    acknowledged = (ok.json().documentIds as number[])[0]!;
    // Its reading is done first: a job killed while active waits for its expiry (the other file).
    await waitFor('the acknowledged upload to be read', () =>
      isRead(h, w.user, w.vendor.id, acknowledged),
    );

    const stopUploading = await h.endlessUpload(w.user, w.vendor.id, 'cut-off.pdf');
    try {
      // Killed once a good part of the file is on disk.
      await waitFor('the upload to be streaming into the store', () =>
        h.temporaries().some((file) => fs.statSync(file).size > 512 * 1024),
      );
      await run.kill9();
    } finally {
      stopUploading();
    }

    expect(h.temporaries()).toHaveLength(1); // left for the sweep
    await h.withDatabase(async (database) => {
      await expectNoHalfDocument(database, h.blobStore);
      expect(await routesOf(database, acknowledged)).toHaveLength(1);
      expect(await operationsOf(database, acknowledged)).toContain(HistoryOperation.Create);
      const cutOff = await rows(
        database,
        sql`SELECT id FROM documents WHERE file_name = 'cut-off.pdf'`,
      );
      expect(cutOff).toEqual([]);
      expect(await h.unreferencedKeys(database)).toEqual([]);
    });
  }, 180_000);

  it('during a send, inside its transaction: nothing of the send is there', async () => {
    run = await h.start('publish:before-commit');
    const answer = h.unanswered(w.user, w.vendor.id, 'PUT', `/api/documents/${invoiceId}/publish`, {
      metadata: [],
    });
    await run.paused('publish:before-commit');
    await run.kill9();
    expect(await answer).toBe('no answer');

    await h.withDatabase(async (database) => {
      await expectNoHalfDocument(database, h.blobStore);
      // Still the vendor's draft: no receiver route, not Sent, no Publish history.
      const [route, ...others] = await routesOf(database, invoiceId);
      expect(others).toEqual([]);
      expect(route).toMatchObject({ side: 'sent', company: w.vendor.id });
      expect(route?.status).not.toBe(RouteStatus.Sent);
      expect(await operationsOf(database, invoiceId)).not.toContain(HistoryOperation.Publish);
    });
  }, 180_000);

  it('after a send committed, before its answer: the send is whole; the sweep leaves no orphan', async () => {
    run = await h.start('publish:after-commit');
    const answer = h.unanswered(w.user, w.vendor.id, 'PUT', `/api/documents/${invoiceId}/publish`, {
      metadata: [],
    });
    await run.paused('publish:after-commit');
    await run.kill9();
    expect(await answer).toBe('no answer');

    await h.withDatabase(async (database) => {
      await expectNoHalfDocument(database, h.blobStore);
      expect(await routesOf(database, invoiceId)).toEqual([
        { side: 'received', status: RouteStatus.Received, company: w.purchaser.id },
        { side: 'sent', status: RouteStatus.Sent, company: w.vendor.id },
      ]);
      const operations = await operationsOf(database, invoiceId);
      expect(operations).toContain(HistoryOperation.Publish);
      expect(operations).toContain(HistoryOperation.Receive);

      // The sweep (hourly) sees the cut-off upload's temporary file once it is an hour old.
      const swept = await sweepOrphanFiles({
        db: database.db,
        blobStore: h.blobStore,
        now: new Date(Date.now() + 2 * 60 * 60 * 1000),
      });
      expect(swept?.temporaries.count).toBe(1);
      expect(swept?.orphans.keys).toEqual([]);
      expect(h.temporaries()).toEqual([]);
      expect(await h.unreferencedKeys(database)).toEqual([]);
      const stillStored = await h.blobStore.exists(
        (
          await rows<{ key: string }>(
            database,
            sql`SELECT file_key AS key FROM documents WHERE id = ${acknowledged}`,
          )
        )[0]!.key,
      );
      expect(stillStored).toBe(true);
    });
  }, 180_000);
});
