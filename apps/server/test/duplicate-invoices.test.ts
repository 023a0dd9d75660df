// Issue 12 item 7: an invoice that looks like one already sent to the same receiver is flagged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, normalizeInvoiceNumber } from '@flowline/shared';
import type { TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
});
afterAll(() => t.close());

const draft = (number: string, opts: { sha?: string; party?: number } = {}) =>
  buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docNumber: number },
    receivingPartyId: opts.party ?? w.toPurchaser.id,
    ...(opts.sha ? { fileSha256: opts.sha } : {}),
  });
const publish = (id: number, confirmDuplicate?: boolean) =>
  asVendor({
    method: 'PUT',
    url: `/api/documents/${id}/publish`,
    payload: { metadata: [], ...(confirmDuplicate === undefined ? {} : { confirmDuplicate }) },
  });

describe('duplicate invoices', () => {
  it('normalises invoice numbers to letters and digits', () => {
    expect(normalizeInvoiceNumber(' inv-001 ')).toBe('INV001');
    expect(normalizeInvoiceNumber('Inv.001')).toBe('INV001');
    expect(normalizeInvoiceNumber('--')).toBeNull();
  });

  it('flags the same number (normalised) before sending and sends only once confirmed', async () => {
    const first = await draft('DUP-100');
    expect((await publish(first.id)).statusCode).toBe(200);
    const second = await draft('dup 100');
    const opened = await asVendor({ method: 'GET', url: `/api/documents/${second.id}` });
    expect(opened.json().possibleDuplicates).toEqual([
      expect.objectContaining({ documentId: first.id, number: 'DUP-100', reason: 'sameNumber' }),
    ]);
    const refused = await publish(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('possible_duplicate');
    expect((await historyOf(t.db, second.id)).map((h) => h.operationId)).not.toContain(
      HistoryOperation.Publish,
    );
    const sent = await publish(second.id, true);
    expect(sent.statusCode, sent.body).toBe(200);
    const ops = (await historyOf(t.db, second.id)).map((h) => h.operationId);
    expect(ops).toContain(HistoryOperation.PossibleDuplicate);
    // The receiver sees the flag on its screen too.
    const asPurchaser = caller(t, w.purchaserUser, w.purchaser);
    const received = await asPurchaser({ method: 'GET', url: `/api/documents/${second.id}` });
    expect(
      received.json().possibleDuplicates.map((d: { documentId: number }) => d.documentId),
    ).toEqual([first.id]);
  });

  it('flags the same file under another number', async () => {
    const sha = 'a'.repeat(64);
    const first = await draft('FILE-1', { sha });
    await publish(first.id);
    const second = await draft('FILE-2', { sha });
    const opened = await asVendor({ method: 'GET', url: `/api/documents/${second.id}` });
    expect(opened.json().possibleDuplicates[0]).toMatchObject({
      documentId: first.id,
      reason: 'sameFile',
    });
  });

  it('does not flag the same number sent to another receiver, nor a document itself', async () => {
    const first = await draft('OTHER-7');
    await publish(first.id);
    const toAnother = await draft('OTHER-7', { party: w.toPurchaser2.id });
    const opened = await asVendor({ method: 'GET', url: `/api/documents/${toAnother.id}` });
    expect(opened.json().possibleDuplicates).toEqual([]);
    const self = await asVendor({ method: 'GET', url: `/api/documents/${first.id}` });
    expect(self.json().possibleDuplicates).toEqual([]);
  });
});
