import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  HistoryOperation,
  RouteStatus,
  type DocumentAttachment,
} from '@flowline/shared';
import { documentAttachments, documentRoutes } from '../src/db/schema/index';
import { createBlobStore } from '../src/platform/blob-store/index';
import type { BlobStore } from '../src/platform/blob-store/index';
import type { TestApp } from './helpers/app';
import { buildAttachment, buildDocument, type DocumentRow } from './helpers/document-factories';
import type { CompanyRow } from './helpers/factories';
import { caller, historyOf, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobs: BlobStore;
let asUser: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-attachments-'));
  ({ t, w, asUser } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobs = createBlobStore(t.config);
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const attach = (doc: DocumentRow, company: CompanyRow, content: string, fileName = 'note.txt') =>
  buildAttachment(t.db, blobs, doc, company, {
    fileName,
    data: Buffer.from(content),
    contentType: 'text/plain',
  });

const draft = () =>
  buildDocument(t.db, { owner: w.vendor, user: w.user, receivingPartyId: w.toPurchaser.id });
/** A pending division order the purchaser received (New on its side: editable there). */
async function receivedPending() {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    receiver: w.purchaser,
    receivingPartyId: w.toPurchaser.id,
  });
  await t.db
    .update(documentRoutes)
    .set({ routeStatusId: RouteStatus.New })
    .where(
      and(eq(documentRoutes.documentId, doc.id), eq(documentRoutes.companyId, w.purchaser.id)),
    );
  return doc;
}

const listOf = (id: number, who = asUser) =>
  who({ method: 'GET', url: `/api/documentAttachments/document/${id}` });
const remove = (id: number, who = asUser) =>
  who({ method: 'DELETE', url: `/api/documentAttachments/${id}` });

describe('GET /documentAttachments/document/{id}', () => {
  it("lists both companies' attachments; only one's own on an editable document can be deleted", async () => {
    const doc = await receivedPending();
    const mine = await attach(doc, w.vendor, 'from the vendor', 'vendor.txt');
    const theirs = await attach(doc, w.purchaser, 'from the purchaser', 'purchaser.txt');
    const forPurchaser = (await listOf(doc.id, asPurchaser)).json<DocumentAttachment[]>();
    expect(forPurchaser).toEqual([
      expect.objectContaining({ id: mine.id, fileName: 'vendor.txt', canDelete: false }),
      expect.objectContaining({
        id: theirs.id,
        fileName: 'purchaser.txt',
        canDelete: true,
        contentType: 'text/plain',
      }),
    ]);
    // The vendor's side is Sent: read-only, so nothing can be deleted there.
    const forVendor = (await listOf(doc.id)).json<DocumentAttachment[]>();
    expect(forVendor.map((a) => a.canDelete)).toEqual([false, false]);
    const ro = (await listOf(doc.id, caller(t, w.purchaserReadOnly, w.purchaser))).json<
      DocumentAttachment[]
    >();
    expect(ro.map((a) => a.canDelete)).toEqual([false, false]);
    expect((await listOf(doc.id, caller(t, w.strangerUser, w.stranger))).statusCode).toBe(404);
  });
});

describe('DELETE /documentAttachments/{id}', () => {
  it('deletes the row, writes AttachmentDeleted and removes the blob no one else uses', async () => {
    const doc = await draft();
    const a = await attach(doc, w.vendor, 'unique content', 'delivery-ticket.txt');
    expect(await blobs.exists(a.fileKey)).toBe(true);
    const res = await remove(a.id);
    expect(res.statusCode).toBe(204);
    expect(
      await t.db.select().from(documentAttachments).where(eq(documentAttachments.id, a.id)),
    ).toEqual([]);
    expect((await historyOf(t.db, doc.id)).at(-1)).toMatchObject({
      operationId: HistoryOperation.AttachmentDeleted,
      objectName: 'delivery-ticket.txt',
      userId: w.user.id,
    });
    expect(await blobs.exists(a.fileKey)).toBe(false);
    expect((await listOf(doc.id)).json()).toEqual([]);
  });

  it('keeps a blob another attachment still references', async () => {
    const doc = await draft();
    const a = await attach(doc, w.vendor, 'shared content');
    const b = await attach(await draft(), w.vendor, 'shared content');
    expect(a.fileKey).toBe(b.fileKey);
    expect((await remove(a.id)).statusCode).toBe(204);
    expect(await blobs.exists(b.fileKey)).toBe(true);
  });

  it('refuses ReadOnly (403), a read-only document (409), another company’s file (403) and foreign ids (404)', async () => {
    const doc = await draft();
    const a = await attach(doc, w.vendor, 'guarded');
    const ro = await remove(a.id, caller(t, w.readOnly, w.vendor));
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error.code).toBe('read_only');
    const foreign = await remove(a.id, caller(t, w.strangerUser, w.stranger));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      message: 'Attachment not found',
      code: 'attachment_not_found',
    });
    expect((await remove(99999999)).statusCode).toBe(404);

    const sent = await receivedPending();
    const onSent = await attach(sent, w.vendor, 'on a sent document');
    const locked = await remove(onSent.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(
      'Attachments of a read-only document cannot be deleted.',
    );
    const notMine = await remove(onSent.id, asPurchaser);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe(
      'Only the company that attached a file can delete it.',
    );

    const left = await t.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.id, a.id));
    expect(left).toHaveLength(1);
    expect(await blobs.exists(a.fileKey)).toBe(true);
  });
});
