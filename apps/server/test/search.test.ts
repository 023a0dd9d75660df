import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  Role,
  TYPEAHEAD_LIMIT,
  type DocumentResultSet,
  type TypeaheadSuggestion,
} from '@flowline/shared';
import { documents } from '../src/db/schema/index';
import { prefixTsQuery } from '../src/modules/document-lists/tsquery';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, type DocumentRow } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

/** POST /search (spec 3 §7) and GET /typeahead (spec 2 §7.4). */

let t: TestApp;
let vendor: CompanyRow;
let buyer: CompanyRow;
let stranger: CompanyRow;
let clerk: UserRow;
let reader: UserRow;
let buyerUser: UserRow;
let strangerUser: UserRow;
const doc: Record<string, DocumentRow> = {};

const search = (body: unknown, user = clerk, company = vendor) =>
  t.as(user, company.id)({ method: 'POST', url: '/api/search', payload: body as object });
const found = async (term: string, user = clerk, company = vendor, extra = {}) => {
  const res = await search({ querySearchTerm: term, ...extra }, user, company);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentResultSet;
};
const ids = (set: { rows: { id: number }[] }) => set.rows.map((r) => r.id);
const typeahead = (query: string | undefined, user = clerk, company = vendor) =>
  t.as(
    user,
    company.id,
  )({
    method: 'GET',
    url: '/api/typeahead',
    query: query === undefined ? {} : { query },
  });
const suggestions = async (query: string, user = clerk, company = vendor) => {
  const res = await typeahead(query, user, company);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: TypeaheadSuggestion[] }).items;
};

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db, { name: 'Permian Search Services' });
  buyer = await buildCompany(t.db, { name: 'Red Mesa Search Co' });
  stranger = await buildCompany(t.db);
  clerk = await buildMember(t.db, vendor, [Role.User]);
  reader = await buildMember(t.db, vendor, [Role.ReadOnly]);
  buyerUser = await buildMember(t.db, buyer, [Role.User]);
  strangerUser = await buildMember(t.db, stranger, [Role.User]);

  // The number names the rocket; the newer one only mentions it in its file name.
  doc.byNumber = await buildDocument(t.db, {
    owner: vendor,
    receiver: buyer,
    metadata: { docNumber: 'ROCKET-1', docTotal: '250.00', docARPurchaserName: 'Red Mesa' },
    fileName: 'scan-0001.pdf',
  });
  doc.byFile = await buildDocument(t.db, {
    owner: vendor,
    receiver: buyer,
    metadata: { docNumber: 'INV-9' },
    fileName: 'rocket_invoice.pdf',
  });
  doc.draft = await buildDocument(t.db, {
    owner: vendor,
    metadata: { docNumber: 'ROCKET-DRAFT' },
  });
  doc.deleted = await buildDocument(t.db, {
    owner: vendor,
    receiver: buyer,
    metadata: { docNumber: 'ROCKET-GONE' },
  });
  await t.db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(eq(documents.id, doc.deleted.id));
  doc.statement = await buildDocument(t.db, {
    owner: vendor,
    receiver: buyer,
    documentTypeId: DocumentTypeId.RunStatement,
    metadata: {
      docCheckNumber: 'CHK-77',
      docPurchaserName: 'Pecos Midstream',
      docNetAmount: '10.5',
    },
  });
  doc.pecosville = await buildDocument(t.db, {
    owner: vendor,
    documentTypeId: DocumentTypeId.RunStatement,
    metadata: { docCheckNumber: 'CHK-78', docPurchaserName: 'Pecosville Gathering' },
  });
});
afterAll(() => t.close());

describe('POST /search', () => {
  it('ranks a document whose number matches above one that only has the word in its file name', async () => {
    const body = await found('rocket');
    // byFile is newer, so only its lower rank puts it after byNumber.
    expect(ids(body).sort()).toEqual([doc.byNumber!.id, doc.byFile!.id, doc.draft!.id].sort());
    expect(ids(body).indexOf(doc.byNumber!.id)).toBeLessThan(ids(body).indexOf(doc.byFile!.id));
    expect(ids(body).at(-1)).toBe(doc.byFile!.id);
    expect(body.totalRecords).toBe(3);
  });

  it('returns the generic columns and the row values', async () => {
    const body = await found('CHK-77');
    expect(body.columns).toEqual([
      { key: 'documentTypeName', name: 'Type', metadataType: { id: 1 } },
      { key: 'number', name: 'Number', metadataType: { id: 1 } },
      { key: 'counterparty', name: 'From / To', metadataType: { id: 1 } },
      { key: 'amount', name: 'Amount', metadataType: { id: 3 } },
      { key: 'status', name: 'Status', metadataType: { id: 1 } },
      { key: 'date', name: 'Date', metadataType: { id: 5 } },
    ]);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      id: doc.statement!.id,
      documentTypeId: DocumentTypeId.RunStatement,
      routeStatusId: 1,
      isRead: true,
    });
    expect(body.rows[0]?.values.slice(0, 5)).toEqual([
      'Run Statement',
      'CHK-77',
      'Red Mesa Search Co',
      '10.5',
      'Sent',
    ]);
  });

  it('matches stems, prefixes of the last word and the Doc #', async () => {
    const stems = ids(await found('rockets'));
    expect(stems).toEqual(expect.arrayContaining([doc.byNumber!.id, doc.draft!.id]));
    expect(stems.at(-1)).toBe(doc.byFile!.id);
    expect(ids(await found('ROCKET-1'))[0]).toBe(doc.byNumber!.id);
    expect(ids(await found('rock'))).toContain(doc.byNumber!.id);
    expect(ids(await found('pecos mid'))).toEqual([doc.statement!.id]);
    expect(ids(await found(String(doc.statement!.id)))).toContain(doc.statement!.id);
  });

  it('pages, with the total of all matches', async () => {
    const page2 = await found('rocket', clerk, vendor, { page: 2, pageSize: 1 });
    expect(page2.rows).toHaveLength(1);
    expect(page2.totalRecords).toBe(3);
    const past = await found('rocket', clerk, vendor, { page: 5, pageSize: 25 });
    expect(past).toMatchObject({ rows: [], totalRecords: 3 });
    expect((await found('rocket', clerk, vendor, { pageSize: 500 })).totalRecords).toBe(3);
  });

  it('finds only the company’s own live documents', async () => {
    const buyerResults = await found('rocket', buyerUser, buyer);
    expect(ids(buyerResults).sort()).toEqual([doc.byNumber!.id, doc.byFile!.id].sort());
    expect(ids(buyerResults)).not.toContain(doc.draft!.id);
    expect(ids(await found('rocket'))).not.toContain(doc.deleted!.id);
    expect(await found('rocket', strangerUser, stranger)).toMatchObject({
      rows: [],
      totalRecords: 0,
    });
    expect((await found('rocket', reader)).totalRecords).toBe(3);
  });

  it('takes any text safely', async () => {
    for (const term of [
      "rocket' & !",
      '):*|',
      '"rocket 1"',
      'rocket -invoice',
      '!!!',
      'or',
      '\\',
    ]) {
      const res = await search({ querySearchTerm: term });
      expect(res.statusCode, term).toBe(200);
    }
    expect(ids(await found('"red mesa"'))).toEqual([doc.byNumber!.id]);
    expect(ids(await found('"mesa red"'))).toEqual([]);
  });

  it('refuses a blank term and bad paging', async () => {
    for (const body of [
      { querySearchTerm: '' },
      { querySearchTerm: '   ' },
      {},
      { querySearchTerm: 'x'.repeat(201) },
      { querySearchTerm: 'rocket', pageSize: 501 },
      { querySearchTerm: 'rocket', page: 0 },
    ]) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await search({ querySearchTerm: '  ' });
    expect(blank.json().error.message).toBe('Required');
  });
});

describe('GET /typeahead', () => {
  it('suggests matching documents with what matched', async () => {
    const items = await suggestions('rocket');
    expect(items.map((i) => i.documentId)).toEqual(
      expect.arrayContaining([doc.byNumber!.id, doc.byFile!.id, doc.draft!.id]),
    );
    expect(items).toHaveLength(3);
    expect(items.find((i) => i.documentId === doc.byNumber!.id)).toEqual({
      documentId: doc.byNumber!.id,
      documentTypeId: DocumentTypeId.ArInvoice,
      documentTypeName: 'AR Invoice',
      text: 'ROCKET-1',
    });
    expect(items.find((i) => i.documentId === doc.byFile!.id)?.text).toBe(
      'INV-9 · rocket_invoice.pdf',
    );
    expect((await suggestions('midstream')).map((i) => i.text)).toEqual([
      'CHK-77 · Pecos Midstream',
    ]);
  });

  it('orders by similarity, then newest', async () => {
    // The whole word beats the newer document where it is only the start of a word.
    expect((await suggestions('pecos')).map((i) => i.text)).toEqual([
      'CHK-77 · Pecos Midstream',
      'CHK-78 · Pecosville Gathering',
    ]);
    // Equal similarity: newest first.
    const items = await suggestions('rocket');
    expect(items.map((i) => i.documentId)).toEqual(
      [doc.byNumber!.id, doc.byFile!.id, doc.draft!.id].sort((a, b) => b - a),
    );
  });

  it('takes wildcards literally and answers short input with Doc # prefixes only', async () => {
    expect(await suggestions('r%t')).toEqual([]);
    expect(await suggestions('r_cket')).toEqual([]);
    expect(await suggestions('ro')).toEqual([]);
    const byId = await suggestions(String(doc.byNumber!.id));
    expect(byId.map((i) => i.documentId)).toContain(doc.byNumber!.id);
    expect(byId.every((i) => String(i.documentId).startsWith(String(doc.byNumber!.id)))).toBe(true);
  });

  it('stays within the company’s own live documents', async () => {
    expect(await suggestions('rocket', strangerUser, stranger)).toEqual([]);
    const buyerItems = await suggestions('rocket', buyerUser, buyer);
    expect(buyerItems.map((i) => i.documentId).sort()).toEqual(
      [doc.byNumber!.id, doc.byFile!.id].sort(),
    );
    expect((await suggestions('rocket-gone')).length).toBe(0);
    expect((await suggestions('rocket', reader)).length).toBe(3);
  });

  it(`returns at most ${TYPEAHEAD_LIMIT} suggestions`, async () => {
    for (let i = 0; i < TYPEAHEAD_LIMIT + 2; i++) {
      await buildDocument(t.db, { owner: stranger, metadata: { docNumber: `ZEBRA-${i}` } });
    }
    const items = await suggestions('zebra', strangerUser, stranger);
    expect(items).toHaveLength(TYPEAHEAD_LIMIT);
  });

  it('refuses missing, blank and overlong input', async () => {
    for (const query of [undefined, '', '   ', 'x'.repeat(201)]) {
      const res = await typeahead(query);
      expect(res.statusCode, String(query)).toBe(400);
    }
    expect((await typeahead('  ')).json().error.message).toBe('Required');
  });
});

describe('prefixTsQuery', () => {
  it('quotes words and makes the last one a prefix', () => {
    expect(prefixTsQuery('Red me')).toBe("'red' & 'me':*");
    expect(prefixTsQuery("o'brien & !x")).toBe("'o' & 'brien' & 'x':*");
    expect(prefixTsQuery('!!!')).toBeNull();
  });

  it('stays out of websearch syntax', () => {
    expect(prefixTsQuery('"red mesa"')).toBeNull();
    expect(prefixTsQuery('red -mesa')).toBeNull();
    expect(prefixTsQuery('red or blue')).toBeNull();
  });
});
