import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { HistoryOperation, MetadataKey } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documentHistory } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { loadArchiver } from '../../platform/heavy-modules';
import { findVisibleDocuments } from '../documents/access';
import { pdfFileName } from './content-disposition';
import { imageToPdf, PDF_RENDITION_MAX_BYTES, PDF_RENDITION_TYPES } from './pdf-rendition';

/**
 * 'Download' of the selected documents (issue 29 item 5; docs/approvals.md 'Bulk work'): one zip
 * of their PDFs, streamed. Every id must be a document the company sees (another company's, a
 * deleted or a missing one is a 404 naming it, before any byte is sent). A PDF goes in as stored;
 * a PNG, JPEG or TIFF is converted (up to the rendition limit); any other file goes in as it is.
 * Names are '<number> - <id>.pdf' (unique: a repeat gets ' (2)'). A file that cannot be read
 * mid-stream is listed in 'missing files.txt' instead of breaking the zip. Each document gets a
 * Download history entry, like a single download.
 */

interface Entry {
  id: number;
  name: string;
  fileKey: string;
  contentType: string;
  fileSize: number;
  fileName: string;
}

/** A file name without path separators or control characters, at most 120 characters. */
function safeName(text: string): string {
  return [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

function namer() {
  const used = new Set<string>();
  return (base: string) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = base.replace(/(\.[^.]+)$/, ` (${n})$1`);
    used.add(name.toLowerCase());
    return name;
  };
}

async function readAll(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function documentsZip(
  db: Db,
  blobStore: BlobStore,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ctx: TenantContext,
  documentIds: number[],
): Promise<Readable> {
  const ids = [...new Set(documentIds)];
  const rows = new Map(
    (await findVisibleDocuments(db, ctx.companyId, ids)).map((r) => [r.document.id, r]),
  );
  const entryName = namer();
  const entries: Entry[] = ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw notFound(`Document #${id} was not found.`, 'document_not_found');
    const number = row.route.listValues?.[MetadataKey.number]?.trim();
    const stem = safeName(number ? `${number} - ${id}` : `Document ${id}`) || `Document ${id}`;
    const convertible =
      row.document.contentType === 'application/pdf' ||
      (PDF_RENDITION_TYPES as readonly string[]).includes(row.document.contentType);
    const name = convertible
      ? `${stem}.pdf`
      : `${stem} - ${safeName(row.document.fileName) || 'file'}`;
    return {
      id,
      name: entryName(name),
      fileKey: row.document.fileKey,
      contentType: row.document.contentType,
      fileSize: row.document.fileSize,
      fileName: row.document.fileName,
    };
  });
  await db.insert(documentHistory).values(
    entries.map((e) => ({
      documentId: e.id,
      companyId: ctx.companyId,
      userId: ctx.userId,
      operationId: HistoryOperation.Download,
      objectType: 'document',
      objectName: e.name.slice(0, 255),
      details: { format: 'zip' },
    })),
  );
  const archiver = await loadArchiver();
  const zip = archiver('zip', { zlib: { level: 6 } });
  const missing: string[] = [];
  // One entry after the other, each file opened only when its turn comes.
  void (async () => {
    try {
      for (const e of entries) {
        try {
          if (
            e.contentType !== 'application/pdf' &&
            (PDF_RENDITION_TYPES as readonly string[]).includes(e.contentType)
          ) {
            const image =
              e.fileSize > PDF_RENDITION_MAX_BYTES
                ? null
                : await readAll(await blobStore.get(e.fileKey), PDF_RENDITION_MAX_BYTES);
            if (!image) {
              missing.push(`${e.name}: the image is too large to convert; download it alone.`);
              continue;
            }
            zip.append(Buffer.from(await imageToPdf(image, e.contentType)), { name: e.name });
            continue;
          }
          const file = await blobStore.get(e.fileKey);
          zip.append(file, { name: e.name });
          await once(file, 'end');
        } catch (error) {
          log.warn({ err: error, documentId: e.id }, 'a file of the documents zip was left out');
          missing.push(`${e.name}: the file could not be read (${pdfFileName(e.fileName)}).`);
        }
      }
      if (missing.length > 0) {
        zip.append(`These files could not be added:\r\n${missing.join('\r\n')}\r\n`, {
          name: entryName('missing files.txt'),
        });
      }
      await zip.finalize();
    } catch (error) {
      log.error({ err: error }, 'the documents zip failed');
      zip.destroy(error as Error);
    }
  })();
  return zip;
}
