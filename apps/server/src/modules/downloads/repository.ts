import { eq } from 'drizzle-orm';
import { HistoryOperation } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { documentAttachments, documentHistory } from '../../db/schema/index';

export type AttachmentRow = typeof documentAttachments.$inferSelect;

/**
 * An attachment by id alone. Not tenant-scoped on purpose: the caller must pass the attachment's
 * document through the documents tenant check (service.openAttachmentFile) before using it.
 */
export async function unsafeFindAttachment(db: Db, id: number): Promise<AttachmentRow | null> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.id, id))
      .limit(1);
    return row ?? null;
  });
}

/**
 * The Download history entry (operation 24) of an explicit download by the caller, or a Read
 * ('Viewed', operation 3) entry when the file was fetched to be shown (an attachment preview).
 */
export async function insertDownloadHistory(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  entry: {
    objectType: 'document' | 'attachment';
    objectName: string;
    format?: 'pdf';
    viewed?: boolean;
  },
) {
  await db.insert(documentHistory).values({
    documentId,
    companyId: ctx.companyId,
    userId: ctx.userId,
    operationId: entry.viewed ? HistoryOperation.Read : HistoryOperation.Download,
    objectType: entry.objectType,
    objectName: entry.objectName.slice(0, 255),
    details: entry.format ? { format: entry.format } : null,
  });
}
