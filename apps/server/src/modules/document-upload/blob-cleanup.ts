import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentAttachments, documents } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';

/**
 * Document files and attachments are stored by content (BlobStore.putByContent('documents', …)):
 * two rows with the same bytes share one blob. A blob may therefore only be removed when no
 * `documents` or `document_attachments` row references it any more — use these two helpers for
 * every removal (failed uploads, deletes of attachments or documents).
 *
 * Races between an upload that is about to reference a blob and a clean-up that is about to
 * remove it are serialised by a transaction-scoped advisory lock on the content hash: writers
 * take it shared (lockBlobForUse), the clean-up exclusively.
 */

/** Arbitrary constant: the advisory-lock namespace of document blobs. */
const BLOB_LOCK_NAMESPACE = 7_263_101;

export interface DocumentBlob {
  key: string;
  sha256: string;
}

/**
 * Call inside the transaction that inserts a row referencing the blob: holds off a concurrent
 * clean-up of the same content until the commit, and fails when the blob is already gone.
 */
export async function lockBlobForUse(tx: Db, blobStore: BlobStore, blob: DocumentBlob) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock_shared(${BLOB_LOCK_NAMESPACE}, hashtext(${blob.sha256}))`,
  );
  if (!(await blobStore.exists(blob.key))) {
    throw new AppError(
      409,
      'upload_conflict',
      'The file was removed while uploading; send it again.',
    );
  }
}

/** How many document and attachment rows (deleted documents included) reference the blob. */
export async function countBlobReferences(db: Db, blob: DocumentBlob): Promise<number> {
  const [docs] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.fileSha256, blob.sha256), eq(documents.fileKey, blob.key)));
  const [attachments] = await db
    .select({ n: count() })
    .from(documentAttachments)
    .where(
      and(
        eq(documentAttachments.fileSha256, blob.sha256),
        eq(documentAttachments.fileKey, blob.key),
      ),
    );
  return (docs?.n ?? 0) + (attachments?.n ?? 0);
}

/**
 * Inside a transaction that will remove the blob: waits for uploads about to reference it and
 * holds off new ones until the commit. Recount the references after taking it.
 */
export async function lockBlobForRemoval(tx: Db, blob: DocumentBlob) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${BLOB_LOCK_NAMESPACE}, hashtext(${blob.sha256}))`,
  );
}

/**
 * Removes the blob unless a row still references it. Run it after the transaction that removed
 * (or failed to write) the row has ended. Returns whether the blob was removed.
 */
export async function releaseBlobIfUnreferenced(
  db: Db,
  blobStore: BlobStore,
  blob: DocumentBlob,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBlobForRemoval(tx, blob);
    if ((await countBlobReferences(tx, blob)) > 0) return false;
    await blobStore.delete(blob.key);
    return true;
  });
}
