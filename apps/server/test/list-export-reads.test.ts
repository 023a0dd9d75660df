import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, inboxColumnHeaders, Role, UserType } from '@flowline/shared';
import { documentListExport } from '../src/modules/document-lists/service';
import { analyzeStaleTables } from '../src/db/analyze-stale';
import { rowsOf } from '../src/modules/document-lists/sql-fragments';
import { buildDocument } from './helpers/document-factories';
import { caller, openDocumentWorld } from './helpers/document-world';

/**
 * The export's own reads (docs/list-exports.md 'Speed'): only the written keys as text, the other
 * company's name looked up once per page, keyset pages on PGlite and a server-side cursor on
 * PostgreSQL. Read in pages of 4 rows here, the rows and values must be the list's own, in the
 * list's order — compared with the list's JSON pages.
 */

const world = await openDocumentWorld();
const { t, w } = world;
const ROWS = 23;
const asPurchaser = caller(t, w.purchaserUser, w.purchaser);
const ctx = {
  companyId: w.purchaser.id,
  userId: w.purchaserUser.id,
  userType: UserType.Regular,
  roles: [Role.User],
};
let strayId = 0;

beforeAll(async () => {
  for (let i = 0; i < ROWS; i++) {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
      metadata: {
        docNumber: `RD-${String(i).padStart(3, '0')}`,
        docInvoiceDate: `2026-04-${String((i % 9) + 1).padStart(2, '0')}`,
        // Ties and missing totals: the keyset must resume inside a run of equal values.
        docTotal: i % 5 === 0 ? null : `${(i % 4) * 10}.50`,
      },
    });
    strayId = doc.id;
  }
  // A value that is JSON but not a string (written by hand): the list shows its JSON text.
  await t.db.execute(sql`UPDATE document_routes
    SET list_values = jsonb_set(list_values, '{docNumber}', '{"n": 7}'::jsonb)
    WHERE document_id = ${strayId}`);
  // The purchaser's own connection named on one route: its name, not the company's, is shown.
  await t.db.execute(sql`UPDATE document_routes SET party_id = ${w.toVendor.id}
    WHERE document_id = ${strayId} AND company_id = ${w.purchaser.id}`);
}, 120_000);
afterAll(() => t.close());

async function exportRows(q: Parameters<typeof documentListExport>[2]) {
  const source = await documentListExport(t.db, ctx as never, q, { pageRows: 4 });
  const rows: (string | number | null)[][] = [];
  for await (const page of source.pages) rows.push(...page);
  return rows;
}

const routeTuples = async () =>
  Number(
    rowsOf<{ reltuples: number }>(
      await t.db.execute(
        sql`SELECT reltuples FROM pg_class WHERE relname = 'document_routes' AND relkind = 'r'`,
      ),
    )[0]!.reltuples,
  );

describe('documentListExport reads', () => {
  it('analyzes the tables an export reads on PGlite, which has no autovacuum', async () => {
    const before = await routeTuples();
    // Through the route, as a member (a tenant-scoped request may not ANALYZE by itself).
    const res = await asPurchaser({
      method: 'GET',
      url: `/api/exports/documents?list=inbox&format=csv`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    if (t.database.kind === 'postgres') {
      expect(await analyzeStaleTables(t.db, ['document_routes'])).toEqual([]); // autovacuum's job
      return;
    }
    expect(before).toBeLessThanOrEqual(0); // never analyzed since the rows were written
    // The planner now knows the rows (the vendor's and the purchaser's routes of each invoice).
    expect(await routeTuples()).toBeGreaterThanOrEqual(ROWS);
    // Checked at most once a minute per table.
    expect(await analyzeStaleTables(t.db, ['document_routes'])).toEqual([]);
  });

  it('gives a type list’s rows and values in the list’s order, in pages of a few rows', async () => {
    for (const [orderBy, direction] of [
      ['docTotal', 'asc'],
      ['docTotal', 'desc'],
      ['id', 'desc'],
    ] as const) {
      const res = await asPurchaser({
        method: 'GET',
        url: `/api/documentroute/all/${DocumentTypeId.ArInvoice}?page=1&pageSize=100&orderBy=${orderBy}&orderByDirection=${direction}&columns=docNumber,counterparty,docTotal,docInvoiceDate,exported`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { rows: { id: number; values: (string | null)[] }[] };
      expect(list.rows).toHaveLength(ROWS);
      const rows = await exportRows({
        list: 'type',
        documentTypeId: DocumentTypeId.ArInvoice,
        orderBy,
        orderByDirection: direction,
        columns: ['docNumber', 'counterparty', 'docTotal', 'docInvoiceDate', 'exported'],
      });
      expect(rows).toEqual(list.rows.map((r) => [r.id, ...r.values]));
    }
    const stray = (
      await exportRows({
        list: 'type',
        documentTypeId: DocumentTypeId.ArInvoice,
        orderBy: 'id',
        orderByDirection: 'desc',
        columns: ['docNumber', 'counterparty'],
      })
    )[0]!;
    // The connection's own name for the sender, and the stray value as the list shows it.
    expect(stray).toEqual([strayId, '{"n":7}', 'Vendor Co (as Purchaser knows it)']);
  });

  it('gives the inbox’s generic columns as the inbox shows them', async () => {
    const res = await asPurchaser({
      method: 'GET',
      url: '/api/documentroute/inbox?page=1&pageSize=100&orderBy=id&orderByDirection=asc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const inbox = res.json() as {
      items: { id: number; metadata: Record<string, string | null> }[];
    };
    const rows = await exportRows({ list: 'inbox', orderBy: 'id', orderByDirection: 'asc' });
    expect(rows).toEqual(
      inbox.items.map((item) => [
        item.id,
        ...inboxColumnHeaders.map((h) => item.metadata[h.key] ?? null),
      ]),
    );
    expect(rows.length).toBeGreaterThanOrEqual(ROWS);
  });

  it('returns its connection when the reader stops early (PostgreSQL cursor)', async () => {
    const before = t.database.poolStats();
    const source = await documentListExport(
      t.db,
      ctx as never,
      {
        list: 'type',
        documentTypeId: DocumentTypeId.ArInvoice,
        orderBy: 'id',
        orderByDirection: 'asc',
      },
      { pageRows: 4 },
    );
    const pages = source.pages[Symbol.asyncIterator]();
    expect((await pages.next()).value).toHaveLength(4);
    await pages.return?.(undefined);
    const after = t.database.poolStats();
    if (before && after) {
      // Every connection checked out is back (none held by an abandoned cursor).
      expect(after.total - after.idle).toBe(0);
    }
    // The database still answers on every connection.
    const again = await exportRows({ list: 'inbox', orderBy: 'id', orderByDirection: 'asc' });
    expect(again.length).toBeGreaterThanOrEqual(ROWS);
  });
});
