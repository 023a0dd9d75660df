import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import type { Database } from '../../src/db/client';
import { achs, documentLineItems, legalDocuments } from '../../src/db/schema/index';
import { withTenantScope, withoutTenantScope } from '../../src/db/tenant-scope';
import { insertVersionOf } from '../../src/modules/documents/version-repository';
import { copyLines, insertLines } from '../../src/modules/line-items/repository';
import { buildTestApp, type TestApp } from '../helpers/app';
import { buildDocument, type DocumentRow } from '../helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from '../helpers/factories';

/**
 * Row-level security, the second wall (docs/row-level-security.md): deliberately unscoped queries
 * — no WHERE at all — made on the app's request path see only the request company's rows.
 */

/** Tables the test-only route may read whole: one per kind of policy. */
const TABLES = {
  documents: 'SELECT id FROM documents ORDER BY id',
  routes: 'SELECT document_id AS id, company_id FROM document_routes ORDER BY id',
  metadata: 'SELECT DISTINCT document_id AS id FROM document_metadata ORDER BY 1',
  history: 'SELECT DISTINCT document_id AS id FROM document_history ORDER BY 1',
  lines: 'SELECT DISTINCT document_id AS id FROM document_line_items ORDER BY 1',
  achs: 'SELECT id, company_id FROM achs ORDER BY id',
  legal: 'SELECT id, company_id FROM legal_documents ORDER BY id',
} as const;

type Row = { id: number; company_id?: number };

/** An ACH row as stored before encryption (enough for the row's check constraint). */
const achValues = (companyId: number, bankName: string) => ({
  companyId,
  bankName,
  country: 'US',
  accountTypeId: 1,
  legacyRoutingNumber: '011000015',
  legacyAccountNumber: '1234567',
});

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

/** Test-only routes on the real request path (authentication, Company-Id, the tenant scope). */
function registerProbeRoutes(app: FastifyInstance, database: Database) {
  app.get<{ Params: { table: keyof typeof TABLES } }>('/api/test-rls/:table', async (req) => {
    const result = await database.db.execute(sql.raw(TABLES[req.params.table]));
    const [who] = rowsOf<{ role: string }>(
      await database.db.execute(sql`SELECT current_user AS role`),
    );
    return { role: who?.role, rows: rowsOf<Row>(result) };
  });
  app.get<{ Params: { table: keyof typeof TABLES } }>(
    '/api/test-rls/:table/unscoped',
    async (req) => {
      const result = await withoutTenantScope(() =>
        database.db.execute(sql.raw(TABLES[req.params.table])),
      );
      return { rows: rowsOf<Row>(result) };
    },
  );
  app.post<{ Body: { companyId: number } }>('/api/test-rls/write-ach', async (req) => {
    try {
      await database.db.insert(achs).values(achValues(req.body.companyId, 'Planted'));
      return { written: true };
    } catch (err) {
      return { written: false, code: errorCode(err) };
    }
  });
  app.post<{ Body: { documentId: number; ownerCompanyId: number } }>(
    '/api/test-rls/write-line',
    async (req) => {
      try {
        await database.db
          .insert(documentLineItems)
          .values({ ...req.body, lineNumber: 99, description: 'Planted' });
        return { written: true };
      } catch (err) {
        return { written: false, code: errorCode(err) };
      }
    },
  );
  app.post<{ Body: { bankName: string } }>('/api/test-rls/rename-all-achs', async (req) => {
    const result = await database.db.execute(sql`UPDATE achs SET bank_name = ${req.body.bankName}`);
    return { changed: (result as { rowCount?: number; affectedRows?: number }).rowCount ?? null };
  });
}

describe('row-level security on the request path', () => {
  let t: TestApp;
  let a: CompanyRow;
  let b: CompanyRow;
  let c: CompanyRow;
  let userA: UserRow;
  let userB: UserRow;
  let userC: UserRow;
  let privateOfA: DocumentRow;
  let sharedAB: DocumentRow;
  let privateOfC: DocumentRow;
  let achA: number;
  let achB: number;
  let legalA: number;
  let legalB: number;

  const get = async (user: UserRow, company: CompanyRow, url: string) => {
    const res = await t.as(user, company.id)({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<{ role?: string; rows: Row[] }>();
  };
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    t = await buildTestApp({}, undefined, registerProbeRoutes);
    a = await buildCompany(t.db);
    b = await buildCompany(t.db);
    c = await buildCompany(t.db);
    userA = await buildMember(t.db, a, [Role.Administrator]);
    userB = await buildMember(t.db, b, [Role.Administrator]);
    userC = await buildMember(t.db, c, [Role.Administrator]);
    privateOfA = await buildDocument(t.db, { owner: a, user: userA });
    sharedAB = await buildDocument(t.db, { owner: a, user: userA, receiver: b });
    privateOfC = await buildDocument(t.db, { owner: c, user: userC });
    const [rowA] = await t.db.insert(achs).values(achValues(a.id, 'A bank')).returning();
    const [rowB] = await t.db.insert(achs).values(achValues(b.id, 'B bank')).returning();
    achA = rowA!.id;
    achB = rowB!.id;
    const legalOf = (companyId: number) => ({
      companyId,
      legalDocumentTypeId: 1,
      fileKey: `rls-${companyId}`,
      fileName: 'w9.pdf',
      contentType: 'application/pdf',
      fileSize: 1,
    });
    const [legal1] = await t.db.insert(legalDocuments).values(legalOf(a.id)).returning();
    const [legal2] = await t.db.insert(legalDocuments).values(legalOf(b.id)).returning();
    legalA = legal1!.id;
    legalB = legal2!.id;
    for (const doc of [privateOfA, sharedAB, privateOfC]) {
      const line = { quantity: '1', unitPrice: '10.00', amount: '10.00', lineNumber: 1 };
      await insertLines(t.db, [
        { ...line, documentId: doc.id, ownerCompanyId: doc.ownerCompanyId, description: 'Work' },
      ]);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  it('runs a tenant request as the non-superuser role', async () => {
    const body = await get(userB, b, '/api/test-rls/achs');
    expect(body.role).toBe('flowline_tenant');
  });

  it('an unscoped SELECT on achs returns only the request company’s rows', async () => {
    expect(ids((await get(userB, b, '/api/test-rls/achs')).rows)).toEqual([achB]);
    expect(ids((await get(userA, a, '/api/test-rls/achs')).rows)).toEqual([achA]);
    // The same query outside the tenant scope sees both companies.
    const all = ids((await get(userB, b, '/api/test-rls/achs/unscoped')).rows);
    expect(all).toEqual(expect.arrayContaining([achA, achB]));
  });

  it('an unscoped SELECT on legal_documents returns only the request company’s rows', async () => {
    expect(ids((await get(userB, b, '/api/test-rls/legal')).rows)).toEqual([legalB]);
    expect(ids((await get(userA, a, '/api/test-rls/legal')).rows)).toEqual([legalA]);
    expect(ids((await get(userC, c, '/api/test-rls/legal')).rows)).toEqual([]);
    const all = ids((await get(userB, b, '/api/test-rls/legal/unscoped')).rows);
    expect(all).toEqual(expect.arrayContaining([legalA, legalB]));
  });

  it('documents and routes are visible to the two companies that share them, to no third', async () => {
    const docsB = ids((await get(userB, b, '/api/test-rls/documents')).rows);
    expect(docsB).toEqual([sharedAB.id]);
    const docsA = ids((await get(userA, a, '/api/test-rls/documents')).rows);
    expect(docsA).toEqual([privateOfA.id, sharedAB.id]);
    const docsC = ids((await get(userC, c, '/api/test-rls/documents')).rows);
    expect(docsC).toEqual([privateOfC.id]);

    // Both routes of the shared document (sender's and receiver's), nothing of A's own.
    const routesB = (await get(userB, b, '/api/test-rls/routes')).rows;
    expect(routesB.map((r) => [r.id, r.company_id])).toEqual([
      [sharedAB.id, a.id],
      [sharedAB.id, b.id],
    ]);
    const routesC = (await get(userC, c, '/api/test-rls/routes')).rows;
    expect(ids(routesC)).toEqual([privateOfC.id]);

    for (const table of ['metadata', 'history'] as const) {
      expect(ids((await get(userB, b, `/api/test-rls/${table}`)).rows)).not.toContain(
        privateOfA.id,
      );
      expect(ids((await get(userC, c, `/api/test-rls/${table}`)).rows)).not.toContain(sharedAB.id);
    }

    const everything = ids((await get(userB, b, '/api/test-rls/documents/unscoped')).rows);
    expect(everything).toEqual(expect.arrayContaining([privateOfA.id, sharedAB.id, privateOfC.id]));
  });

  it('line items follow their document: its owner and receiver see them, no third', async () => {
    const lines = async (user: UserRow, company: CompanyRow) =>
      ids((await get(user, company, '/api/test-rls/lines')).rows);
    expect(await lines(userA, a)).toEqual([privateOfA.id, sharedAB.id]);
    expect(await lines(userB, b)).toEqual([sharedAB.id]);
    expect(await lines(userC, c)).toEqual([privateOfC.id]);

    // A new version (a resubmit) before it is sent: its copied lines carry the owner, and the
    // receiver sees them through the version it holds a route to, the third company still not.
    const version = await insertVersionOf(t.db, sharedAB, userA.id);
    await copyLines(t.db, sharedAB.id, version.id);
    const copied = await t.db.select().from(documentLineItems);
    expect(copied.filter((l) => l.documentId === version.id).map((l) => l.ownerCompanyId)).toEqual([
      a.id,
    ]);
    expect(await lines(userA, a)).toEqual([privateOfA.id, sharedAB.id, version.id]);
    expect(await lines(userB, b)).toEqual([sharedAB.id, version.id]);
    expect(await lines(userC, c)).toEqual([privateOfC.id]);
  });

  it('a line cannot claim an owner other than its document’s', async () => {
    const write = (user: UserRow, company: CompanyRow, documentId: number, owner: number) =>
      t.as(
        user,
        company.id,
      )({
        method: 'POST',
        url: '/api/test-rls/write-line',
        payload: { documentId, ownerCompanyId: owner },
      });
    // Claiming to own A's document passes the policy's owner test; the foreign key refuses it.
    expect((await write(userC, c, privateOfA.id, c.id)).json()).toEqual({
      written: false,
      code: '23503',
    });
    // Naming the true owner leaves the policy's visibility test, which refuses a third company.
    expect((await write(userC, c, privateOfA.id, a.id)).json()).toEqual({
      written: false,
      code: '42501',
    });
    // Outside any tenant scope the foreign key alone stands.
    await expect(
      t.db
        .insert(documentLineItems)
        .values({ documentId: privateOfA.id, ownerCompanyId: b.id, lineNumber: 98 }),
    ).rejects.toSatisfy((err: unknown) => errorCode(err) === '23503');
    const planted = await t.db.select().from(documentLineItems);
    expect(planted.filter((l) => l.lineNumber >= 98)).toEqual([]);
    expect((await write(userA, a, privateOfA.id, a.id)).json()).toEqual({ written: true });
  });

  it('refuses to write another company’s row and leaves its rows alone', async () => {
    const refused = await t.as(
      userB,
      b.id,
    )({
      method: 'POST',
      url: '/api/test-rls/write-ach',
      payload: { companyId: a.id },
    });
    expect(refused.json()).toEqual({ written: false, code: '42501' });
    const own = await t.as(
      userB,
      b.id,
    )({
      method: 'POST',
      url: '/api/test-rls/write-ach',
      payload: { companyId: b.id },
    });
    expect(own.json()).toEqual({ written: true });

    // An UPDATE without WHERE changes only the request company's rows.
    const renamed = await t.as(
      userB,
      b.id,
    )({
      method: 'POST',
      url: '/api/test-rls/rename-all-achs',
      payload: { bankName: 'Renamed by B' },
    });
    expect(renamed.statusCode).toBe(200);
    const rows = await t.db.select().from(achs);
    expect(rows.find((r) => r.id === achA)?.bankName).toBe('A bank');
    expect(rows.filter((r) => r.companyId === b.id).map((r) => r.bankName)).toEqual([
      'Renamed by B',
      'Renamed by B',
    ]);
  });

  it('a request without a company (or none at all) is not scoped', async () => {
    const all = await t.db.select({ id: achs.id }).from(achs);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([achA, achB]));
  });

  it('scopes transactions as well as single queries', async () => {
    const inTx = await withTenantScope(a.id, () =>
      t.db.transaction(async (tx) => tx.select({ id: achs.id }).from(achs)),
    );
    expect(inTx.map((r) => r.id)).toEqual([achA]);
    // The escape works inside a transaction too, for its statements only.
    const counts = await withTenantScope(a.id, () =>
      t.db.transaction(async (tx) => {
        const own = await tx.select({ id: achs.id }).from(achs);
        const all = await withoutTenantScope(() => tx.select({ id: achs.id }).from(achs));
        const ownAgain = await tx.select({ id: achs.id }).from(achs);
        return [own.length, all.length >= 3, ownAgain.length];
      }),
    );
    expect(counts).toEqual([1, true, 1]);
    // Connections (PostgreSQL) or the session (PGlite) carry nothing over to unscoped work.
    for (let i = 0; i < 12; i++) {
      const rows = await t.db.select({ id: achs.id }).from(achs);
      expect(rows.length).toBeGreaterThanOrEqual(3);
    }
    const none = await withTenantScope(c.id, () => t.db.select({ id: achs.id }).from(achs));
    expect(none).toEqual([]);
  });
});
