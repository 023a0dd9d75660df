import { and, asc, eq, sql } from 'drizzle-orm';
import {
  FieldType,
  HistoryOperation,
  PartyType,
  validateMetadataValue,
  type MetadataValueInput,
  type ProposedValue,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  documentExtractions,
  documentMetadata,
  documentPages,
  documents,
  metadataDefinitions,
  parties,
} from '../../db/schema/index';
import { appendHistory, type NewHistoryEntry } from '../document-history/repository';
import { refreshDocumentIndex } from '../documents/search-index';
import { FILL_THRESHOLD, proposeMetadata } from './proposals/index';
import type { ReadPage } from './reading/types';

/**
 * Applying auto-extraction's proposals to a document's metadata (issue 14 item 4,
 * docs/document-intelligence.md "Applying proposals"). A proposal fills a field only when no one
 * has given it a value: a value a user typed (or the upload prefilled) is never replaced, nor is a
 * field that has a value on the user's screen. Values written here carry `autoExtracted`, which
 * the screen highlights; a later proposal may refresh them until a user saves the field.
 */

export interface AutoExtractionOutcome {
  proposals: ProposedValue[];
  /** Keys of the fields this run wrote. */
  applied: string[];
  proposedLineItems: number;
}

export interface ApplyOptions {
  /** The values on the caller's screen (POST /autoextraction): a field with a value is kept. */
  screenValues?: MetadataValueInput[];
  /** Who asked (history); null for the automatic run after reading. */
  userId?: number | null;
  /** Whether a field emptied by a user may be filled again (only on explicit request). */
  fillClearedFields?: boolean;
}

/** Party fields and the connection type they accept (null: any). */
const PARTY_TYPE_OF_FIELD = new Map<number, number | null>([
  [FieldType.Vendor, PartyType.Vendor],
  [FieldType.Owner, PartyType.Owner],
  [FieldType.Operator, PartyType.Operator],
  [FieldType.Bank, PartyType.Bank],
  [FieldType.Purchaser, PartyType.Purchaser],
  [FieldType.Party, null],
]);

/** How alike (pg_trgm similarity) a read name must be to a connection's name to pick it. */
const PARTY_MATCH_SIMILARITY = 0.55;

/** The owner's connection whose name is most like the proposed one, if it is alike enough. */
async function matchParty(tx: Db, companyId: number, partyTypeId: number | null, name: string) {
  const [match] = await tx
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        partyTypeId === null ? undefined : eq(parties.partyTypeId, partyTypeId),
        sql`similarity(lower(${parties.name}), lower(${name})) >= ${PARTY_MATCH_SIMILARITY}`,
      ),
    )
    .orderBy(sql`similarity(lower(${parties.name}), lower(${name})) DESC`)
    .limit(1);
  return match ?? null;
}

export async function loadReadPages(db: Db, documentId: number): Promise<ReadPage[]> {
  const rows = await db
    .select()
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId))
    .orderBy(asc(documentPages.pageNumber));
  return rows.map((r) => ({
    page: r.pageNumber,
    width: r.width,
    height: r.height,
    source: r.source,
    words: r.words,
  }));
}

/**
 * Proposes values from the document's read pages and writes those that may be written, in one
 * transaction with the document locked (a user's concurrent save waits, then wins).
 */
export async function applyAutoExtraction(
  db: Db,
  documentId: number,
  options: ApplyOptions = {},
): Promise<AutoExtractionOutcome> {
  const pages = await loadReadPages(db, documentId);
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .select({
        id: documents.id,
        documentTypeId: documents.documentTypeId,
        ownerCompanyId: documents.ownerCompanyId,
        publishedAt: documents.publishedAt,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(eq(documents.id, documentId))
      .for('update');
    if (!doc || pages.length === 0) return { proposals: [], applied: [], proposedLineItems: 0 };

    // Dates are judged against when the document arrived, not when it is read again.
    const result = proposeMetadata(doc.documentTypeId, pages, { uploadedAt: doc.createdAt });
    const proposals: ProposedValue[] = result.values.map((v) => ({
      key: v.key,
      value: v.value,
      confidence: v.confidence,
    }));
    await tx
      .update(documentExtractions)
      .set({ proposals, proposedLineItems: result.lineItems, updatedAt: new Date() })
      .where(eq(documentExtractions.documentId, documentId));

    // A sent document is the receiver's record too: it is not rewritten behind anyone's back.
    if (doc.publishedAt !== null) {
      return { proposals, applied: [], proposedLineItems: result.lineItems.length };
    }

    const definitions = await tx
      .select()
      .from(metadataDefinitions)
      .where(eq(metadataDefinitions.documentTypeId, doc.documentTypeId));
    const stored = await tx
      .select()
      .from(documentMetadata)
      .where(eq(documentMetadata.documentId, documentId));
    const storedById = new Map(stored.map((s) => [s.metadataDefinitionId, s]));
    const onScreen = new Map(
      (options.screenValues ?? []).map((v) => [v.metadataDefinitionId, v.value?.trim() ?? '']),
    );

    const history: NewHistoryEntry[] = [];
    const applied: string[] = [];
    for (const proposal of proposals) {
      // Below the fill threshold a value is only proposed (issue 34 item 2): kept with its
      // confidence in document_extractions.proposals and in this call's answer, not written.
      if (proposal.confidence < FILL_THRESHOLD) continue;
      const def = definitions.find((d) => d.key === proposal.key);
      if (!def || def.isReadonly || def.isDocumentProperty || def.isThirdParty) continue;
      if (def.fieldTypeId === FieldType.List || def.fieldTypeId === FieldType.OrgUnit) continue;
      if (onScreen.get(def.id)) continue;
      const current = storedById.get(def.id);
      if (current && !current.autoExtracted) {
        const cleared = current.value === null || current.value.trim() === '';
        if (!cleared || !options.fillClearedFields) continue;
      }
      let value = proposal.value;
      let partyId: number | null = null;
      if (PARTY_TYPE_OF_FIELD.has(def.fieldTypeId)) {
        const party = await matchParty(
          tx,
          doc.ownerCompanyId,
          PARTY_TYPE_OF_FIELD.get(def.fieldTypeId) ?? null,
          value,
        );
        // The AR purchaser is the receiver: only a known connection will do (metadata-save.ts).
        if (!party && def.fieldTypeId === FieldType.Purchaser) continue;
        if (party) ({ id: partyId, name: value } = party);
      }
      if (current?.value === value) continue;
      const problem = validateMetadataValue(
        { name: def.name, metadataType: { id: def.fieldTypeId }, isMultiple: def.isMultiple },
        value,
      );
      if (problem) continue;
      const values = {
        value,
        autoExtracted: true,
        lookupValueId: null,
        partyId,
        updatedAt: new Date(),
      };
      await tx
        .insert(documentMetadata)
        .values({ documentId, metadataDefinitionId: def.id, ...values })
        .onConflictDoUpdate({
          target: [documentMetadata.documentId, documentMetadata.metadataDefinitionId],
          set: values,
        });
      applied.push(def.key);
      history.push({
        documentId,
        companyId: doc.ownerCompanyId,
        userId: options.userId ?? null,
        operationId: HistoryOperation.AutoExtraction,
        objectType: 'metadata',
        objectName: def.name,
        metadataDefinitionId: def.id,
        metadataTypeId: def.fieldTypeId,
        oldValue: current?.value ?? null,
        newValue: value,
        details: { confidence: proposal.confidence },
      });
    }
    if (applied.length > 0) {
      await appendHistory(tx, history);
      await refreshDocumentIndex(tx, documentId);
      await tx.update(documents).set({ updatedAt: new Date() }).where(eq(documents.id, documentId));
    }
    return { proposals, applied, proposedLineItems: result.lineItems.length };
  });
}
