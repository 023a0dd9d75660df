import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, Role } from '@flowline/shared';
import { documentHistory, documents } from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildAttachment, buildDocument, type DocumentRow } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let dataDir: string;
let blobStore: BlobStore;
let vendor: CompanyRow;
let operator: CompanyRow;
let stranger: CompanyRow;
let vendorUser: UserRow;
let vendorReadOnly: UserRow;
let operatorUser: UserRow;
let strangerUser: UserRow;

/** A real PDF of 2 pages (pdf-lib), a few KB: enough for range requests to mean something. */
let pdfBytes: Buffer;
let pdfDoc: DocumentRow;
let pngDoc: DocumentRow;
const hostileName = 'Invoice "Q3"\r\nX-Injected: yes; ünïcødé (final)*.pdf';

async function makePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1} `.repeat(50));
  return Buffer.from(await doc.save());
}

/** A solid image of the given size and resolution. */
function image(format: 'png' | 'jpeg' | 'tiff', width: number, height: number, dpi = 72) {
  const solid = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } },
  }).withMetadata({ density: dpi });
  return (
    format === 'png' ? solid.png() : format === 'jpeg' ? solid.jpeg() : solid.tiff()
  ).toBuffer();
}

async function documentWith(
  file: Buffer,
  contentType: string,
  opts: { fileName?: string; store?: boolean } = {},
): Promise<DocumentRow> {
  const doc = await buildDocument(t.db, {
    owner: vendor,
    receiver: operator,
    user: vendorUser,
    file,
    fileName: opts.fileName ?? 'file.bin',
    blobStore: opts.store === false ? undefined : blobStore,
  });
  // The factory writes PDFs; set the stored type the upload would have sniffed.
  const [row] = await t.db
    .update(documents)
    .set({ contentType })
    .where(eq(documents.id, doc.id))
    .returning();
  return row!;
}

const attach = (doc: DocumentRow, company: CompanyRow, fileName: string, data: Buffer) =>
  buildAttachment(t.db, blobStore, doc, company, { fileName, data, contentType: 'text/csv' });

const get = (user: UserRow, company: CompanyRow, url: string, headers = {}) =>
  t.as(user, company.id)({ method: 'GET', url, headers });

async function downloadHistory(documentId: number) {
  return t.db
    .select()
    .from(documentHistory)
    .where(
      and(
        eq(documentHistory.documentId, documentId),
        eq(documentHistory.operationId, HistoryOperation.Download),
      ),
    );
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-downloads-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  // The same store the app uses (createBlobStore picks it from the app's configuration).
  blobStore = createBlobStore(t.config);
  vendor = await buildCompany(t.db);
  operator = await buildCompany(t.db);
  stranger = await buildCompany(t.db);
  vendorUser = await buildMember(t.db, vendor, [Role.User]);
  vendorReadOnly = await buildMember(t.db, vendor, [Role.ReadOnly]);
  operatorUser = await buildMember(t.db, operator, [Role.User]);
  strangerUser = await buildMember(t.db, stranger, [Role.Administrator]);
  pdfBytes = await makePdf();
  pdfDoc = await documentWith(pdfBytes, 'application/pdf', { fileName: hostileName });
  pngDoc = await documentWith(await image('png', 200, 100, 144), 'image/png', {
    fileName: 'scan.png',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /documents/{id}/file/1 (the viewer)', () => {
  it('streams the file inline with its type, length, tag and no-store caching', async () => {
    const res = await get(operatorUser, operator, `/api/documents/${pdfDoc.id}/file/1`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdfBytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
      etag: `"${sha256(pdfBytes)}"`,
    });
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
    // Viewing is not a download: no history entry.
    expect(await downloadHistory(pdfDoc.id)).toHaveLength(0);
  });

  it('answers byte ranges (pdf.js) with 206 and Content-Range', async () => {
    const url = `/api/documents/${pdfDoc.id}/file/1`;
    const size = pdfBytes.length;
    const first = await get(operatorUser, operator, url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(pdfBytes.subarray(0, 100))).toBe(true);

    const open = await get(operatorUser, operator, url, { range: `bytes=${size - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(pdfBytes.subarray(size - 10))).toBe(true);

    const suffix = await get(operatorUser, operator, url, { range: 'bytes=-20' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 20}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(pdfBytes.subarray(size - 20))).toBe(true);

    const clamped = await get(operatorUser, operator, url, { range: `bytes=10-${size + 500}` });
    expect(clamped.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);
    expect(clamped.rawPayload.equals(pdfBytes.subarray(10))).toBe(true);

    const beyond = await get(operatorUser, operator, url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json().error.code).toBe('range_invalid');
  });

  it('sends the whole file for ranges it does not serve or a stale If-Range', async () => {
    const url = `/api/documents/${pdfDoc.id}/file/1`;
    for (const headers of [
      { range: 'bytes=0-9,20-29' },
      { range: 'items=0-9' },
      { range: 'bytes=50-10' },
      { range: 'bytes=0-9', 'if-range': '"an-older-version"' },
    ]) {
      const res = await get(operatorUser, operator, url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    }
    const current = await get(operatorUser, operator, url, {
      range: 'bytes=0-9',
      'if-range': `"${sha256(pdfBytes)}"`,
    });
    expect(current.statusCode).toBe(206);
  });

  it('answers 304 when If-None-Match carries the tag', async () => {
    const tag = `"${sha256(pdfBytes)}"`;
    const res = await get(operatorUser, operator, `/api/documents/${pdfDoc.id}/file/1`, {
      'if-none-match': `"other", ${tag}`,
    });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload).toHaveLength(0);
    expect(res.headers.etag).toBe(tag);
  });

  it('shows images inline with their stored type', async () => {
    const res = await get(vendorUser, vendor, `/api/documents/${pngDoc.id}/file/1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="scan.png"; filename*=UTF-8''scan.png`,
    );
  });

  it('sends a type a browser should not render as an attachment', async () => {
    const doc = await documentWith(Buffer.from('<script>alert(1)</script>'), 'text/html', {
      fileName: 'page.html',
    });
    const res = await get(vendorUser, vendor, `/api/documents/${doc.id}/file/1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a huge image in the viewer (issue 28 item 8)', () => {
  it('shows the other company a downscaled JPEG; the download keeps the original', async () => {
    // 8000 × 6000 = 48 MP, over the 40 MP shown inline (a 256 MP PNG is treated the same way).
    const big = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: { r: 90, g: 90, b: 90 } },
    })
      .greyscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
    const doc = await documentWith(big, 'image/png', { fileName: 'huge-scan.png' });
    const shown = await get(operatorUser, operator, `/api/documents/${doc.id}/file/1`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-disposition']).toContain('inline');
    const meta = await sharp(shown.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(4096);
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeLessThanOrEqual(40_000_000);

    const original = await get(operatorUser, operator, `/api/download/${doc.id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(big)).toBe(true);

    // A small image is still served as it is.
    const small = await get(operatorUser, operator, `/api/documents/${pngDoc.id}/file/1`);
    expect(small.headers['content-type']).toBe('image/png');
  }, 120_000);
});

describe('GET /download/{id}', () => {
  it('sends the file as an attachment and records the download', async () => {
    const res = await get(vendorReadOnly, vendor, `/api/download/${pdfDoc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdfBytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      etag: `"${sha256(pdfBytes)}"`,
    });
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(await downloadHistory(pdfDoc.id)).toEqual([
      expect.objectContaining({
        companyId: vendor.id,
        userId: vendorReadOnly.id,
        objectType: 'document',
        objectName: hostileName,
      }),
    ]);
  });

  it('encodes a file name with quotes, line breaks and non-ASCII safely', async () => {
    const res = await get(operatorUser, operator, `/api/download/${pdfDoc.id}`);
    const header = res.headers['content-disposition'] as string;
    expect(header).not.toMatch(/[\r\n]/);
    expect(res.headers['x-injected']).toBeUndefined();
    expect(header).toBe(
      'attachment; filename="Invoice _Q3___X-Injected: yes; _n_c_d_ (final)*.pdf"; ' +
        "filename*=UTF-8''Invoice%20%22Q3%22%0D%0AX-Injected%3A%20yes%3B%20%C3%BCn%C3%AFc%C3%B8d%C3%A9%20%28final%29%2A.pdf",
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe(hostileName);
  });

  it('answers 304 for a matching tag without recording a download', async () => {
    const before = (await downloadHistory(pngDoc.id)).length;
    const res = await get(vendorUser, vendor, `/api/download/${pngDoc.id}`, {
      'if-none-match': `W/"${pngDoc.fileSha256}"`,
    });
    expect(res.statusCode).toBe(304);
    expect(await downloadHistory(pngDoc.id)).toHaveLength(before);
  });
});

describe('GET /download/attachment/{id}', () => {
  it('sends an attachment to both companies of its document and records it on the document', async () => {
    const csv = Buffer.from('well,volume\nA-1,120\n');
    const doc = await documentWith(pdfBytes, 'application/pdf');
    const attachment = await attach(doc, operator, 'volumes "March".csv', csv);
    for (const [user, company] of [
      [operatorUser, operator],
      [vendorUser, vendor],
    ] as const) {
      const res = await get(user, company, `/api/download/attachment/${attachment.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(csv)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'text/csv',
        'content-length': String(csv.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        etag: `"${sha256(csv)}"`,
        'content-disposition': `attachment; filename="volumes _March_.csv"; filename*=UTF-8''volumes%20%22March%22.csv`,
      });
    }
    expect(await downloadHistory(doc.id)).toEqual([
      expect.objectContaining({ companyId: operator.id, objectType: 'attachment' }),
      expect.objectContaining({ companyId: vendor.id, objectName: 'volumes "March".csv' }),
    ]);
  });

  it("is a 404 for another company's attachment, exactly like a missing one", async () => {
    const doc = await documentWith(pdfBytes, 'application/pdf');
    const attachment = await attach(doc, vendor, 'private.csv', Buffer.from('secret'));
    const foreign = await get(strangerUser, stranger, `/api/download/attachment/${attachment.id}`);
    const missing = await get(strangerUser, stranger, `/api/download/attachment/99999999`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().error.code).toBe('attachment_not_found');
    expect(foreign.body).not.toContain('secret');
  });

  it('is a 404 once the document is deleted', async () => {
    const doc = await documentWith(pdfBytes, 'application/pdf');
    const attachment = await attach(doc, vendor, 'gone.csv', Buffer.from('x'));
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc.id));
    const res = await get(vendorUser, vendor, `/api/download/attachment/${attachment.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /download/{id}/pdf', () => {
  it('sends a PDF as it is, named .pdf', async () => {
    const doc = await documentWith(pdfBytes, 'application/pdf', { fileName: 'Lease 12.PDF' });
    const res = await get(vendorUser, vendor, `/api/download/${doc.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Lease 12.pdf"; filename*=UTF-8''Lease%2012.pdf`,
    );
  });

  it('embeds a PNG full-page, sized from its resolution', async () => {
    const res = await get(operatorUser, operator, `/api/download/${pngDoc.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    );
    expect(res.headers.etag).toBe(`W/"${pngDoc.fileSha256}-pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    // 200×100 px at 144 dpi = 100×50 pt.
    expect(pdf.getPage(0).getSize()).toEqual({ width: 100, height: 50 });
    expect(await downloadHistory(pngDoc.id)).toContainEqual(
      expect.objectContaining({ companyId: operator.id, objectName: 'scan.pdf' }),
    );
  });

  it('converts JPEG and TIFF documents', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['tiff', 'image/tiff'],
    ] as const) {
      const doc = await documentWith(await image(format, 300, 150), type, {
        fileName: `photo.${format}`,
      });
      const res = await get(vendorUser, vendor, `/api/download/${doc.id}/pdf`);
      expect(res.statusCode, format).toBe(200);
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 300, height: 150 });
    }
  });

  it('gives each page of a multi-page TIFF (a scanned fax) its own PDF page', async () => {
    const page = await image('png', 170, 220);
    const tiff = await sharp([page, page, page], { join: { animated: true } })
      .tiff()
      .toBuffer();
    const doc = await documentWith(tiff, 'image/tiff', { fileName: 'fax.tif' });
    const res = await get(vendorUser, vendor, `/api/download/${doc.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(res.headers['content-disposition']).toMatch(/filename="fax.pdf"/);
  });

  it('shows the PDF inline with ?inline=true, without a download entry', async () => {
    const doc = await documentWith(await image('png', 10, 10), 'image/png', { fileName: 'a.png' });
    const res = await get(vendorUser, vendor, `/api/download/${doc.id}/pdf?inline=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="a.pdf"/);
    expect(await downloadHistory(doc.id)).toHaveLength(0);
  });

  it('refuses types it cannot convert (415), images over the cap (413) and broken images (422)', async () => {
    const html = await documentWith(Buffer.from('<p>x</p>'), 'text/html');
    const unsupported = await get(vendorUser, vendor, `/api/download/${html.id}/pdf`);
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().error.code).toBe('pdf_unavailable');

    const huge = await documentWith(await image('png', 10, 10), 'image/png');
    await t.db
      .update(documents)
      .set({ fileSize: 50 * 1024 * 1024 + 1 })
      .where(eq(documents.id, huge.id));
    const tooLarge = await get(vendorUser, vendor, `/api/download/${huge.id}/pdf`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('pdf_conversion_too_large');

    const broken = await documentWith(Buffer.from('not really a png'), 'image/png');
    const failed = await get(vendorUser, vendor, `/api/download/${broken.id}/pdf`);
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error.code).toBe('pdf_conversion_failed');
    expect(await downloadHistory(broken.id)).toHaveLength(0);
  });
});

describe('access to every file route', () => {
  const routes = (doc: DocumentRow) => [
    `/api/documents/${doc.id}/file/1`,
    `/api/download/${doc.id}`,
    `/api/download/${doc.id}/pdf`,
  ];

  it("is a 404 for another company's document, exactly like a missing one", async () => {
    for (const url of routes(pdfDoc)) {
      const foreign = await get(strangerUser, stranger, url);
      const missing = await get(strangerUser, stranger, url.replace(String(pdfDoc.id), '99999999'));
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(foreign.json().error.code).toBe('document_not_found');
    }
  });

  it('is a 404 for a deleted document', async () => {
    const doc = await documentWith(pdfBytes, 'application/pdf');
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc.id));
    for (const url of routes(doc)) {
      expect((await get(vendorUser, vendor, url)).statusCode, url).toBe(404);
    }
  });

  it('is a clear 404 (not a 500) when the stored file is missing, and records nothing', async () => {
    const doc = await documentWith(pdfBytes, 'application/pdf', { store: false });
    for (const url of routes(doc)) {
      const res = await get(vendorUser, vendor, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({
        message: 'The file of this document is missing.',
        code: 'document_file_missing',
      });
      expect(res.headers.etag).toBeUndefined();
    }
    const image = await documentWith(pdfBytes, 'image/png', { store: false });
    expect((await get(vendorUser, vendor, `/api/download/${image.id}/pdf`)).statusCode).toBe(404);

    const withAttachment = await documentWith(pdfBytes, 'application/pdf');
    const attachment = await attach(withAttachment, vendor, 'a.csv', Buffer.from('gone soon'));
    await blobStore.delete(attachment.fileKey);
    const res = await get(vendorUser, vendor, `/api/download/attachment/${attachment.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('attachment_file_missing');
    expect(await downloadHistory(doc.id)).toHaveLength(0);
    expect(await downloadHistory(withAttachment.id)).toHaveLength(0);
  });

  it('needs a token (401) and a company the user belongs to (403)', async () => {
    for (const url of [...routes(pdfDoc), `/api/download/attachment/1`]) {
      const anonymous = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'company-id': String(vendor.id) },
      });
      expect(anonymous.statusCode, url).toBe(401);
      const noCompany = await t.as(vendorUser)({ method: 'GET', url });
      expect(noCompany.statusCode, url).toBe(403);
      expect(noCompany.json().error.code).toBe('company_required');
      const notMember = await t.as(vendorUser, operator.id)({ method: 'GET', url });
      expect(notMember.statusCode, url).toBe(403);
    }
  });

  it('rejects ids that are not ids', async () => {
    const res = await get(vendorUser, vendor, '/api/download/abc');
    expect(res.statusCode).toBe(400);
  });

  it('offers no HEAD (it would open the blob for nothing)', async () => {
    const res = await t.as(
      vendorUser,
      vendor.id,
    )({ method: 'HEAD', url: `/api/download/${pdfDoc.id}` });
    expect(res.statusCode).toBe(404);
    expect(await downloadHistory(pdfDoc.id)).not.toContainEqual(
      expect.objectContaining({ userId: vendorUser.id }),
    );
  });
});
