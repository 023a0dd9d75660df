import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { DocumentTypeId, RouteStatus } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import type { documents } from '../../src/db/schema/index';
import { documentAttachments, documentRoutes } from '../../src/db/schema/index';
import { createDocument } from '../../src/modules/document-upload/create-document';
import type { BlobStore } from '../../src/platform/blob-store/index';
import type { CompanyRow, UserRow } from './factories';

export type DocumentRow = typeof documents.$inferSelect;

/** The smallest valid PDF: enough for sniffing and for pdf.js to open. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Every field a division order needs before it can be sent (pending, ready to return). */
export const completeDivisionOrderMetadata = {
  docOwnerName: 'Purchaser Co',
  docPropertyName: 'Reeves 12',
  docDecimalInterest: '0.00125000',
  docEffectiveDate: '2026-01-01',
  docOwnerTaxId: '75-7654321',
};

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
  /** The file's checksum when there is no blob store (default: one of its own). */
  fileSha256?: string;
  batchName?: string;
}

/**
 * A document written straight to the database, the way the upload and send use cases leave it
 * (document, metadata, routes, Create/Publish history, refreshed list and search columns), through
 * the same createDocument the upload and the demo data use.
 */
export async function buildDocument(db: Db, opts: BuildDocumentOptions): Promise<DocumentRow> {
  const file = opts.file ?? tinyPdf;
  let fileKey = 'documents/sha256/00/missing';
  // Without a blob store each document stands for a file of its own (a shared checksum would
  // make every invoice look like a duplicate of the others).
  let fileSha256 = opts.fileSha256 ?? crypto.randomBytes(32).toString('hex');
  if (opts.blobStore) {
    const stored = await opts.blobStore.putByContent('documents', Readable.from([file]));
    fileKey = stored.key;
    fileSha256 = stored.sha256;
  }
  return createDocument(db, {
    ownerCompanyId: opts.owner.id,
    userId: opts.user?.id ?? null,
    documentTypeId: opts.documentTypeId ?? DocumentTypeId.ArInvoice,
    file: {
      key: fileKey,
      sha256: fileSha256,
      size: file.length,
      contentType: 'application/pdf',
      fileName: opts.fileName ?? 'invoice.pdf',
      pageCount: 1,
    },
    batchName: opts.batchName ?? null,
    receivingPartyId: opts.receivingPartyId ?? null,
    receivingCompanyId: opts.receiver?.id ?? null,
    metadata: opts.metadata,
    sent: opts.receiver
      ? {
          receiverCompanyId: opts.receiver.id,
          ownerRouteStatusId: RouteStatus.Sent,
          receiverRouteStatusId: RouteStatus.Received,
          receiverIsRead: false,
          recordReceive: false,
        }
      : undefined,
  });
}

/** The route row of a company for a document (null when the company cannot see it). */
export async function routeOf(db: Db, documentId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, documentId), eq(documentRoutes.companyId, companyId)));
  return row ?? null;
}

/** Sets columns of a company's route row for a document (status, read flag, ...). */
export async function updateRoute(
  db: Db,
  document: DocumentRow,
  company: CompanyRow,
  values: Partial<typeof documentRoutes.$inferInsert>,
) {
  await db
    .update(documentRoutes)
    .set(values)
    .where(
      and(eq(documentRoutes.documentId, document.id), eq(documentRoutes.companyId, company.id)),
    );
}

/** An attachment of a company on a document, its file stored in the blob store. */
export async function buildAttachment(
  db: Db,
  blobStore: BlobStore,
  doc: DocumentRow,
  company: CompanyRow,
  file: { fileName: string; data: Buffer; contentType: string },
) {
  const stored = await blobStore.putByContent('documents', Readable.from([file.data]));
  const [row] = await db
    .insert(documentAttachments)
    .values({
      documentId: doc.id,
      companyId: company.id,
      fileName: file.fileName,
      fileKey: stored.key,
      fileSha256: stored.sha256,
      fileSize: stored.size,
      contentType: file.contentType,
    })
    .returning();
  return row!;
}
