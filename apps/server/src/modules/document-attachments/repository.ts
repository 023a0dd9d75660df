import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { documentAttachments } from '../../db/schema/index';

export type AttachmentRow = typeof documentAttachments.$inferSelect;

/** The attachments of a document the caller reached through access.ts (both companies' files). */
export async function listAttachments(db: Db, documentId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(documentAttachments)
    .where(eq(documentAttachments.documentId, documentId))
    .orderBy(asc(documentAttachments.createdAt), asc(documentAttachments.id));
}

/**
 * Not tenant-scoped: the caller must then reach the attachment's document through access.ts
 * (and treat a miss as a 404) before using anything of it.
 */
export async function unsafeFindAttachment(db: Db, id: number): Promise<AttachmentRow | null> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db.select().from(documentAttachments).where(eq(documentAttachments.id, id));
    return row ?? null;
  });
}

export async function deleteAttachment(db: Db, id: number): Promise<void> {
  await db.delete(documentAttachments).where(eq(documentAttachments.id, id));
}
