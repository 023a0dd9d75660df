import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { chatMessages, documentAttachments, documents, legalDocuments } from '../db/schema/index';
import { countBlobReferences, lockBlobForRemoval } from '../modules/document-upload/blob-cleanup';
import type { BlobStore } from '../platform/blob-store/index';

/**
 * Longer than any upload takes: a blob younger than this may belong to an upload whose row is
 * not committed yet, and a temporary file this young may still be written to.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;
const CONTENT_KEY = /^documents\/sha256\/[0-9a-f]{2}\/([0-9a-f]{64})$/;
/** pg_try_advisory_xact_lock key: one sweeping instance at a time. */
const SWEEP_LOCK = 0x464c_5357; // 'FLSW'

export interface SweepResult {
  temporaries: { count: number; bytes: number };
  orphans: { count: number; bytes: number; keys: string[] };
}

/** Which of these keys a row still references (documents, attachments, legal documents, chat). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const [a, b, c, d] = await Promise.all([
    db
      .selectDistinct({ key: documents.fileKey })
      .from(documents)
      .where(inArray(documents.fileKey, keys)),
    db
      .selectDistinct({ key: documentAttachments.fileKey })
      .from(documentAttachments)
      .where(inArray(documentAttachments.fileKey, keys)),
    db
      .selectDistinct({ key: legalDocuments.fileKey })
      .from(legalDocuments)
      .where(inArray(legalDocuments.fileKey, keys)),
    db
      .selectDistinct({ key: chatMessages.fileKey })
      .from(chatMessages)
      .where(inArray(chatMessages.fileKey, keys)),
  ]);
  return new Set(
    [...a, ...b, ...c, ...d].map((row) => row.key).filter((key): key is string => key !== null),
  );
}

/**
 * Removes what a crash left behind: temporary upload files, and blobs no row references (a
 * process killed between storing a file and committing its row). Only files older than
 * ORPHAN_MIN_AGE_MS go, so an upload in flight is never touched. Returns null when another
 * instance is sweeping.
 */
export async function sweepOrphanFiles(opts: {
  db: Db;
  blobStore: BlobStore;
  log?: FastifyBaseLogger;
  minAgeMs?: number;
  now?: Date;
}): Promise<SweepResult | null> {
  const { db, blobStore, log } = opts;
  const cutoff = new Date(
    (opts.now ?? new Date()).getTime() - (opts.minAgeMs ?? ORPHAN_MIN_AGE_MS),
  );
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ ok: sql<boolean>`pg_try_advisory_xact_lock(${SWEEP_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return null;

    const temporaries = await blobStore.removeStaleTemporaries(cutoff);
    const orphans = { count: 0, bytes: 0, keys: [] as string[] };
    let batch: { key: string; size: number }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const referenced = await referencedKeys(
        tx,
        batch.map((b) => b.key),
      );
      for (const blob of batch) {
        if (referenced.has(blob.key)) continue;
        // Shared document content: serialise with an upload that is about to reference it.
        const sha256 = CONTENT_KEY.exec(blob.key)?.[1];
        if (sha256) {
          await lockBlobForRemoval(tx, { key: blob.key, sha256 });
          if ((await countBlobReferences(tx, { key: blob.key, sha256 })) > 0) continue;
        }
        await blobStore.delete(blob.key);
        orphans.count += 1;
        orphans.bytes += blob.size;
        orphans.keys.push(blob.key);
      }
      batch = [];
    };
    for await (const blob of blobStore.list()) {
      if (blob.modifiedAt >= cutoff) continue;
      batch.push(blob);
      if (batch.length >= BATCH) await flush();
    }
    await flush();

    if (temporaries.count || orphans.count)
      log?.info(
        { temporaries, orphans: { count: orphans.count, bytes: orphans.bytes } },
        'removed files left behind by interrupted uploads',
      );
    if (orphans.keys.length) log?.debug({ keys: orphans.keys }, 'orphaned blobs removed');
    return { temporaries, orphans };
  });
}
