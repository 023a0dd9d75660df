import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  HistoryOperation,
  TAX_DOCUMENTS_ZIP_MAX,
  taxDocumentMessages,
  type TaxDocumentPage,
  type TaxYears,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documentHistory } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import * as repo from './repository';
import { loadArchiver } from '../../platform/heavy-modules';

/** The owner's 'Tax documents' (issue 31 item 5; docs/signing.md "Tax documents"). */

export async function listYears(db: Db, ctx: TenantContext): Promise<TaxYears> {
  return { years: await repo.findYears(db, ctx.companyId) };
}

export async function listYear(
  db: Db,
  ctx: TenantContext,
  q: { year: number; page: number; pageSize: number },
): Promise<TaxDocumentPage> {
  return repo.findPage(db, ctx.companyId, q);
}

/**
 * GET /tax-documents/{year}.zip: every 1099 of the year received by the caller's company, as one
 * zip streamed file by file. Checked before a byte is sent: none that year → 404, more than
 * TAX_DOCUMENTS_ZIP_MAX → 409. Each document gets its Download history entry, like a download.
 */
export async function yearZip(
  db: Db,
  blobStore: BlobStore,
  log: Pick<FastifyBaseLogger, 'error'>,
  ctx: TenantContext,
  year: number,
): Promise<Readable> {
  const files = await repo.findFiles(db, ctx.companyId, year, TAX_DOCUMENTS_ZIP_MAX + 1);
  if (files.length === 0) throw notFound(taxDocumentMessages.noneThatYear, 'not_found');
  if (files.length > TAX_DOCUMENTS_ZIP_MAX) {
    throw new AppError(409, 'too_many_documents', taxDocumentMessages.tooMany);
  }
  await db.insert(documentHistory).values(
    files.map((f) => ({
      documentId: f.id,
      companyId: ctx.companyId,
      userId: ctx.userId,
      operationId: HistoryOperation.Download,
      objectType: 'document',
      objectName: f.fileName.slice(0, 255),
      details: { zip: `${year}` },
    })),
  );
  const archiver = await loadArchiver();
  const zip = archiver('zip', { zlib: { level: 6 } });
  const used = new Set<string>();
  const entryName = (id: number, fileName: string) => {
    const base = safeName(`${id} ${fileName}`);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${n} ${base}`;
    used.add(name);
    return name;
  };
  void (async () => {
    try {
      for (const f of files) {
        const stream = await blobStore.get(f.fileKey);
        zip.append(stream, { name: entryName(f.id, f.fileName) });
        await once(stream, 'end');
      }
      await zip.finalize();
    } catch (error) {
      log.error({ err: error }, 'the tax documents zip failed');
      zip.destroy(error as Error);
    }
  })();
  return zip;
}

/** A file name without path separators or control characters, at most 150 characters. */
function safeName(text: string): string {
  return [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
}
