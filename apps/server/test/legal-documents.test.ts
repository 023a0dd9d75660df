import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGAL_EXTRACTION_FAILED_MESSAGE,
  LegalDocumentType as Type,
  legalDocumentMessages as msg,
  PartyType,
  PrivacySetting,
  Role,
  type LegalDocumentUploadDetails,
} from '@flowline/shared';
import { legalDocuments, parties } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { multipartBody, type FilePart } from './helpers/multipart';
import { blankPdf, docx, ole2Doc, pdf, png, textPng } from './helpers/legal-files';

let t: TestApp;
let dataDir: string;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let otherAdmin: UserRow;
let connected: number[];
let notConnected: number;
let foreignParty: number;
let foreignDocument: number;

const privateW9: LegalDocumentUploadDetails = {
  legalDocumentTypeId: Type.W9,
  privacySettingId: PrivacySetting.Private,
  isActive: true,
  selectedParties: [],
};

async function upload(
  as: UserRow,
  details: unknown,
  file: FilePart | null = { name: 'w9.pdf', data: pdf, type: 'application/pdf' },
  company = as === otherAdmin ? other : acme,
) {
  const parts: Array<[string, string | FilePart]> = [];
  if (details !== undefined) {
    parts.push(['detailsDto', typeof details === 'string' ? details : JSON.stringify(details)]);
  }
  if (file) parts.push(['file', file]);
  const { payload, headers } = await multipartBody(parts);
  return t.as(
    as,
    company.id,
  )({ method: 'POST', url: '/api/legaldocuments/upload', payload, headers });
}

/** Files in the blob store (the temporary folder included: a failed upload must leave none). */
function storedFiles(dir = path.join(dataDir, 'files')): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
}
const asAdmin = (opts: InjectOptions) => t.as(admin, acme.id)(opts);
const rowCount = async () => (await t.db.select().from(legalDocuments)).length;

async function connection(company: CompanyRow, name: string, connectedCompanyId: number | null) {
  const [row] = await t.db
    .insert(parties)
    .values({
      companyId: company.id,
      partyTypeId: PartyType.Owner,
      name,
      number: name,
      connectedCompanyId,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-legal-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
  connected = [
    await connection(acme, 'Bravo Oil', other.id),
    await connection(acme, 'Alpha Gas', other.id),
  ];
  notConnected = await connection(acme, 'Charlie (not on the network)', null);
  foreignParty = await connection(other, 'Acme as seen by other', acme.id);
  foreignDocument = (await upload(otherAdmin, privateW9)).json().id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('legal document upload', () => {
  it('stores the file and the row, lists it and downloads the identical bytes', async () => {
    const res = await upload(admin, privateW9, { name: 'W9 "2026" ü.pdf', data: pdf });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      legalDocumentTypeId: Type.W9,
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      fileName: 'W9 "2026" ü.pdf',
      fileSize: pdf.length,
      contentType: 'application/pdf',
      selectedParties: [],
    });
    expect(storedFiles(path.join(dataDir, 'files', 'companies', String(acme.id)))).toHaveLength(1);

    const search = await asAdmin({
      method: 'POST',
      url: '/api/legaldocuments/search',
      payload: { legalDocumentTypeId: Type.W9, page: 1, pageSize: 25 },
    });
    expect(search.json()).toMatchObject({ totalRecords: 1, items: [{ id: doc.id }] });

    const download = await asAdmin({
      method: 'GET',
      url: `/api/legaldocuments/${doc.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="W9 _2026_ _.pdf"; filename*=UTF-8''W9%20%222026%22%20%C3%BC.pdf`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it.each([
    ['a PNG', { name: 'scan.png', data: textPng }, 'image/png'],
    ['a Word 97 .doc', { name: 'w9.doc', data: ole2Doc }, 'application/msword'],
    [
      'a .docx',
      { name: 'w9.docx', data: docx },
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ])('accepts %s by its content', async (_label, file: FilePart, contentType) => {
    const res = await upload(admin, { ...privateW9, isActive: false }, file);
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe(contentType);
  });

  it.each([
    ['a blank scanned PDF', { name: 'blank-w9.pdf', data: blankPdf }],
    ['an image without a word', { name: 'dot.png', data: png }],
  ])('keeps %s but answers 501 when reading finds nothing (spec 3 §8)', async (_label, file) => {
    const res = await upload(admin, { ...privateW9, isActive: false }, file);
    expect(res.statusCode).toBe(501);
    expect(res.json().error).toEqual({
      code: 'extraction_failed',
      message: LEGAL_EXTRACTION_FAILED_MESSAGE,
    });
    const rows = await t.db
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.fileName, file.name));
    expect(rows).toHaveLength(1);
  });

  it('shares with connected connections', async () => {
    const res = await upload(admin, {
      ...privateW9,
      isActive: false,
      privacySettingId: PrivacySetting.SharedWithPartners,
      selectedParties: [...connected, connected[0]],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().selectedParties).toEqual([
      { id: connected[1], name: 'Alpha Gas' },
      { id: connected[0], name: 'Bravo Oil' },
    ]);
  });

  it('accepts the file part before the details part', async () => {
    const { payload, headers } = await multipartBody([
      ['file', { name: 'cert.pdf', data: pdf }],
      [
        'detailsDto',
        JSON.stringify({ ...privateW9, legalDocumentTypeId: Type.InsuranceCertificate }),
      ],
    ]);
    const res = await asAdmin({
      method: 'POST',
      url: '/api/legaldocuments/upload',
      payload,
      headers,
    });
    expect(res.statusCode).toBe(201);
  });

  describe('refusals leave no row and no file behind', () => {
    const w9File: FilePart = { name: 'w9.pdf', data: pdf };
    const shared = (selectedParties: number[]) => ({
      ...privateW9,
      privacySettingId: 2,
      selectedParties,
    });
    const refusals: Array<[string, unknown, FilePart | null, number, string?]> = [
      [
        'a text file named .pdf',
        privateW9,
        { name: 'w9.pdf', data: Buffer.from('hi') },
        415,
        msg.wrongType,
      ],
      [
        'a zip that is not a .docx',
        privateW9,
        { name: 'w9.docx', data: Buffer.from('504b0304140000000000', 'hex') },
        415,
        msg.wrongType,
      ],
      [
        'a damaged PDF (the right first bytes, nothing a reader can open)',
        privateW9,
        { name: 'w9.pdf', data: Buffer.from('%PDF-1.4\nnot really a pdf\n', 'latin1') },
        415,
        'This PDF could not be read; it may be damaged. Save it again as PDF and upload it again.',
      ],
      [
        'a PNG header with no image behind it',
        privateW9,
        { name: 'w9.png', data: png.subarray(0, 24) },
        415,
        'This image could not be read; it may be damaged. Save it again and upload it again.',
      ],
      [
        'a file over 25 MB',
        privateW9,
        { name: 'big.pdf', data: Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024)]) },
        413,
        msg.tooLarge,
      ],
      ['a detailsDto that is not JSON', '{nope', w9File, 400, msg.detailsInvalid],
      [
        'an unknown type',
        { ...privateW9, legalDocumentTypeId: 3 },
        w9File,
        400,
        msg.detailsInvalid,
      ],
      ['shared without parties', shared([]), w9File, 400, msg.partiesRequired],
      [
        'a party not on the network',
        () => shared([notConnected]),
        w9File,
        400,
        msg.partyNotConnected,
      ],
      ["another company's party", () => shared([foreignParty]), w9File, 400, msg.partyNotConnected],
      ['no details', undefined, w9File, 400, msg.detailsInvalid],
      ['no file', privateW9, null, 400, msg.fileRequired],
      [
        'a too long file name',
        privateW9,
        { name: `${'x'.repeat(252)}.pdf`, data: pdf },
        400,
        msg.fileNameTooLong,
      ],
    ];
    it.each(refusals)('%s', async (_label, details, file, status, message) => {
      const before = { rows: await rowCount(), files: storedFiles() };
      // Ids made in beforeAll are read when the test runs, hence the functions.
      const res = await upload(admin, typeof details === 'function' ? details() : details, file);
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().error.message).toBe(message);
      expect(await rowCount()).toBe(before.rows);
      expect(storedFiles().filter((f) => !before.files.includes(f))).toEqual([]);
    });

    it("refuses to replace another company's document", async () => {
      const before = storedFiles();
      const res = await upload(admin, { ...privateW9, replacesLegalDocumentId: foreignDocument });
      expect(res.statusCode).toBe(404);
      expect(storedFiles()).toEqual(before);
    });
  });
});
