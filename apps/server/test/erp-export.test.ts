// Issue 30 item 4 (docs/pidx.md 'ERP export feed'): the receiving company's ERP pulls approved
// invoices with metadata, lines and coding after a cursor that never skips or repeats one, even
// while approvals commit concurrently; each export writes 'Exported to ERP' history.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, Role, type ErpExportPage } from '@flowline/shared';
import { documentHistory, erpApprovals } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import {
  caller,
  openDocumentWorld,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';
import { buildMember } from './helpers/factories';
import { pidxInvoiceXml } from './helpers/pidx';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asAdmin: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asAdmin = caller(t, w.purchaserQuiet, w.purchaser);
});
afterAll(() => t.close());

const approve = async (id: number) => {
  const res = await asAdmin({ method: 'POST', url: `/api/documents/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
};

const feed = async (cursor: string, extra = '', who = asAdmin) => {
  const res = await who({ method: 'GET', url: `/api/exports/ap?cursor=${cursor}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const page = async (cursor: string, extra = '') =>
  (await feed(cursor, extra)).json() as ErpExportPage;

/** Everything after the cursor, page by page; the cursor it ends at. */
async function drain(cursor: string, limit = 100) {
  const ids: number[] = [];
  const seqs: number[] = [];
  for (;;) {
    const p = await page(cursor, `&limit=${limit}`);
    ids.push(...p.invoices.map((i) => i.documentId));
    seqs.push(...p.invoices.map((i) => Number(i.seq)));
    cursor = p.nextCursor;
    if (!p.hasMore) return { ids, seqs, cursor };
  }
}

describe('ERP export feed', () => {
  let cursor = '0';

  it('exports an approved PIDX invoice with its metadata, lines and coding, then moves on', async () => {
    const posted = await asVendor({
      method: 'POST',
      url: '/api/pidx/invoices',
      payload: pidxInvoiceXml({ invoiceNumber: 'ERP-1', headerAfe: 'AFE-100', poNumber: 'PO-9' }),
      headers: { 'content-type': 'application/xml' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().documentId as number;
    const notYet = await page(cursor);
    expect(notYet.invoices.map((i) => i.documentId)).not.toContain(id);

    await approve(id);
    const first = await page(cursor);
    const invoice = first.invoices.find((i) => i.documentId === id)!;
    expect(invoice).toMatchObject({
      invoiceNumber: 'ERP-1',
      invoiceDate: '2026-10-15',
      total: '1250.00',
      status: 'Approved',
      vendor: { companyId: w.vendor.id, name: 'Vendor Co', partyId: w.toVendor.id },
      previouslyExported: false,
    });
    expect(invoice.metadata.docPONumber).toBe('PO-9');
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.lines[0]).toMatchObject({
      lineNumber: 1,
      description: 'Rig time',
      amount: '1000.00',
      coding: { afe: 'AFE-100' },
    });
    expect(Number(first.nextCursor)).toBeGreaterThan(0);

    const history = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, id),
          eq(documentHistory.operationId, HistoryOperation.ExportedToErp),
        ),
      );
    expect(history).toHaveLength(1);
    expect(history[0]?.companyId).toBe(w.purchaser.id);
    const [mark] = await t.db.select().from(erpApprovals).where(eq(erpApprovals.documentId, id));
    expect(mark?.exportedAt).not.toBeNull();

    const next = await page(first.nextCursor);
    expect(next.invoices).toEqual([]);
    expect(next.nextCursor).toBe(first.nextCursor);

    // A re-export from an earlier cursor says so.
    const again = await page(cursor);
    expect(again.invoices.find((i) => i.documentId === id)?.previouslyExported).toBe(true);
    cursor = first.nextCursor;
  });

  it('answers CSV and PIDX with the cursors in headers', async () => {
    const id = await sendVendorInvoice(t, w);
    await approve(id);
    const csv = await feed(cursor, '&format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['x-next-cursor']).toMatch(/^\d+$/);
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toMatch(/^seq,documentId,approvedAt,status,vendor,invoiceNumber/);
    expect(row).toContain(`,${id},`);
    const xml = await feed(cursor, '&format=pidx');
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain(`flowline:documentId="${id}"`);
    expect(xml.body).toContain('<pidx:InvoiceTotal><pidx:MonetaryAmount>1250.00');
    cursor = csv.headers['x-next-cursor'] as string;
  });

  it('never skips or repeats an invoice while approvals commit concurrently', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await sendVendorInvoice(t, w));
    let polling = true;
    const seen: number[] = [];
    const seqs: number[] = [];
    let at = cursor;
    const poller = (async () => {
      while (polling) {
        const got = await drain(at, 2);
        seen.push(...got.ids);
        seqs.push(...got.seqs);
        at = got.cursor;
      }
    })();
    await Promise.all(ids.map((id) => approve(id)));
    polling = false;
    await poller;
    const rest = await drain(at, 2);
    seen.push(...rest.ids);
    seqs.push(...rest.seqs);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('is for Administrators and API keys with that role; other companies see only their own', async () => {
    const user = await asAdminLike(Role.User);
    expect((await user({ method: 'GET', url: '/api/exports/ap' })).statusCode).toBe(403);
    expect((await asVendor({ method: 'GET', url: '/api/exports/ap' })).statusCode).toBe(403);
    const vendorFeed = await feed('0', '', await asVendorAdmin());
    expect(vendorFeed.json().invoices).toEqual([]);
    const key = await asAdmin({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'ERP', role: Role.Administrator },
    });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/exports/ap?limit=1',
      headers: { 'x-api-key': key.json().key },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().invoices).toHaveLength(1);
    expect(byKey.json().hasMore).toBe(true);
    const bad = await asAdmin({ method: 'GET', url: '/api/exports/ap?cursor=abc' });
    expect(bad.statusCode).toBe(400);
  });
});

async function asAdminLike(role: number) {
  return caller(t, await buildMember(t.db, w.purchaser, [role]), w.purchaser);
}
async function asVendorAdmin() {
  return caller(t, await buildMember(t.db, w.vendor, [Role.Administrator]), w.vendor);
}
