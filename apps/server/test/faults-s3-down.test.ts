// Issue 17 item 4: S3 down → uploads refused with a clear message, nothing half-written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, Role } from '@flowline/shared';
import { documentHistory, documentRoutes, documents } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { pdfWithPages } from './helpers/document-files';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { multipartBody } from './helpers/multipart';
import { startS3, type TestS3 } from './helpers/s3rver';

let s3: TestS3;
let t: TestApp;
let dataDir: string;
let company: CompanyRow;
let clerk: UserRow;

beforeAll(async () => {
  s3 = await startS3('flowline-faults');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-s3-down-'));
  t = await buildTestApp({ DATA_DIR: dataDir, ...s3.env });
  company = await buildCompany(t.db);
  clerk = await buildMember(t.db, company, [Role.User]);
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function uploadW9(file: Buffer) {
  const { payload, headers } = await multipartBody([
    ['fileUploadData', JSON.stringify({ documentTypeId: DocumentTypeId.W9 })],
    ['file', { name: 'w9.pdf', data: file, type: 'application/pdf' }],
  ]);
  return t.as(
    clerk,
    company.id,
  )({ method: 'POST', url: '/api/documents/upload', payload, headers });
}

const rows = async () => ({
  documents: (await t.db.select().from(documents)).length,
  routes: (await t.db.select().from(documentRoutes)).length,
  history: (await t.db.select().from(documentHistory)).length,
});

describe('S3 down', () => {
  it('refuses an upload with a clear 503, writes nothing, and works again once S3 is back', async () => {
    const before = await rows();
    await s3.stop();
    let refused;
    try {
      refused = await uploadW9(await pdfWithPages(1, 'while S3 is down'));
    } finally {
      await s3.start();
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: {
        message: 'Files cannot be stored right now. Please try again in a moment.',
        code: 'storage_unavailable',
      },
    });
    expect(await rows()).toEqual(before);
    expect(await s3.listKeys()).toEqual([]);

    const file = await pdfWithPages(1, 'once S3 is back');
    const stored = await uploadW9(file);
    expect(stored.statusCode, stored.body).toBe(201);
    const [id] = stored.json().documentIds as number[];
    const download = await t.as(clerk, company.id)({ method: 'GET', url: `/api/download/${id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    const after = await rows();
    expect(after.documents).toBe(before.documents + 1);
    expect(after.routes).toBe(before.routes + 1);
    expect(after.history).toBeGreaterThan(before.history);
    expect((await s3.listKeys()).filter((k) => k.startsWith('tmp/'))).toEqual([]);
  }, 120_000);
});
