import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { DocumentTypeId, HistoryOperation, RouteStatus } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import {
  documentHistory,
  documentMetadata,
  documentRoutes,
  documents,
  metadataDefinitions,
} from '../../src/db/schema/index';
import { refreshDocumentIndex } from '../../src/modules/documents/search-index';
import type { BlobStore } from '../../src/platform/blob-store/index';
import type { CompanyRow, UserRow } from './factories';

export type DocumentRow = typeof documents.$inferSelect;

/** The smallest valid PDF: enough for sniffing and for pdf.js to open. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export interface BuildDocumentOptions {
  /** The company that uploaded the document (its `sent` route). */
  owner: CompanyRow;
  user?: UserRow;
  documentTypeId?: number;
  /** Metadata by key, e.g. { docNumber: 'INV-1', docTotal: '125.00' }. */
  metadata?: Record<string, string | null>;
  /** When given the document is sent: owner route Sent, receiver route Received (unread). */
  receiver?: CompanyRow;
  receivingPartyId?: number;
  fileName?: string;
  file?: Buffer;
  /** Stores the file in this blob store (otherwise only the row is written). */
  blobStore?: BlobStore;
  batchName?: string;
}

/**
 * A document written straight to the database, the way the upload and send use cases leave it
 * (document, metadata, routes, Create/Publish history, refreshed list and search columns).
 */
export async function buildDocument(db: Db, opts: BuildDocumentOptions): Promise<DocumentRow> {
  const documentTypeId = opts.documentTypeId ?? DocumentTypeId.ArInvoice;
  const file = opts.file ?? tinyPdf;
  let fileKey = 'documents/sha256/00/missing';
  let fileSha256 = '0'.repeat(64);
  if (opts.blobStore) {
    const stored = await opts.blobStore.putByContent('documents', Readable.from([file]));
    fileKey = stored.key;
    fileSha256 = stored.sha256;
  }
  const [doc] = await db
    .insert(documents)
    .values({
      documentTypeId,
      ownerCompanyId: opts.owner.id,
      createdByUserId: opts.user?.id ?? null,
      batchName: opts.batchName ?? null,
      receivingPartyId: opts.receivingPartyId ?? null,
      receivingCompanyId: opts.receiver?.id ?? null,
      fileName: opts.fileName ?? 'invoice.pdf',
      fileKey,
      fileSha256,
      fileSize: file.length,
      contentType: 'application/pdf',
      pageCount: 1,
      publishedAt: opts.receiver ? new Date() : null,
    })
    .returning();
  if (!doc) throw new Error('document not created');
  await db.update(documents).set({ versionRootId: doc.id }).where(eq(documents.id, doc.id));

  const entries = Object.entries(opts.metadata ?? {});
  if (entries.length) {
    const definitions = await db
      .select({ id: metadataDefinitions.id, key: metadataDefinitions.key })
      .from(metadataDefinitions)
      .where(eq(metadataDefinitions.documentTypeId, documentTypeId));
    const idOf = new Map(definitions.map((d) => [d.key, d.id]));
    await db.insert(documentMetadata).values(
      entries.map(([key, value]) => {
        const metadataDefinitionId = idOf.get(key);
        if (!metadataDefinitionId) throw new Error(`type ${documentTypeId} has no field ${key}`);
        return { documentId: doc.id, metadataDefinitionId, value };
      }),
    );
  }

  await db.insert(documentRoutes).values({
    documentId: doc.id,
    companyId: opts.owner.id,
    side: 'sent',
    documentTypeId,
    routeStatusId: opts.receiver ? RouteStatus.Sent : null,
    isRead: true,
    partyId: opts.receivingPartyId ?? null,
    counterpartyCompanyId: opts.receiver?.id ?? null,
  });
  await db.insert(documentHistory).values({
    documentId: doc.id,
    companyId: opts.owner.id,
    userId: opts.user?.id ?? null,
    operationId: HistoryOperation.Create,
    objectType: 'document',
  });
  if (opts.receiver) {
    await db.insert(documentRoutes).values({
      documentId: doc.id,
      companyId: opts.receiver.id,
      side: 'received',
      documentTypeId,
      routeStatusId: RouteStatus.Received,
      isRead: false,
      counterpartyCompanyId: opts.owner.id,
    });
    await db.insert(documentHistory).values({
      documentId: doc.id,
      companyId: opts.owner.id,
      userId: opts.user?.id ?? null,
      operationId: HistoryOperation.Publish,
      objectType: 'document',
    });
  }
  await refreshDocumentIndex(db, doc.id);
  const [row] = await db.select().from(documents).where(eq(documents.id, doc.id));
  return row!;
}

/** The route row of a company for a document (null when the company cannot see it). */
export async function routeOf(db: Db, documentId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, documentId), eq(documentRoutes.companyId, companyId)));
  return row ?? null;
}
