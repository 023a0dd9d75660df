import { sql } from 'drizzle-orm';
import {
  DUPLICATE_WINDOW_MONTHS,
  MetadataKey,
  isInvoiceDocument,
  normalizeInvoiceNumber,
  type PossibleDuplicate,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../document-lists/sql-fragments';
import type { LoadedDocument } from './policy';
import { findCompanyParty } from './repository';

interface DuplicateRow {
  document_id: number;
  number: string | null;
  sent_at: Date | string;
  same_file: boolean;
}

/**
 * Invoices this one looks like (issue 12 item 7): sent by the same company to the same receiver in
 * the last 18 months, other than this document's own versions, with the same file (checksum) or
 * the same invoice number once normalised. Both sides see them: each saw both invoices.
 */
export async function findPossibleDuplicates(
  db: Db,
  loaded: LoadedDocument,
  number: string | null,
): Promise<PossibleDuplicate[]> {
  const doc = loaded.document;
  if (!isInvoiceDocument(loaded.type.templateId, loaded.type.id)) return [];
  // Before sending, the receiver is the company behind the chosen connection.
  const receiverId =
    doc.receivingCompanyId ??
    (doc.receivingPartyId === null
      ? null
      : ((await findCompanyParty(db, doc.ownerCompanyId, doc.receivingPartyId))
          ?.connectedCompanyId ?? null));
  if (receiverId === null) return [];
  const normalized = normalizeInvoiceNumber(number);
  const result = await db.execute(sql`
    SELECT d.id AS document_id, r.list_values ->> ${MetadataKey.number} AS number,
      d.published_at AS sent_at, d.file_sha256 = ${doc.fileSha256} AS same_file
    FROM documents d
    JOIN document_routes r ON r.document_id = d.id AND r.company_id = d.owner_company_id
    WHERE d.owner_company_id = ${doc.ownerCompanyId}
      AND d.receiving_company_id = ${receiverId}
      AND d.published_at > now() - make_interval(months => ${DUPLICATE_WINDOW_MONTHS})
      AND d.deleted_at IS NULL AND NOT d.is_temporary
      AND d.id <> ${doc.id}
      AND coalesce(d.version_root_id, d.id) <> ${doc.versionRootId ?? doc.id}
      AND (d.file_sha256 = ${doc.fileSha256}
        OR (${normalized}::text IS NOT NULL AND upper(regexp_replace(
          coalesce(r.list_values ->> ${MetadataKey.number}, ''), '[^A-Za-z0-9]', '', 'g'))
          = ${normalized}::text))
    ORDER BY d.published_at DESC
    LIMIT 5`);
  return rowsOf<DuplicateRow>(result).map((r) => ({
    documentId: r.document_id,
    number: r.number,
    sentAt: new Date(r.sent_at).toISOString(),
    reason: r.same_file ? 'sameFile' : 'sameNumber',
  }));
}
