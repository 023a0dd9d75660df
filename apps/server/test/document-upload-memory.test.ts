import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DocumentTypeId, Role } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { pdfTrailer, streamedMultipart } from './helpers/document-files';
import { buildCompany, buildMember } from './helpers/factories';

/** The upload streams: a 60 MB file passes through with the default (500 MB) limit. */

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-upload-memory-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * What the process holds for the upload: the JS heap and the buffers outside it (a file held in
 * memory shows here). Not RSS: test files share a worker (`isolate: false`), and RSS also counts
 * pages the allocator keeps from earlier files and the in-process database's own growth, which
 * made the measure depend on which files ran before (98–102 MB in full runs, under 64 alone).
 */
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

it('stores a 60 MB upload while the process holds less than 64 MB more', async () => {
  const company = await buildCompany(t.db);
  const user = await buildMember(t.db, company, [Role.User]);
  const size = 60 * 1024 * 1024;
  const { payload, headers } = streamedMultipart({
    fields: [['fileUploadData', JSON.stringify({ documentTypeId: DocumentTypeId.W9 })]],
    fileName: 'large-scan.pdf',
    head: Buffer.from('%PDF-1.7\n'),
    tail: pdfTrailer,
    size,
  });
  global.gc?.();
  const before = held();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, held());
  }, 20);
  const res = await t.as(
    user,
    company.id,
  )({
    method: 'POST',
    url: '/api/documents/upload',
    payload,
    headers,
  });
  clearInterval(timer);
  peak = Math.max(peak, held());
  expect(res.statusCode).toBe(201);
  const stored = fs
    .readdirSync(path.join(dataDir, 'files', 'documents', 'sha256'), { recursive: true })
    .map((f) => path.join(dataDir, 'files', 'documents', 'sha256', String(f)))
    .filter((f) => fs.statSync(f).isFile());
  expect(stored).toHaveLength(1);
  expect(fs.statSync(stored[0]!).size).toBe(size);
  expect(peak - before).toBeLessThan(64 * 1024 * 1024);
});
