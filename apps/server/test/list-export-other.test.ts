import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditMessages } from '@flowline/shared';
import { buildDocument } from './helpers/document-factories';
import { caller, openDocumentWorld } from './helpers/document-world';

/**
 * Exports of search results, connections, users and the audit log (issue 30 item 5,
 * docs/list-exports.md): every row of the list with its filters, in the list's roles.
 */

const world = await openDocumentWorld();
const { t, w } = world;
const asPurchaser = caller(t, w.purchaserUser, w.purchaser);
const asPurchaserAdmin = caller(t, w.purchaserQuiet, w.purchaser);
const asStranger = caller(t, w.strangerUser, w.stranger);

/** CSV lines without the BOM; the exports here hold no quoted line breaks. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

beforeAll(async () => {
  for (let i = 1; i <= 3; i++) {
    await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
      metadata: { docNumber: `SRCHX-${i}`, docTotal: `${i}00.00` },
    });
  }
}, 120_000);
afterAll(() => t.close());

describe('GET /api/exports/search', () => {
  it('exports every document the search finds, and nothing of another company', async () => {
    const res = await asPurchaser({
      method: 'GET',
      url: '/api/exports/search?querySearchTerm=SRCHX&format=csv',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /filename="Search results \d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toMatch(/^Doc #,/);
    expect(lines.slice(1).filter((l) => l.includes('SRCHX-'))).toHaveLength(3);
    const theirs = await asStranger({
      method: 'GET',
      url: '/api/exports/search?querySearchTerm=SRCHX&format=csv',
    });
    expect(theirs.statusCode).toBe(200);
    expect(csvLines(theirs.body)).toHaveLength(1);
    const empty = await asPurchaser({
      method: 'GET',
      url: '/api/exports/search?querySearchTerm=%20&format=csv',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Required');
  });
});

describe('GET /api/exports/connections', () => {
  it('exports every connection of the screen with its filter, as XLSX', async () => {
    const list = await asPurchaser({ method: 'GET', url: '/api/party/grid/search?itemsPerPage=1' });
    const total = list.json().totalRecords as number;
    expect(total).toBeGreaterThan(0);
    const res = await asPurchaser({ method: 'GET', url: '/api/exports/connections?format=xlsx' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    expect(sheet.actualRowCount - 1).toBe(total);
    const filtered = await asPurchaser({
      method: 'GET',
      url: '/api/exports/connections?format=csv&query=nothing-like-this',
    });
    expect(csvLines(filtered.body)).toHaveLength(1);
    const bad = await asPurchaser({
      method: 'GET',
      url: '/api/exports/connections?format=csv&orderBy=drop',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/exports/users', () => {
  it("exports the company's users to Administrators only", async () => {
    const res = await asPurchaserAdmin({ method: 'GET', url: '/api/exports/users?format=csv' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Email,First Name,Last Name,Role,Active,Blocked,Invitation Pending');
    expect(
      lines.some((l) => l.startsWith(`${w.purchaserUser.emailAddress},Pat,Purchaser,User`)),
    ).toBe(true);
    expect(lines.some((l) => l.includes(w.strangerUser.emailAddress))).toBe(false);
    const byUser = await asPurchaser({ method: 'GET', url: '/api/exports/users?format=csv' });
    expect(byUser.statusCode).toBe(403);
  });
});

describe('GET /api/exports/audit', () => {
  it('exports the audit with its filters to Administrators; a bad range is a 400', async () => {
    const changed = await asPurchaserAdmin({
      method: 'PUT',
      url: `/api/users/${w.purchaserUser.id}/approvallimit`,
      payload: { approvalLimit: '2500.00' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const list = await asPurchaserAdmin({ method: 'GET', url: '/api/admin/audit?pageSize=1' });
    const total = list.json().totalRecords as number;
    expect(total).toBeGreaterThan(0);
    const res = await asPurchaserAdmin({ method: 'GET', url: '/api/exports/audit?format=csv' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('When,Who,Email,Action,Entity,Entity Id,What,Changes,Request Id');
    expect(lines).toHaveLength(total + 1);
    const theirs = await asStranger({ method: 'GET', url: '/api/exports/audit?format=csv' });
    expect(csvLines(theirs.body).length).toBeLessThan(lines.length);
    const badRange = await asPurchaserAdmin({
      method: 'GET',
      url: '/api/exports/audit?format=csv&from=2026-05-02&to=2026-05-01',
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.message).toContain(adminAuditMessages.badRange);
    const byUser = await asPurchaser({ method: 'GET', url: '/api/exports/audit?format=csv' });
    expect(byUser.statusCode).toBe(403);
  });
});
