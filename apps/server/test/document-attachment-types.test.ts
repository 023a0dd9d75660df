import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, documentMessages, type DocumentAttachment } from '@flowline/shared';
import { documentAttachments, documents } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, type DocumentRow } from './helpers/document-factories';
import type { caller } from './helpers/document-world';
import { openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { storedZip } from './helpers/legal-files';
import { multipartBody, type FilePart } from './helpers/multipart';

/**
 * Issue 11 item 21: attachments may be spreadsheets and office documents (xlsx, xls, csv, docx,
 * doc), recognised by their content; documents stay PDF and images.
 */

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let doc: DocumentRow;
let asUser: ReturnType<typeof caller>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-attachment-types-'));
  ({ t, w, asUser } = await openDocumentWorld({ DATA_DIR: dataDir }));
  doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    receivingPartyId: w.toPurchaser.id,
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An OLE2 compound file header as Excel 97 and Word 97 write it (512-byte sectors). */
function ole2(): Buffer {
  const header = Buffer.alloc(1024);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift: 512 bytes
  header.writeUInt16LE(6, 32); // mini sector shift
  return header;
}

const xlsx = storedZip([
  ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
  ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'],
  ['xl/workbook.xml', '<?xml version="1.0"?><workbook/>'],
]);
const docx = storedZip([
  ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
  ['word/document.xml', '<?xml version="1.0"?><w:document/>'],
]);
const csv = Buffer.from('well,volume,note\r\nA-1,120,"Reñidero"\r\nB-2,80,\r\n');

async function upload(data: object, file: FilePart) {
  const { payload, headers } = await multipartBody([
    ['fileUploadData', JSON.stringify(data)],
    ['file', file],
  ]);
  return asUser({ method: 'POST', url: '/api/documents/upload', payload, headers });
}

const attach = (name: string, bytes: Buffer, type = 'application/octet-stream') =>
  upload({ isAttachment: true, documentId: doc.id }, { name, data: bytes, type });

describe('office attachments', () => {
  it.each([
    ['volumes.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [
      'letter.docx',
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['old-volumes.xls', ole2(), 'application/vnd.ms-excel'],
    ['old-letter.doc', ole2(), 'application/msword'],
    ['volumes.csv', csv, 'text/csv'],
  ])('accepts %s as %s by its content', async (name, bytes, contentType) => {
    // What the browser claims does not matter.
    const res = await attach(name, bytes, 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const { attachmentId } = res.json<{ attachmentId: number }>();
    const [row] = await t.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.id, attachmentId));
    expect(row).toMatchObject({ fileName: name, contentType, fileSize: bytes.length });

    const list = (
      await asUser({ method: 'GET', url: `/api/documentAttachments/document/${doc.id}` })
    ).json<DocumentAttachment[]>();
    expect(list.find((a) => a.id === attachmentId)?.contentType).toBe(contentType);
    // Never shown inline: even the preview call answers with a download.
    const preview = await asUser({
      method: 'GET',
      url: `/api/download/attachment/${attachmentId}?inline=true`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^attachment; /);
    expect(preview.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['a zip that is no office file', 'archive.xlsx', storedZip([['readme.txt', 'hello']])],
    ['an OLE2 file of another kind', 'slides.ppt', ole2()],
    ['a program named .csv', 'run.csv', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    ['text with NUL bytes named .csv', 'nul.csv', Buffer.from('a,b\u0000,c\n')],
    ['text not named .csv', 'notes.txt', Buffer.from('just text\n')],
    ['HTML', 'page.html', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('refuses %s (415)', async (_what, name, bytes) => {
    const before = (await t.db.select().from(documentAttachments)).length;
    const res = await attach(name, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      message: documentMessages.attachmentWrongType,
      code: 'unsupported_file_type',
    });
    expect(await t.db.select().from(documentAttachments)).toHaveLength(before);
  });

  it('refuses a damaged container: a zip without its central directory, a bad OLE2 header', async () => {
    const truncated = xlsx.subarray(0, xlsx.length - 30);
    const cut = await attach('cut.xlsx', truncated);
    expect(cut.statusCode).toBe(415);
    expect(cut.json().error.code).toBe('file_unreadable');
    const badHeader = ole2();
    badHeader.writeUInt16LE(0, 28);
    expect((await attach('bad.xls', badHeader)).json().error.code).toBe('file_unreadable');
  });

  it('keeps documents to PDF and images: an office file as a new document is a 415', async () => {
    const before = (await t.db.select().from(documents)).length;
    for (const [name, bytes] of [
      ['invoice.xlsx', xlsx],
      ['invoice.csv', csv],
    ] as const) {
      const res = await upload(
        { documentTypeId: DocumentTypeId.ArInvoice, receivingPartyId: w.toPurchaser.id },
        { name, data: bytes },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toEqual({
        message: documentMessages.wrongType,
        code: 'unsupported_file_type',
      });
    }
    expect(await t.db.select().from(documents)).toHaveLength(before);
  });
});
