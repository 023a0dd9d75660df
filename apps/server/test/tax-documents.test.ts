// Issue 31 item 5: the owner's 'Tax documents' — the 1099s the company received, grouped by tax
// year in SQL (the form's Tax Year, else the year sent), paged; a year's files as one zip.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  HistoryOperation,
  taxDocumentMessages,
  type TaxDocumentPage,
  type TaxYears,
} from '@flowline/shared';
import { documentHistory, documents } from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import type { TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { unzip } from './helpers/zip';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobStore: BlobStore;
let asOwner: ReturnType<typeof caller>;
let asOwnerReadOnly: ReturnType<typeof caller>;
let asSender: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;
const ids: number[] = [];

async function received1099(taxYear: string | null, payer = 'Vendor Co') {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    receiver: w.purchaser,
    receivingPartyId: w.toPurchaser.id,
    documentTypeId: DocumentTypeId.Form1099,
    file: await pdfWithPages(1, `1099 ${taxYear ?? 'no year'} ${ids.length}`),
    fileName: `1099-${taxYear ?? 'none'}.pdf`,
    blobStore,
    metadata: {
      docTaxYear: taxYear,
      docFormType: '1099-MISC',
      docAmount: '1250.50',
      docPayerName: payer,
    },
  });
  ids.push(doc.id);
  return doc.id;
}

const get = async <T>(url: string, who = asOwner) => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-tax-docs-'));
  ({ t, w, asUser: asSender } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  asOwner = caller(t, w.purchaserUser, w.purchaser);
  asOwnerReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  await received1099('2024');
  await received1099('2024');
  await received1099('2023');
  // No usable tax year: the year it was sent (2022 here).
  const noYear = await received1099(null);
  await t.db
    .update(documents)
    .set({ publishedAt: new Date('2022-03-15T12:00:00Z') })
    .where(eq(documents.id, noYear));
  const garbled = await received1099('24');
  await t.db
    .update(documents)
    .set({ publishedAt: new Date('2022-06-01T12:00:00Z') })
    .where(eq(documents.id, garbled));
  // Not a received 1099: an AR invoice the purchaser received, a 1099 still unsent.
  await buildDocument(t.db, { owner: w.vendor, receiver: w.purchaser });
  await buildDocument(t.db, {
    owner: w.vendor,
    documentTypeId: DocumentTypeId.Form1099,
    metadata: { docTaxYear: '2024' },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /tax-documents/years', () => {
  it('groups the received 1099s by tax year, newest first, for every member', async () => {
    const expected = {
      years: [
        { year: 2024, count: 2 },
        { year: 2023, count: 1 },
        { year: 2022, count: 2 },
      ],
    };
    expect(await get<TaxYears>('/api/tax-documents/years')).toEqual(expected);
    expect(await get<TaxYears>('/api/tax-documents/years', asOwnerReadOnly)).toEqual(expected);
  });

  it('gives the sender and another company none of them', async () => {
    expect(await get<TaxYears>('/api/tax-documents/years', asSender)).toEqual({ years: [] });
    expect(await get<TaxYears>('/api/tax-documents/years', asStranger)).toEqual({ years: [] });
  });
});

describe('GET /tax-documents?year=', () => {
  it("lists a year's 1099s, paged, with form, payer and amount", async () => {
    const page = await get<TaxDocumentPage>('/api/tax-documents?year=2024&pageSize=1');
    expect(page.totalRecords).toBe(2);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      id: ids[1],
      year: 2024,
      form: '1099-MISC',
      payer: 'Vendor Co',
      amount: '1250.50',
      isRead: false,
      fileName: '1099-2024.pdf',
    });
    const second = await get<TaxDocumentPage>('/api/tax-documents?year=2024&pageSize=1&page=2');
    expect(second.rows.map((r) => r.id)).toEqual([ids[0]]);
    const fallback = await get<TaxDocumentPage>('/api/tax-documents?year=2022');
    expect(fallback.rows.map((r) => r.id).sort()).toEqual([ids[3], ids[4]].sort());
  });

  it('answers another company an empty year', async () => {
    const page = await get<TaxDocumentPage>('/api/tax-documents?year=2024', asStranger);
    expect(page).toEqual({ rows: [], totalRecords: 0 });
  });

  it('refuses a bad year with the message', async () => {
    for (const q of ['', '?year=abc', '?year=20245', '?year=1800', '?year=2024&pageSize=500']) {
      const res = await asOwner({ method: 'GET', url: `/api/tax-documents${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    const res = await asOwner({ method: 'GET', url: '/api/tax-documents?year=1800' });
    expect(res.json().error.message).toContain(taxDocumentMessages.yearRange);
  });
});

describe('GET /tax-documents/{year}/zip', () => {
  it("one zip with the year's files; each gets a Download history entry", async () => {
    const res = await asOwnerReadOnly({ method: 'GET', url: '/api/tax-documents/2024/zip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('1099s-2024.zip');
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [`${ids[0]} 1099-2024.pdf`, `${ids[1]} 1099-2024.pdf`].sort(),
    );
    for (const data of entries.values()) expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, ids[0]!),
          eq(documentHistory.operationId, HistoryOperation.Download),
        ),
      );
    expect(history).toHaveLength(1);
    expect(history[0]!.companyId).toBe(w.purchaser.id);
  });

  it('is a 404 for a year without any, and for another company', async () => {
    for (const who of [asOwner, asStranger, asSender]) {
      const res = await who({ method: 'GET', url: '/api/tax-documents/2019/zip' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(taxDocumentMessages.noneThatYear);
    }
    const theirs = await asStranger({ method: 'GET', url: '/api/tax-documents/2024/zip' });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a bad year with a 400', async () => {
    for (const year of ['abc', '99999', '-1', '1899']) {
      const res = await asOwner({ method: 'GET', url: `/api/tax-documents/${year}/zip` });
      expect(res.statusCode, year).toBe(400);
    }
  });
});
