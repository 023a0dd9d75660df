import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, type HistoryEntry } from '@flowline/shared';
import type { TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import { multipartBody } from './helpers/multipart';

/**
 * Issue 11 item 12: what the audit history says — an attachment's file name in the details of
 * 'Attachment added', 'Viewed' for a preview (not 'Downloaded'), and 'Received' naming the
 * receiving company rather than the sender's user.
 */

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let pdf: Buffer;
let asUser: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-history-entries-'));
  ({ t, w, asUser } = await openDocumentWorld({ DATA_DIR: dataDir }));
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Lease terms');
  pdf = Buffer.from(await doc.save());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const draft = () =>
  buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice },
    receivingPartyId: w.toPurchaser.id,
  });

async function uploadAttachment(documentId: number, name: string) {
  const { payload, headers } = await multipartBody([
    ['fileUploadData', JSON.stringify({ isAttachment: true, documentId })],
    ['file', { name, data: pdf, type: 'application/pdf' }],
  ]);
  const res = await asUser({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(res.statusCode).toBe(201);
  return res.json<{ attachmentId: number }>().attachmentId;
}

const entries = async (documentId: number, who = asUser) =>
  (await who({ method: 'GET', url: `/api/history/document/${documentId}` })).json<HistoryEntry[]>();

describe('attachment entries', () => {
  it("'Attachment added' details show the file name, not the attachment's id", async () => {
    const doc = await draft();
    await uploadAttachment(doc.id, 'Lease 12.pdf');
    const added = (await entries(doc.id)).find((e) => e.operation.label === 'Attachment added');
    expect(added).toMatchObject({ objectName: 'Lease 12.pdf', hasHistoryDetails: true });
    const details = await asUser({
      method: 'GET',
      url: `/api/history/${doc.id}/details/${added!.id}`,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().items).toEqual([
      { name: 'File name', oldValue: null, newValue: 'Lease 12.pdf' },
    ]);
    expect(details.body).not.toContain('attachmentId');
  });

  it("'Attachment deleted' details name the removed file", async () => {
    const doc = await draft();
    const id = await uploadAttachment(doc.id, 'old.pdf');
    expect(
      (await asUser({ method: 'DELETE', url: `/api/documentAttachments/${id}` })).statusCode,
    ).toBe(204);
    const deleted = (await entries(doc.id)).find(
      (e) => e.operation.id === HistoryOperation.AttachmentDeleted,
    );
    const details = await asUser({
      method: 'GET',
      url: `/api/history/${doc.id}/details/${deleted!.id}`,
    });
    expect(details.json().items).toEqual([
      { name: 'File name', oldValue: 'old.pdf', newValue: null },
    ]);
  });

  it("a preview (inline=true) is logged as 'Viewed'; a download as 'Downloaded'", async () => {
    const doc = await draft();
    const id = await uploadAttachment(doc.id, 'preview.pdf');
    const before = (await historyOf(t.db, doc.id)).length;

    const preview = await asUser({
      method: 'GET',
      url: `/api/download/attachment/${id}?inline=true`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    const download = await asUser({ method: 'GET', url: `/api/download/attachment/${id}` });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    const added = (await historyOf(t.db, doc.id)).slice(before);
    expect(added.map((h) => [h.operationId, h.objectType, h.objectName])).toEqual([
      [HistoryOperation.Read, 'attachment', 'preview.pdf'],
      [HistoryOperation.Download, 'attachment', 'preview.pdf'],
    ]);
    const labels = (await entries(doc.id)).slice(0, 2).map((e) => e.operation.label);
    expect(labels).toEqual(['Downloaded', 'Viewed']);
    expect(
      (await asUser({ method: 'GET', url: `/api/download/attachment/${id}?inline=maybe` }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the 'Received' entry", () => {
  it("names the receiving company on both sides, never the sender's user", async () => {
    const doc = await draft();
    const sent = await asUser({
      method: 'PUT',
      url: `/api/documents/${doc.id}/publish`,
      payload: { metadata: [] },
    });
    expect(sent.statusCode).toBe(200);
    for (const who of [asUser, asPurchaser]) {
      const list = await entries(doc.id, who);
      const received = list.find((e) => e.operation.id === HistoryOperation.Receive);
      const published = list.find((e) => e.operation.id === HistoryOperation.Publish);
      expect(received).toMatchObject({
        operation: { label: 'Received' },
        updateUser: 'Purchaser Co',
      });
      expect(published?.updateUser).toBe('Val Vendor');
    }
  });
});
