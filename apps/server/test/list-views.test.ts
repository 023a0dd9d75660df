import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, type ListFiltersInput } from '@flowline/shared';
import { erpApprovals, listViews } from '../src/db/schema/index';
import { buildDocument } from './helpers/document-factories';
import { caller, openDocumentWorld } from './helpers/document-world';

/**
 * Columns, filters and saved views of the document lists (issue 30 item 6, docs/list-views.md):
 * each filter against rows at its edges, the chosen columns, the export of exactly the filtered
 * rows, and the views' sharing rules, tenancy and refusals.
 */

const world = await openDocumentWorld();
const { t, w } = world;
const asUser = caller(t, w.purchaserUser, w.purchaser);
const asAdmin = caller(t, w.purchaserQuiet, w.purchaser);
const asReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
const asStranger = caller(t, w.strangerUser, w.stranger);
const AR = DocumentTypeId.ArInvoice;

const invoices = [
  { docNumber: 'LV-A', docInvoiceDate: '2026-01-01', docTotal: '100.00', docPONumber: 'po-alpha' },
  { docNumber: 'LV-B', docInvoiceDate: '2026-01-15', docTotal: '999.99', docPONumber: 'PO-50%' },
  { docNumber: 'LV-C', docInvoiceDate: '2026-01-31', docTotal: '1000.00', docPONumber: null },
  { docNumber: 'LV-D', docInvoiceDate: '2026-02-01', docTotal: '1000.01', docPONumber: null },
  { docNumber: 'LV-E', docInvoiceDate: '2025-12-31', docTotal: null, docPONumber: 'x' },
];
const idOf: Record<string, number> = {};

beforeAll(async () => {
  for (const metadata of invoices) {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
      metadata,
    });
    idOf[metadata.docNumber] = doc.id;
  }
  // The purchaser exported A to its ERP; B is approved but not exported yet.
  await t.db.insert(erpApprovals).values([
    { companyId: w.purchaser.id, seq: 9001, documentId: idOf['LV-A']!, exportedAt: new Date() },
    { companyId: w.purchaser.id, seq: 9002, documentId: idOf['LV-B']! },
  ]);
}, 120_000);
afterAll(() => t.close());

interface ResultSet {
  columns: { key: string; name: string; metadataType: { id: number } }[];
  rows: { id: number; values: (string | null)[] }[];
  totalRecords: number;
}

const listUrl = (params: Record<string, string>) =>
  `/api/documentroute/all/${AR}?${new URLSearchParams({ orderBy: 'docNumber', orderByDirection: 'asc', ...params }).toString()}`;

async function filtered(filters: ListFiltersInput, extra: Record<string, string> = {}) {
  const res = await asUser({
    method: 'GET',
    url: listUrl({ filters: JSON.stringify(filters), columns: 'docNumber', ...extra }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ResultSet>();
  const numbers = body.rows.map((r) => r.values[0]);
  expect(body.totalRecords).toBe(numbers.length);
  return numbers;
}

describe('filters of a type list', () => {
  it('takes a date range with both ends included', async () => {
    const range = (from?: string, to?: string) =>
      filtered({ fields: [{ field: 'docInvoiceDate', kind: 'dateRange', from, to }] });
    expect(await range('2026-01-01', '2026-01-31')).toEqual(['LV-A', 'LV-B', 'LV-C']);
    expect(await range(undefined, '2025-12-31')).toEqual(['LV-E']);
    expect(await range('2026-02-01')).toEqual(['LV-D']);
    expect(await range('2026-01-15', '2026-01-15')).toEqual(['LV-B']);
  });

  it('takes an amount range compared as numbers, ends included, empty amounts out', async () => {
    const range = (min?: string, max?: string) =>
      filtered({ fields: [{ field: 'docTotal', kind: 'amountRange', min, max }] });
    expect(await range('999.99', '1000')).toEqual(['LV-B', 'LV-C']);
    expect(await range('1000.01')).toEqual(['LV-D']);
    // '100.00' < '999.99' as numbers, not as text.
    expect(await range(undefined, '999')).toEqual(['LV-A']);
    expect(await range('-5')).toEqual(['LV-A', 'LV-B', 'LV-C', 'LV-D']);
  });

  it('finds text in a field case-insensitively, wildcards taken literally', async () => {
    const text = (contains: string) =>
      filtered({ fields: [{ field: 'docPONumber', kind: 'text', contains }] });
    expect(await text('PO-ALPHA')).toEqual(['LV-A']);
    expect(await text('%')).toEqual(['LV-B']);
    expect(await text('_')).toEqual([]);
  });

  it('filters by the other company and by exported', async () => {
    expect(await filtered({ counterparty: 'VENDOR CO' })).toEqual([
      'LV-A',
      'LV-B',
      'LV-C',
      'LV-D',
      'LV-E',
    ]);
    expect(await filtered({ counterparty: 'nobody' })).toEqual([]);
    expect(await filtered({ exported: 'yes' })).toEqual(['LV-A']);
    expect(await filtered({ exported: 'no' })).toEqual(['LV-B', 'LV-C', 'LV-D', 'LV-E']);
  });

  it('combines a date range and an amount range', async () => {
    expect(
      await filtered({
        fields: [
          { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01', to: '2026-01-31' },
          { field: 'docTotal', kind: 'amountRange', min: '500' },
        ],
      }),
    ).toEqual(['LV-B', 'LV-C']);
  });

  it('shows the chosen columns in their order, with the Exported marker, and sorts by it', async () => {
    const res = await asUser({
      method: 'GET',
      url: listUrl({
        columns: 'exported,docNumber,counterparty,docPONumber',
        orderBy: 'exported',
        orderByDirection: 'desc',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ResultSet>();
    expect(body.columns.map((c) => c.name)).toEqual([
      'Exported',
      'Invoice Number',
      'From',
      'PO Number',
    ]);
    expect(body.totalRecords).toBe(5);
    const [first, ...rest] = body.rows;
    expect(first!.values[1]).toBe('LV-A');
    expect(first!.values[0]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first!.values[2]).toBe('Vendor Co');
    expect(rest.every((r) => r.values[0] === null)).toBe(true);
  });

  it('refuses unknown fields, a filter of the wrong kind and bad ranges with located messages', async () => {
    const bad = async (params: Record<string, string>) => {
      const res = await asUser({ method: 'GET', url: listUrl(params) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{
        error: { message: string; code: string; fields: Record<string, string> };
      }>().error;
    };
    expect(await bad({ columns: 'docNumber,docNope' })).toEqual({
      message: "'docNope' is not a field of this type",
      code: 'invalid_list_view',
      fields: { 'columns.1': "'docNope' is not a field of this type" },
    });
    const wrongKind = await bad({
      filters: JSON.stringify({
        fields: [{ field: 'docNumber', kind: 'dateRange', from: '2026-01-01' }],
      }),
    });
    expect(wrongKind.fields).toEqual({
      'filters.fields.0.kind': 'Invoice Number is not a date field',
    });
    const backwards = await bad({
      filters: JSON.stringify({
        fields: [
          { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-02-01', to: '2026-01-01' },
        ],
      }),
    });
    expect(backwards.code).toBe('validation_failed');
    expect(backwards.message).toBe('The From date is after the To date');
    expect(backwards.fields).toEqual({
      'filters.fields.0.to': 'The From date is after the To date',
    });
    expect((await bad({ filters: '{"fields":' })).message).toBe('The filters are not valid JSON');
    expect((await bad({ orderBy: 'nope' })).code).toBe('invalid_order_by');
  });

  it('refuses columns and field filters on lists that mix types, but takes exported there', async () => {
    const res = await asUser({
      method: 'GET',
      url: `/api/documentroute/inbox?columns=docNumber`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid_list_view');
    const inbox = await asUser({
      method: 'GET',
      url: `/api/documentroute/inbox?filters=${encodeURIComponent('{"exported":"yes"}')}`,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual([
      idOf['LV-A'],
    ]);
  });

  it('exports exactly the filtered rows with the chosen columns', async () => {
    const res = await asUser({
      method: 'GET',
      url: `/api/exports/documents?${new URLSearchParams({
        list: 'type',
        documentTypeId: String(AR),
        format: 'csv',
        orderBy: 'docTotal',
        orderByDirection: 'desc',
        columns: 'docNumber,docTotal,exported',
        filters: JSON.stringify({
          fields: [
            { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01', to: '2026-01-31' },
          ],
        }),
      }).toString()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Doc #,Invoice Number,Invoice Total,Exported');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['LV-C', 'LV-B', 'LV-A']);
  });
});

describe('/api/listviews', () => {
  const view = {
    documentTypeId: AR,
    name: 'January',
    columns: ['docNumber', 'docTotal'],
    filters: {
      fields: [
        { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01', to: '2026-01-31' },
      ],
    },
    orderBy: 'docTotal',
    orderByDirection: 'asc',
  };
  const viewCount = async () =>
    Number(
      (
        await t.db
          .select({ n: count() })
          .from(listViews)
          .where(eq(listViews.companyId, w.purchaser.id))
      )[0]!.n,
    );

  it('saves a private view, lists it for its owner only, and it applies as a list query', async () => {
    const res = await asUser({ method: 'POST', url: '/api/listviews', payload: view });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<{
      id: number;
      canEdit: boolean;
      shared: boolean;
      owner: { name: string };
    }>();
    expect(saved).toMatchObject({
      name: 'January',
      shared: false,
      canEdit: true,
      columns: ['docNumber', 'docTotal'],
      owner: { name: 'Pat Purchaser' },
    });
    const mine = await asUser({ method: 'GET', url: `/api/listviews?documentTypeId=${AR}` });
    expect(mine.json<{ items: { id: number }[] }>().items.map((v) => v.id)).toContain(saved.id);
    const others = await asAdmin({ method: 'GET', url: `/api/listviews?documentTypeId=${AR}` });
    expect(others.json<{ items: { id: number }[] }>().items.map((v) => v.id)).not.toContain(
      saved.id,
    );
    // Another member (even an Administrator) does not reach a private view.
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/listviews/${saved.id}` })).statusCode,
    ).toBe(404);
    // A duplicate name of the same owner and list is refused.
    const again = await asUser({
      method: 'POST',
      url: '/api/listviews',
      payload: { ...view, name: 'JANUARY' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('list_view_name_taken');
  });

  it('shares a view: every member sees it, only the owner or an Administrator changes it', async () => {
    const res = await asUser({
      method: 'POST',
      url: '/api/listviews',
      payload: { ...view, name: 'Shared January', shared: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const seen = await asReadOnly({ method: 'GET', url: `/api/listviews?documentTypeId=${AR}` });
    const item = seen
      .json<{ items: { id: number; canEdit: boolean }[] }>()
      .items.find((v) => v.id === id);
    expect(item).toMatchObject({ canEdit: false });
    const before = await viewCount();
    const refused = await asReadOnly({
      method: 'PUT',
      url: `/api/listviews/${id}`,
      payload: { name: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('list_view_forbidden');
    expect((await asReadOnly({ method: 'DELETE', url: `/api/listviews/${id}` })).statusCode).toBe(
      403,
    );
    const renamed = await asAdmin({
      method: 'PUT',
      url: `/api/listviews/${id}`,
      payload: { ...view, documentTypeId: undefined, name: 'Renamed by admin', shared: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed by admin', canEdit: true });
    expect(await viewCount()).toBe(before);
    expect((await asAdmin({ method: 'DELETE', url: `/api/listviews/${id}` })).statusCode).toBe(204);
    expect(await viewCount()).toBe(before - 1);
  });

  it("never shows or touches another company's views", async () => {
    const res = await asUser({
      method: 'POST',
      url: '/api/listviews',
      payload: { ...view, name: 'Company wide', shared: true },
    });
    const { id } = res.json<{ id: number }>();
    const list = await asStranger({ method: 'GET', url: `/api/listviews?documentTypeId=${AR}` });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
    const put = await asStranger({
      method: 'PUT',
      url: `/api/listviews/${id}`,
      payload: { name: 'Stolen' },
    });
    expect(put.statusCode).toBe(404);
    expect((await asStranger({ method: 'DELETE', url: `/api/listviews/${id}` })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(listViews).where(eq(listViews.id, id));
    expect(row?.name).toBe('Company wide');
  });

  it('refuses bad views with located messages and writes nothing', async () => {
    const before = await viewCount();
    const bad = async (payload: unknown, status = 400) => {
      const res = await asUser({
        method: 'POST',
        url: '/api/listviews',
        payload: payload as object,
      });
      expect(res.statusCode, res.body).toBe(status);
      return res.json<{
        error: { message: string; code: string; fields?: Record<string, string> };
      }>().error;
    };
    expect((await bad({ ...view, name: ' ' })).fields).toEqual({ name: 'Name the view' });
    expect((await bad({ ...view, columns: ['docNumber', 'nope'] })).fields).toEqual({
      'columns.1': "'nope' is not a field of this type",
    });
    expect(
      (
        await bad({
          ...view,
          filters: { fields: [{ field: 'docTotal', kind: 'amountRange', min: '10', max: '1' }] },
        })
      ).fields,
    ).toEqual({ 'filters.fields.0.max': 'The lowest amount is above the highest' });
    expect((await bad({ ...view, orderBy: 'nope' })).code).toBe('invalid_order_by');
    expect((await bad({ ...view, extra: 1 })).code).toBe('validation_failed');
    expect((await bad({ ...view, documentTypeId: 999_999 }, 404)).code).toBe(
      'document_type_not_found',
    );
    expect(await viewCount()).toBe(before);
  });
});
