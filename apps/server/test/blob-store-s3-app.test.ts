import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegalDocumentType, PrivacySetting, Role } from '@flowline/shared';
import { loadConfig } from '../src/config';
import { configurationWarnings } from '../src/startup';
import { documents } from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, tinyPdf } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';
import { startS3, type TestS3 } from './helpers/s3rver';

/** The whole app with BLOB_STORE=s3, against a real S3 API (s3rver in this process). */

let s3: TestS3;
let t: TestApp;
let dataDir: string;
let blobStore: BlobStore;
let company: CompanyRow;
let admin: UserRow;

beforeAll(async () => {
  s3 = await startS3('flowline-app');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-s3-app-'));
  t = await buildTestApp({ DATA_DIR: dataDir, ...s3.env });
  blobStore = createBlobStore(t.config);
  company = await buildCompany(t.db);
  admin = await buildMember(t.db, company, [Role.Administrator]);
});
afterAll(async () => {
  await t.close();
  blobStore.close?.();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the app on S3', () => {
  it('uploads a legal document into the bucket and downloads the identical bytes', async () => {
    const { payload, headers } = await multipartBody([
      [
        'detailsDto',
        JSON.stringify({
          legalDocumentTypeId: LegalDocumentType.W9,
          privacySettingId: PrivacySetting.Private,
          isActive: true,
          selectedParties: [],
        }),
      ],
      ['file', { name: 'w9.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const as = t.as(admin, company.id);
    const created = await as({
      method: 'POST',
      url: '/api/legaldocuments/upload',
      payload,
      headers,
    });
    expect(created.statusCode).toBe(201);

    const keys = await s3.listKeys();
    expect(keys.filter((k) => k.startsWith(`companies/${company.id}/`))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith('tmp/'))).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const download = await as({
      method: 'GET',
      url: `/api/legaldocuments/${created.json().id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('serves document files from the bucket: whole, by range, as PDF, and a clear 404 when gone', async () => {
    const as = t.as(admin, company.id);
    const doc = await buildDocument(t.db, { owner: company, file: tinyPdf, blobStore });
    expect(await s3.listKeys()).toContain(doc.fileKey);

    const whole = await as({ method: 'GET', url: `/api/download/${doc.id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(tinyPdf)).toBe(true);

    const range = await as({
      method: 'GET',
      url: `/api/documents/${doc.id}/file/1`,
      headers: { range: 'bytes=0-7' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('latin1')).toBe('%PDF-1.4');

    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#345' },
    })
      .png()
      .toBuffer();
    const image = await buildDocument(t.db, { owner: company, file: png, blobStore });
    await t.db
      .update(documents)
      .set({ contentType: 'image/png' })
      .where(eq(documents.id, image.id));
    const asPdf = await as({ method: 'GET', url: `/api/download/${image.id}/pdf` });
    expect(asPdf.statusCode).toBe(200);
    expect((await PDFDocument.load(asPdf.rawPayload)).getPageCount()).toBe(1);

    await blobStore.delete(doc.fileKey);
    const gone = await as({ method: 'GET', url: `/api/documents/${doc.id}/file/1` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('document_file_missing');
  });
});

describe('two instances on one database (issue 10 item 6)', () => {
  it('downloads through instance B what was uploaded through instance A', async () => {
    const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-s3-app-b-'));
    const b = await buildTestApp({ DATA_DIR: otherDataDir, ...s3.env }, t);
    try {
      const { payload, headers } = await multipartBody([
        [
          'detailsDto',
          JSON.stringify({
            legalDocumentTypeId: LegalDocumentType.W9,
            privacySettingId: PrivacySetting.Private,
            isActive: true,
            selectedParties: [],
          }),
        ],
        ['file', { name: 'w9-a.pdf', data: pdf, type: 'application/pdf' }],
      ]);
      const created = await t.as(
        admin,
        company.id,
      )({
        method: 'POST',
        url: '/api/legaldocuments/upload',
        payload,
        headers,
      });
      expect(created.statusCode).toBe(201);
      const viaB = await b.as(
        admin,
        company.id,
      )({
        method: 'GET',
        url: `/api/legaldocuments/${created.json().id}/download`,
      });
      expect(viaB.statusCode).toBe(200);
      expect(viaB.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await b.close();
      fs.rmSync(otherDataDir, { recursive: true, force: true });
    }
  });
});

describe('blob store configuration', () => {
  it('warns when several instances could share the database but not the files', () => {
    const shared = loadConfig({ DATABASE_URL: 'postgres://db/flowline' });
    expect(configurationWarnings(shared).join('\n')).toContain('BLOB_STORE=s3');
    expect(
      configurationWarnings(
        loadConfig({ DATABASE_URL: 'postgres://db/x', BLOB_STORE: 's3', S3_BUCKET: 'b' }),
      ).join('\n'),
    ).not.toContain('BLOB_STORE');
    expect(configurationWarnings(loadConfig({}))).toEqual([]);
  });

  it('warns when listening beyond loopback without SMTP', () => {
    expect(configurationWarnings(loadConfig({ HOST: '0.0.0.0' })).join('\n')).toContain(
      'mail (temporary passwords, invitations) is only kept locally',
    );
    expect(
      configurationWarnings(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' })),
    ).toEqual([]);
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  it('defaults to the filesystem store', () => {
    expect(loadConfig({}).blobStore).toBe('fs');
    expect(loadConfig({}).s3).toBeNull();
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      BLOB_STORE: 's3',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'eu-west-1',
    });
    expect(config.s3).toEqual({
      bucket: 'files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: null,
    });
  });

  it('refuses to start with BLOB_STORE=s3 and no bucket, saying why', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(
      /Invalid configuration:[\s\S]*S3_BUCKET is required when BLOB_STORE=s3/,
    );
  });

  it('refuses half a credential pair and unreadable flags', () => {
    expect(() =>
      loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' }),
    ).toThrow(/Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/);
    expect(() =>
      loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ BLOB_STORE: 'gcs' })).toThrow(/BLOB_STORE/);
  });
});
