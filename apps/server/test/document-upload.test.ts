import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  DocumentTypeId,
  documentMessages,
  documentUploadMessages as msg,
  formatBatchName,
  HistoryOperation,
  PartyType,
  Role,
  RouteStatus,
  UserType,
} from '@flowline/shared';
import { loadConfig } from '../src/config';
import {
  documentAttachments,
  documentHistory,
  documentMetadata,
  documentRoutes,
  documents,
  metadataDefinitions,
} from '../src/db/schema/index';
import { releaseBlobIfUnreferenced } from '../src/modules/document-upload/blob-cleanup';
import { createFsBlobStore } from '../src/platform/blob-store/fs-blob-store';
import { buildTestApp, type TestApp } from './helpers/app';
import { executeAsOwner } from './helpers/database';
import { buildOrgUnit, buildParty, type OrgUnitRow, type PartyRow } from './helpers/ach-factories';
import { buildDocument, tinyPdf } from './helpers/document-factories';
import { contentMessages } from '../src/http/content-check';
import {
  jpeg,
  pdfWithPages,
  pdfWithActiveContent,
  pngClaiming,
  streamedMultipart,
  tiffBe,
  tiffLe,
} from './helpers/document-files';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { docx, png } from './helpers/legal-files';
import { multipartBody, type FilePart } from './helpers/multipart';

const LIMIT = 256 * 1024;

let t: TestApp;
let dataDir: string;
let vendor: CompanyRow;
let buyer: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let globalUser: UserRow;
let otherClerk: UserRow;
let toBuyer: PartyRow;
let notConnected: PartyRow;
let disconnected: PartyRow;
let foreignParty: PartyRow;
let billTo: OrgUnitRow;
let notBillTo: OrgUnitRow;
let pdf: Buffer;

type Parts = Array<[string, string | FilePart]>;

async function post(user: UserRow, parts: Parts, company = user === otherClerk ? other : vendor) {
  const { payload, headers } = await multipartBody(parts);
  return t.as(user, company.id)({ method: 'POST', url: '/api/documents/upload', payload, headers });
}

const pdfFile = (name = 'invoice.pdf', data = pdf): FilePart => ({ name, data });
const arInvoice = (extra: object = {}) =>
  JSON.stringify({
    documentTypeId: DocumentTypeId.ArInvoice,
    receivingPartyId: toBuyer.id,
    batchName: 'Batch A',
    ...extra,
  });
const upload = (user: UserRow, data: string, file: FilePart = pdfFile()) =>
  post(user, [
    ['fileUploadData', data],
    ['file', file],
  ]);

/** Every file under the blob store's documents prefix, and its temporary folder. */
function storedFiles(dir = path.join(dataDir, 'files')): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
}
const sha = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const blobPath = (data: Buffer) => {
  const hash = sha(data);
  return path.join(dataDir, 'files', 'documents', 'sha256', hash.slice(0, 2), hash);
};
const counts = async () => ({
  documents: (await t.db.select().from(documents)).length,
  attachments: (await t.db.select().from(documentAttachments)).length,
  history: (await t.db.select().from(documentHistory)).length,
  files: storedFiles().length,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-upload-'));
  t = await buildTestApp({ DATA_DIR: dataDir, DOCUMENT_UPLOAD_MAX_BYTES: String(LIMIT) });
  vendor = await buildCompany(t.db, {
    name: 'Permian Test Services',
    partyTypes: [PartyType.Vendor],
  });
  buyer = await buildCompany(t.db, {
    name: 'Mesa Test Operating',
    partyTypes: [PartyType.Purchaser],
  });
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, vendor, [Role.Administrator]);
  clerk = await buildMember(t.db, vendor, [Role.User]);
  reader = await buildMember(t.db, vendor, [Role.ReadOnly]);
  globalUser = await buildMember(t.db, vendor, [Role.Administrator], {
    userTypeId: UserType.Global,
  });
  otherClerk = await buildMember(t.db, other, [Role.User]);

  const vendorProfile = await buildOrgUnit(t.db, vendor);
  billTo = await buildOrgUnit(t.db, buyer, { name: 'Mesa - Accounting' });
  notBillTo = await buildOrgUnit(t.db, buyer, { name: 'Mesa - Field' });
  toBuyer = await buildParty(t.db, vendor, [vendorProfile], {
    name: 'Mesa Test Operating',
    partyTypeId: PartyType.Purchaser,
    connectedCompanyId: buyer.id,
  });
  // The buyer's own connection for the vendor, through its accounting profile (Bill To).
  await buildParty(t.db, buyer, [billTo], {
    name: 'Permian Test Services',
    partyTypeId: PartyType.Vendor,
    connectedCompanyId: vendor.id,
  });
  notConnected = await buildParty(t.db, vendor, [vendorProfile], { name: 'Not on the network' });
  disconnected = await buildParty(t.db, vendor, [vendorProfile], {
    name: 'Gone',
    connectedCompanyId: buyer.id,
    isDisconnected: true,
  });
  foreignParty = await buildParty(t.db, other, [], { connectedCompanyId: buyer.id });
  pdf = await pdfWithPages(3);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /documents/upload — a new document', () => {
  it('stores an AR invoice with its route, history, prefilled metadata and blob', async () => {
    const res = await upload(
      clerk,
      arInvoice({ billToOrgUnitId: billTo.id }),
      pdfFile('C:\\scans\\INV 1001.pdf'),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ batchName: 'Batch A', documentIds: [expect.any(Number)] });
    const id = body.documentIds[0] as number;

    const [doc] = await t.db.select().from(documents).where(eq(documents.id, id));
    expect(doc).toMatchObject({
      documentTypeId: DocumentTypeId.ArInvoice,
      ownerCompanyId: vendor.id,
      createdByUserId: clerk.id,
      batchName: 'Batch A',
      receivingPartyId: toBuyer.id,
      receivingCompanyId: buyer.id,
      fileName: 'INV 1001.pdf',
      contentType: 'application/pdf',
      fileSize: pdf.length,
      fileSha256: sha(pdf),
      pageCount: 3,
      versionRootId: id,
      isTemporary: false,
      publishedAt: null,
    });
    expect(fs.readFileSync(blobPath(pdf)).equals(pdf)).toBe(true);

    const routes = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, id));
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      companyId: vendor.id,
      side: 'sent',
      routeStatusId: null,
      isRead: true,
      partyId: toBuyer.id,
      counterpartyCompanyId: buyer.id,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(routes[0]!.listValues).toEqual({
      docScanDate: today,
      docARCompany: 'Permian Test Services',
      docARPurchaserName: 'Mesa Test Operating',
      docOrgUnitName: 'Mesa - Accounting',
    });

    const metadata = await t.db
      .select({ key: metadataDefinitions.key, partyId: documentMetadata.partyId })
      .from(documentMetadata)
      .innerJoin(
        metadataDefinitions,
        eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
      )
      .where(eq(documentMetadata.documentId, id));
    expect(metadata.find((m) => m.key === 'docARPurchaserName')?.partyId).toBe(toBuyer.id);

    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, id));
    expect(history.map((h) => [h.operationId, h.companyId, h.userId])).toEqual([
      [HistoryOperation.Create, vendor.id, clerk.id],
    ]);

    // Only the uploader's company sees it until it is sent.
    const buyerAdmin = await buildMember(t.db, buyer, [Role.Administrator]);
    const asBuyer = await t.as(
      buyerAdmin,
      buyer.id,
    )({
      method: 'GET',
      url: `/api/batch/getdocumentids?batchName=Batch%20A&userId=${buyerAdmin.id}`,
    });
    expect(asBuyer.json()).toEqual([]);
  });

  it.each([
    ['a PNG', 'scan.png', png, 'image/png'],
    ['a JPEG', 'photo.jpg', jpeg, 'image/jpeg'],
    ['a little-endian TIFF', 'fax.tif', tiffLe, 'image/tiff'],
    ['a big-endian TIFF', 'fax2.tiff', tiffBe, 'image/tiff'],
  ])(
    'accepts %s by its content, without a receiver for other types',
    async (_l, name, data, type) => {
      const res = await upload(
        admin,
        JSON.stringify({ documentTypeId: DocumentTypeId.DivisionOrder }),
        { name, data },
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.batchName).toMatch(/^Uploaded-\[\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\.\d{3}\]$/);
      const [doc] = await t.db
        .select()
        .from(documents)
        .where(eq(documents.id, body.documentIds[0]));
      expect(doc).toMatchObject({ contentType: type, pageCount: null, receivingPartyId: null });
      // Document-property company fields carry the sender's name.
      const [route] = await t.db
        .select()
        .from(documentRoutes)
        .where(eq(documentRoutes.documentId, body.documentIds[0]));
      expect(route!.listValues).toEqual({ docOperatorName: 'Permian Test Services' });
    },
  );

  it('accepts the file part before fileUploadData', async () => {
    const res = await post(clerk, [
      ['file', pdfFile('first.pdf')],
      ['fileUploadData', arInvoice()],
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('keeps one blob for identical content, and a failed upload of it does not remove it', async () => {
    const data = await pdfWithPages(1, 'dedup');
    const first = await upload(clerk, arInvoice(), pdfFile('a.pdf', data));
    const second = await upload(admin, arInvoice(), pdfFile('b.pdf', data));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const rows = await t.db
      .select()
      .from(documents)
      .where(eq(documents.fileSha256, sha(data)));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.fileKey)).size).toBe(1);
    expect(storedFiles().filter((f) => f.endsWith(sha(data)))).toHaveLength(1);

    // A refused upload of the same bytes (file first, then bad details) leaves the blob alone.
    const refused = await post(clerk, [
      ['file', pdfFile('c.pdf', data)],
      ['fileUploadData', JSON.stringify({ documentTypeId: 5 })],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(fs.existsSync(blobPath(data))).toBe(true);
    expect(
      await releaseBlobIfUnreferenced(t.db, createFsBlobStore(path.join(dataDir, 'files')), {
        key: rows[0]!.fileKey,
        sha256: sha(data),
      }),
    ).toBe(false);
    expect(fs.existsSync(blobPath(data))).toBe(true);
  });
});

/** tinyPdf with an encryption dictionary in its trailer, as a password-protected PDF has. */
const encryptedPdf = Buffer.from(
  tinyPdf
    .toString('latin1')
    .replace(
      'trailer<</Root 1 0 R>>',
      '4 0 obj<</Filter/Standard/V 1/R 2/O(x)/U(x)/P -4>>endobj\ntrailer<</Root 1 0 R/Encrypt 4 0 R>>',
    ),
  'latin1',
);

describe('refusals leave no row and no file behind', () => {
  const file = pdfFile('refused.pdf', tinyPdf);
  const cases: Array<[string, () => Parts, number, string]> = [
    [
      'a text file named .pdf',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', { name: 'a.pdf', data: Buffer.from('hello') }],
      ],
      415,
      documentMessages.wrongType,
    ],
    [
      'a .docx named .pdf',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', { name: 'a.pdf', data: docx }],
      ],
      415,
      documentMessages.wrongType,
    ],
    // Issue 10 item 7: the first bytes are not enough, the file must open.
    [
      'a damaged PDF with a valid header',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', { name: 'a.pdf', data: Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(50)) }],
      ],
      415,
      contentMessages.pdfUnreadable,
    ],
    [
      'an encrypted PDF',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', { name: 'a.pdf', data: encryptedPdf }],
      ],
      415,
      contentMessages.pdfEncrypted,
    ],
    [
      'a PNG header followed by garbage',
      () => [
        ['fileUploadData', arInvoice()],
        [
          'file',
          { name: 'a.png', data: Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]) },
        ],
      ],
      415,
      contentMessages.imageUnreadable,
    ],
    // Issue 28 item 8: a decompression bomb is refused as too large, with the limit.
    [
      'a 30000 × 30000 image bomb',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', { name: 'bomb.png', data: pngClaiming(30_000, 30_000) }],
      ],
      415,
      contentMessages.imageTooLarge(30_000, 30_000),
    ],
    ['no file', () => [['fileUploadData', arInvoice()]], 400, documentMessages.fileRequired],
    ['no fileUploadData', () => [['file', file]], 400, msg.fileUploadDataRequired],
    [
      'fileUploadData that is not JSON',
      () => [
        ['fileUploadData', '{oops'],
        ['file', file],
      ],
      400,
      msg.fileUploadDataRequired,
    ],
    [
      'a wrongly typed field',
      () => [
        ['fileUploadData', JSON.stringify({ documentTypeId: 'x' })],
        ['file', file],
      ],
      400,
      msg.fileUploadDataRequired,
    ],
    [
      'no document type',
      () => [
        ['fileUploadData', JSON.stringify({ batchName: 'x' })],
        ['file', file],
      ],
      400,
      msg.documentTypeRequired,
    ],
    [
      'an unknown document type',
      () => [
        ['fileUploadData', JSON.stringify({ documentTypeId: 5 })],
        ['file', file],
      ],
      400,
      msg.unknownDocumentType,
    ],
    [
      'an unknown type sent after the file',
      () => [
        ['file', file],
        ['fileUploadData', JSON.stringify({ documentTypeId: 5 })],
      ],
      400,
      msg.unknownDocumentType,
    ],
    [
      'an AR invoice without a receiver',
      () => [
        ['fileUploadData', JSON.stringify({ documentTypeId: 93 })],
        ['file', file],
      ],
      400,
      msg.receiverRequired,
    ],
    [
      'a receiver not on the network',
      () => [
        ['fileUploadData', arInvoice({ receivingPartyId: notConnected.id })],
        ['file', file],
      ],
      400,
      documentMessages.partyNotConnected,
    ],
    [
      'a disconnected receiver',
      () => [
        ['fileUploadData', arInvoice({ receivingPartyId: disconnected.id })],
        ['file', file],
      ],
      400,
      documentMessages.partyNotConnected,
    ],
    [
      "another company's connection",
      () => [
        ['fileUploadData', arInvoice({ receivingPartyId: foreignParty.id })],
        ['file', file],
      ],
      404,
      msg.partyNotFound,
    ],
    [
      'a Bill To the receiver does not use for us',
      () => [
        ['fileUploadData', arInvoice({ billToOrgUnitId: notBillTo.id })],
        ['file', file],
      ],
      400,
      msg.billToInvalid,
    ],
    [
      'a Bill To without a receiver',
      () => [
        ['fileUploadData', JSON.stringify({ documentTypeId: 87, billToOrgUnitId: billTo.id })],
        ['file', file],
      ],
      400,
      msg.billToNeedsReceiver,
    ],
    [
      'a documentId without isAttachment',
      () => [
        ['fileUploadData', JSON.stringify({ documentTypeId: 87, documentId: 1 })],
        ['file', file],
      ],
      400,
      msg.documentIdNeedsAttachment,
    ],
    [
      'two files',
      () => [
        ['fileUploadData', arInvoice()],
        ['file', file],
        ['file', pdfFile('two.pdf')],
      ],
      400,
      msg.oneFileExpected,
    ],
    [
      'a file in another field',
      () => [
        ['fileUploadData', arInvoice()],
        ['document', file],
      ],
      400,
      msg.oneFileExpected,
    ],
  ];
  it.each(cases)('%s', async (_label, parts, status, message) => {
    const before = await counts();
    const res = await post(clerk, parts());
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  // Issue 28 item 8: PDFs with active content are refused, never forwarded to the other company.
  it.each([
    ['a JavaScript open action', 'javascript', false],
    ['a JavaScript open action inside a compressed object stream', 'javascript', true],
    ['a Launch action', 'launch', true],
    ['a javascript: link', 'javascript-uri', false],
    ['a javascript: link inside a compressed object stream', 'javascript-uri', true],
  ] as const)('415 for a PDF with %s, nothing stored', async (_label, kind, compressed) => {
    const data = await pdfWithActiveContent(kind, { compressed });
    if (compressed) expect(data.toString('latin1')).not.toMatch(/JavaScript|Launch|javascript:/);
    const before = await counts();
    const res = await post(clerk, [
      ['fileUploadData', arInvoice()],
      ['file', { name: 'active.pdf', data }],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      message: contentMessages.pdfActiveContent,
      code: 'pdf_active_content',
    });
    expect(await counts()).toEqual(before);
  });

  it('accepts a PDF with an ordinary https link', async () => {
    const data = await pdfWithActiveContent('https-uri', { compressed: true });
    const res = await post(clerk, [
      ['fileUploadData', arInvoice()],
      ['file', { name: 'linked.pdf', data }],
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('413 for a file one byte over the limit (streamed), nothing stored', async () => {
    const before = await counts();
    const { payload, headers } = streamedMultipart({
      fields: [['fileUploadData', arInvoice()]],
      fileName: 'big.pdf',
      head: Buffer.from('%PDF-1.7\n'),
      size: LIMIT + 1,
    });
    const res = await t.as(
      clerk,
      vendor.id,
    )({ method: 'POST', url: '/api/documents/upload', payload, headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(documentMessages.tooLarge);
    expect(await counts()).toEqual(before);

    const exactly = streamedMultipart({
      fields: [['fileUploadData', arInvoice()]],
      fileName: 'limit.pdf',
      head: await pdfWithPages(1),
      size: LIMIT,
    });
    const ok = await t.as(
      clerk,
      vendor.id,
    )({ method: 'POST', url: '/api/documents/upload', ...exactly });
    expect(ok.statusCode).toBe(201);
  });

  it('generates batch names as spec 3 §4 shows them', () => {
    const at = new Date(Date.UTC(2026, 0, 5, 3, 4, 5, 7));
    expect(formatBatchName(at, { utc: true })).toBe('Uploaded-[01/05/2026 03:04:05.007]');
  });

  it('the real limit is 500 MB unless configured', () => {
    expect(DOCUMENT_UPLOAD_MAX_BYTES).toBe(500 * 1024 * 1024);
    expect(loadConfig({}).documentUploadMaxBytes).toBe(500 * 1024 * 1024);
    expect(loadConfig({ DOCUMENT_UPLOAD_MAX_BYTES: '1000' }).documentUploadMaxBytes).toBe(1000);
  });

  it.each([
    ['a ReadOnly member', () => reader, 'read_only'],
    ['a Global user', () => globalUser, 'global_user'],
  ])('403 for %s, before the file is read', async (_label, user, code) => {
    const before = await counts();
    const res = await upload(user(), arInvoice());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it('403 when a company that is not a vendor sends an AR invoice; other types it may upload', async () => {
    const before = await counts();
    const res = await upload(otherClerk, arInvoice());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      message: 'Only vendor companies can send AR invoices.',
      code: 'vendor_required',
    });
    expect(await counts()).toEqual(before);
    const w9 = await upload(otherClerk, JSON.stringify({ documentTypeId: DocumentTypeId.W9 }));
    expect(w9.statusCode).toBe(201);
  });

  it('a database failure inside the transaction rolls back every row and removes the blob', async () => {
    // A trigger makes the Create history insert fail for this one file name.
    await executeAsOwner(
      t.database,
      `
      CREATE FUNCTION test_fail_upload() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM documents WHERE id = NEW.document_id AND file_name = 'boom.pdf') THEN
          RAISE EXCEPTION 'forced failure';
        END IF;
        RETURN NEW;
      END $$
    `,
    );
    await executeAsOwner(
      t.database,
      `
      CREATE TRIGGER test_fail_upload BEFORE INSERT ON document_history
        FOR EACH ROW EXECUTE FUNCTION test_fail_upload()
    `,
    );
    try {
      const before = await counts();
      const fresh = await pdfWithPages(2, 'boom');
      const res = await upload(
        clerk,
        arInvoice({ billToOrgUnitId: billTo.id }),
        pdfFile('boom.pdf', fresh),
      );
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      expect(await t.db.select().from(documents).where(eq(documents.fileName, 'boom.pdf'))).toEqual(
        [],
      );
      expect(await t.db.select().from(documentMetadata)).not.toContainEqual(
        expect.objectContaining({ value: 'boom' }),
      );
      expect(fs.existsSync(blobPath(fresh))).toBe(false);

      // Same failure with content other documents already use: the shared blob stays.
      const shared = await pdfWithPages(1, 'shared');
      expect((await upload(clerk, arInvoice(), pdfFile('ok.pdf', shared))).statusCode).toBe(201);
      const again = await upload(clerk, arInvoice(), pdfFile('boom.pdf', shared));
      expect(again.statusCode).toBe(500);
      expect(fs.readFileSync(blobPath(shared)).equals(shared)).toBe(true);
    } finally {
      await executeAsOwner(
        t.database,
        'DROP TRIGGER test_fail_upload ON document_history; DROP FUNCTION test_fail_upload()',
      );
    }
  });
});

describe('POST /documents/upload — attachments', () => {
  const attach = (user: UserRow, documentId: number, file = pdfFile('receipt.pdf')) =>
    upload(user, JSON.stringify({ isAttachment: true, documentId }), file);

  it('attaches a file to a draft of the company, with history', async () => {
    const draft = await buildDocument(t.db, { owner: vendor, user: clerk });
    const res = await attach(clerk, draft.id, { name: 'receipt.png', data: png });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      batchName: null,
      documentIds: [draft.id],
      attachmentId: expect.any(Number),
    });
    const [row] = await t.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.id, res.json().attachmentId));
    expect(row).toMatchObject({
      documentId: draft.id,
      companyId: vendor.id,
      createdByUserId: clerk.id,
      fileName: 'receipt.png',
      contentType: 'image/png',
      fileSize: png.length,
      fileSha256: sha(png),
    });
    expect(fs.existsSync(blobPath(png))).toBe(true);
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, draft.id));
    expect(history.at(-1)).toMatchObject({
      operationId: HistoryOperation.AttachmentAdded,
      companyId: vendor.id,
      userId: clerk.id,
      objectName: 'receipt.png',
    });
  });

  it("404 for another company's document, 409 on a read-only one, nothing stored", async () => {
    const foreign = await buildDocument(t.db, { owner: other });
    const sent = await buildDocument(t.db, { owner: vendor, receiver: buyer });
    const statement = await buildDocument(t.db, {
      owner: vendor,
      documentTypeId: DocumentTypeId.RunStatement,
    });
    const before = await counts();
    const file = pdfFile('x.pdf', tinyPdf);
    const notVisible = await attach(clerk, foreign.id, file);
    expect(notVisible.statusCode).toBe(404);
    expect(notVisible.json().error.message).toBe(documentMessages.notFound);
    expect((await attach(clerk, 99_999_999, file)).statusCode).toBe(404);
    const readOnly = await attach(clerk, sent.id, file);
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json().error.message).toBe(msg.readOnlyDocument);
    expect((await attach(clerk, statement.id, file)).statusCode).toBe(409);
    const noDoc = await upload(clerk, JSON.stringify({ isAttachment: true }), file);
    expect(noDoc.statusCode).toBe(400);
    expect(noDoc.json().error.message).toBe(msg.attachmentNeedsDocument);
    expect(await counts()).toEqual(before);
    expect(sent.id).toBeGreaterThan(0);
    expect(RouteStatus.Sent).toBe(1);
  });

  it('403 for ReadOnly and Global users', async () => {
    const draft = await buildDocument(t.db, { owner: vendor });
    expect((await attach(reader, draft.id)).statusCode).toBe(403);
    expect((await attach(globalUser, draft.id)).statusCode).toBe(403);
  });
});

describe('GET /batch/getdocumentids', () => {
  it("lists the caller's own batch in id order, never another user's or company's", async () => {
    const data = JSON.stringify({ documentTypeId: DocumentTypeId.W9, batchName: 'Morning run' });
    const ids: number[] = [];
    for (const name of ['1.pdf', '2.pdf']) {
      ids.push((await upload(clerk, data, pdfFile(name))).json().documentIds[0]);
    }
    await upload(admin, data);
    await post(otherClerk, [
      ['fileUploadData', data],
      ['file', pdfFile()],
    ]);
    const get = (user: UserRow, userId: number, company = vendor) =>
      t.as(
        user,
        company.id,
      )({
        method: 'GET',
        url: `/api/batch/getdocumentids?batchName=${encodeURIComponent('Morning run')}&userId=${userId}`,
      });
    const mine = await get(clerk, clerk.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(ids);
    expect(ids[0]).toBeLessThan(ids[1]!);
    const someoneElse = await get(clerk, admin.id);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error.message).toBe(msg.ownBatchesOnly);
    expect((await get(otherClerk, otherClerk.id, other)).json()).toHaveLength(1);
    expect((await get(reader, reader.id)).json()).toEqual([]);
    const missing = await t.as(
      clerk,
      vendor.id,
    )({ method: 'GET', url: '/api/batch/getdocumentids?userId=1' });
    expect(missing.statusCode).toBe(400);
  });
});
