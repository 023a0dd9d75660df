import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentMetadata, documentRoutes, documents } from '../../db/schema/index';
import type { DocumentRow } from './repository';

/** Version chains and temporary replacement files (resubmit, Replace file, versions list). */

/**
 * The versions of a chain the company can see (newest first), numbered by their position in the
 * whole chain (temporary replacements are not versions).
 */
export async function findVisibleVersions(db: Db, companyId: number, rootId: number) {
  const chain = db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      createdAt: documents.createdAt,
      deletedAt: documents.deletedAt,
      versionNumber: sql<number>`row_number() over (order by ${documents.id})`
        .mapWith(Number)
        .as('version_number'),
    })
    .from(documents)
    .where(
      and(
        or(eq(documents.versionRootId, rootId), eq(documents.id, rootId)),
        eq(documents.isTemporary, false),
      ),
    )
    .as('chain');
  return db
    .select({
      id: chain.id,
      fileName: chain.fileName,
      createdAt: chain.createdAt,
      versionNumber: chain.versionNumber,
    })
    .from(chain)
    .where(
      and(
        isNull(chain.deletedAt),
        // The company's own versions, and an original a signed return replaced (its routes moved
        // to the signed version, docs/signing.md 'Versions').
        sql`(exists (select 1 from ${documentRoutes} r
                     where r.document_id = ${chain.id} and r.company_id = ${companyId})
          or (not exists (select 1 from ${documentRoutes} x where x.document_id = ${chain.id})
              and exists (select 1 from ${documents} n
                          join ${documentRoutes} r on r.document_id = n.id
                          where n.previous_version_id = ${chain.id}
                            and n.deleted_at is null and r.company_id = ${companyId})))`,
      ),
    )
    .orderBy(desc(chain.id));
}

/**
 * A temporary replacement file of the company: the temporary document itself, or the ones
 * uploaded to replace document `id`.
 */
export async function findTemporaryDocuments(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.ownerCompanyId, companyId),
        eq(documents.isTemporary, true),
        isNull(documents.deletedAt),
        or(eq(documents.id, id), eq(documents.previousVersionId, id)),
      ),
    );
}

/** A new version of a document: a copy of its row, linked to it. */
export async function insertVersionOf(
  db: Db,
  old: DocumentRow,
  userId: number,
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({
      documentTypeId: old.documentTypeId,
      ownerCompanyId: old.ownerCompanyId,
      createdByUserId: userId,
      batchName: old.batchName,
      receivingPartyId: old.receivingPartyId,
      receivingCompanyId: old.receivingCompanyId,
      fileName: old.fileName,
      fileKey: old.fileKey,
      fileSha256: old.fileSha256,
      fileSize: old.fileSize,
      contentType: old.contentType,
      pageCount: old.pageCount,
      previousVersionId: old.id,
      versionRootId: old.versionRootId ?? old.id,
    })
    .returning();
  if (!row) throw new Error('version not stored');
  return row;
}

/** Copies the sender's line items of one document onto another (a new version; no coding). */
export { copyLines as copyLineItems } from '../line-items/repository';

/** Copies the metadata of one document onto another (the target's own values are replaced). */
export async function copyMetadata(db: Db, fromId: number, toId: number) {
  await db.delete(documentMetadata).where(eq(documentMetadata.documentId, toId));
  await db.execute(sql`
    INSERT INTO document_metadata (document_id, metadata_definition_id, value, auto_extracted, lookup_value_id, party_id)
    SELECT ${toId}, metadata_definition_id, value, auto_extracted, lookup_value_id, party_id
    FROM document_metadata WHERE document_id = ${fromId}
  `);
}
