import { eq } from 'drizzle-orm';
import { HistoryOperation, metadataFieldSeeds } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  documentHistory,
  documentMetadata,
  documentRoutes,
  documents,
  metadataDefinitions,
} from '../../db/schema/index';
import { refreshDocumentIndex } from '../documents/search-index';

/**
 * The one function that writes a new document with everything around it: the documents row
 * (its own version root), metadata values, the owner's `sent` route, a Create history entry and —
 * for a document that is already sent (demo data, tests, benchmarks) — the receiver's route with
 * Publish/Receive history; then the list and search columns. Call it inside a transaction.
 */

export interface NewDocumentFile {
  key: string;
  sha256: string;
  size: number;
  contentType: string;
  fileName: string;
  pageCount: number | null;
}

/** A metadata value: the canonical text, or the text with the party / lookup value it names. */
export type NewMetadataValue =
  string | null | { value: string | null; partyId?: number | null; lookupValueId?: number | null };

export interface NewDocumentSent {
  receiverCompanyId: number;
  /** The receiver's own connection for the owner company, when it has one. */
  receiverPartyId?: number | null;
  ownerRouteStatusId: number;
  receiverRouteStatusId: number;
  receiverIsRead?: boolean;
  /** Who published (default: the uploader). */
  publishedByUserId?: number | null;
  /** Writes the Receive entry next to Publish, as the publish use case does (default true). */
  recordReceive?: boolean;
}

export interface NewDocumentHistory {
  operationId: number;
  companyId: number;
  userId?: number | null;
  oldValue?: string | null;
  newValue?: string | null;
  objectName?: string | null;
  at?: Date;
}

export interface NewDocumentInput {
  ownerCompanyId: number;
  userId: number | null;
  documentTypeId: number;
  file: NewDocumentFile;
  batchName?: string | null;
  /** The owner's connection the document goes to, and the company behind it. */
  receivingPartyId?: number | null;
  receivingCompanyId?: number | null;
  /** Values by metadata key; a key the type does not have is a programming error. */
  metadata?: Record<string, NewMetadataValue>;
  sent?: NewDocumentSent;
  /** Extra history after Create/Publish (e.g. Approve, Reject with the reason as newValue). */
  history?: NewDocumentHistory[];
  /** When it happened (default now): demo data spreads documents over past months. */
  at?: Date;
  /**
   * A document the owner received from outside the network (by e-mail, issue 30 item 3): the
   * owner's one route is a `received` one with this status and sender connection, and no
   * Create entry (the caller writes how it arrived).
   */
  receivedFromOutside?: { routeStatusId: number; partyId: number | null };
  /**
   * The caller sends the document in the same transaction, and sending refreshes the search
   * index of every route (documents/publish.ts): the refresh here would be overwritten unread.
   */
  sentInSameTransaction?: boolean;
}

export type NewDocumentRow = typeof documents.$inferSelect;

export async function createDocument(tx: Db, input: NewDocumentInput): Promise<NewDocumentRow> {
  const at = input.at ?? new Date();
  const [doc] = await tx
    .insert(documents)
    .values({
      documentTypeId: input.documentTypeId,
      ownerCompanyId: input.ownerCompanyId,
      createdByUserId: input.userId,
      batchName: input.batchName ?? null,
      receivingPartyId: input.receivingPartyId ?? null,
      receivingCompanyId: input.receivingCompanyId ?? input.sent?.receiverCompanyId ?? null,
      fileName: input.file.fileName,
      fileKey: input.file.key,
      fileSha256: input.file.sha256,
      fileSize: input.file.size,
      contentType: input.file.contentType,
      pageCount: input.file.pageCount,
      publishedAt: input.sent ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!doc) throw new Error('document not created');
  const [row] = await tx
    .update(documents)
    .set({ versionRootId: doc.id })
    .where(eq(documents.id, doc.id))
    .returning();

  await insertMetadata(tx, doc.id, input.documentTypeId, input.metadata ?? {}, at);

  const sent = input.sent;
  const outside = input.receivedFromOutside;
  const routes: Array<typeof documentRoutes.$inferInsert> = [
    outside
      ? {
          documentId: doc.id,
          companyId: input.ownerCompanyId,
          side: 'received',
          documentTypeId: input.documentTypeId,
          routeStatusId: outside.routeStatusId,
          isRead: false,
          partyId: outside.partyId,
          counterpartyCompanyId: null,
          createdAt: at,
          updatedAt: at,
        }
      : {
          documentId: doc.id,
          companyId: input.ownerCompanyId,
          side: 'sent',
          documentTypeId: input.documentTypeId,
          routeStatusId: sent?.ownerRouteStatusId ?? null,
          isRead: true,
          partyId: input.receivingPartyId ?? null,
          counterpartyCompanyId: input.receivingCompanyId ?? sent?.receiverCompanyId ?? null,
          createdAt: at,
          updatedAt: at,
        },
  ];
  const history: NewDocumentHistory[] = outside
    ? []
    : [
        {
          operationId: HistoryOperation.Create,
          companyId: input.ownerCompanyId,
          userId: input.userId,
        },
      ];
  if (sent) {
    routes.push({
      documentId: doc.id,
      companyId: sent.receiverCompanyId,
      side: 'received',
      documentTypeId: input.documentTypeId,
      routeStatusId: sent.receiverRouteStatusId,
      isRead: sent.receiverIsRead ?? false,
      partyId: sent.receiverPartyId ?? null,
      counterpartyCompanyId: input.ownerCompanyId,
      createdAt: at,
      updatedAt: at,
    });
    const publisher = sent.publishedByUserId === undefined ? input.userId : sent.publishedByUserId;
    history.push({
      operationId: HistoryOperation.Publish,
      companyId: input.ownerCompanyId,
      userId: publisher,
    });
    if (sent.recordReceive ?? true) {
      history.push({
        operationId: HistoryOperation.Receive,
        companyId: sent.receiverCompanyId,
        userId: publisher,
      });
    }
  }
  await tx.insert(documentRoutes).values(routes);
  history.push(...(input.history ?? []));
  if (history.length)
    await tx.insert(documentHistory).values(
      history.map((h) => ({
        documentId: doc.id,
        companyId: h.companyId,
        userId: h.userId ?? null,
        operationId: h.operationId,
        objectType: 'document',
        objectName: h.objectName ?? null,
        oldValue: h.oldValue ?? null,
        newValue: h.newValue ?? null,
        createdAt: h.at ?? at,
      })),
    );
  if (!input.sentInSameTransaction) await refreshDocumentIndex(tx, doc.id);
  return row ?? doc;
}

async function insertMetadata(
  tx: Db,
  documentId: number,
  documentTypeId: number,
  metadata: Record<string, NewMetadataValue>,
  at: Date,
) {
  const entries = Object.entries(metadata);
  if (!entries.length) return;
  const idOf = await definitionIds(tx, documentTypeId, Object.keys(metadata));
  await tx.insert(documentMetadata).values(
    entries.map(([key, entry]) => {
      const metadataDefinitionId = idOf.get(key);
      if (!metadataDefinitionId) throw new Error(`type ${documentTypeId} has no field ${key}`);
      const value = entry !== null && typeof entry === 'object' ? entry : { value: entry };
      return {
        documentId,
        metadataDefinitionId,
        value: value.value,
        partyId: value.partyId ?? null,
        lookupValueId: value.lookupValueId ?? null,
        updatedAt: at,
      };
    }),
  );
}

/**
 * Metadata definition ids by key. The definitions are reference data seeded from
 * packages/shared with fixed ids, so the seeds answer without a query; a key they do not know
 * (a definition added to the database only) is looked up.
 */
async function definitionIds(
  tx: Db,
  documentTypeId: number,
  keys: string[],
): Promise<Map<string, number>> {
  const seeded = seedIdsByType.get(documentTypeId);
  if (seeded && keys.every((k) => seeded.has(k))) return seeded;
  const rows = await tx
    .select({ id: metadataDefinitions.id, key: metadataDefinitions.key })
    .from(metadataDefinitions)
    .where(eq(metadataDefinitions.documentTypeId, documentTypeId));
  return new Map(rows.map((d) => [d.key, d.id]));
}

const seedIdsByType = new Map<number, Map<string, number>>();
for (const f of metadataFieldSeeds) {
  const map = seedIdsByType.get(f.documentTypeId) ?? new Map<string, number>();
  map.set(f.key, f.id);
  seedIdsByType.set(f.documentTypeId, map);
}

/**
 * A temporary replacement file (Replace file): a document row only — no route, so no list shows
 * it — waiting for Resubmit to make it the next version (documents/resubmit.ts), or for the
 * orphan sweep and deleteTempFile to remove it.
 */
export async function createTemporaryDocument(
  tx: Db,
  input: {
    ownerCompanyId: number;
    userId: number;
    documentTypeId: number;
    file: NewDocumentFile;
    previousVersionId: number;
    at: Date;
  },
): Promise<NewDocumentRow> {
  const [doc] = await tx
    .insert(documents)
    .values({
      documentTypeId: input.documentTypeId,
      ownerCompanyId: input.ownerCompanyId,
      createdByUserId: input.userId,
      fileName: input.file.fileName,
      fileKey: input.file.key,
      fileSha256: input.file.sha256,
      fileSize: input.file.size,
      contentType: input.file.contentType,
      pageCount: input.file.pageCount,
      isTemporary: true,
      previousVersionId: input.previousVersionId,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!doc) throw new Error('temporary document not created');
  return doc;
}
