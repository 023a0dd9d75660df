import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  documentLineItems,
  documentMetadata,
  documentRoutes,
  documents,
  documentTypes,
  erpApprovals,
  lineItemCoding,
  metadataDefinitions,
} from '../../db/schema/index';

/** The export feed's reads and marks (docs/pidx.md 'ERP export feed'); a page is five queries. */

/** Approvals of the company after the cursor, in feed order, with their document. */
export async function findApprovalsAfter(db: Db, companyId: number, cursor: number, limit: number) {
  return db
    .select({
      seq: erpApprovals.seq,
      approvedAt: erpApprovals.approvedAt,
      exportedAt: erpApprovals.exportedAt,
      documentId: documents.id,
      documentTypeId: documents.documentTypeId,
      documentType: documentTypes.name,
      vendorCompanyId: documents.ownerCompanyId,
      vendorName: companies.name,
      routeStatusId: documentRoutes.routeStatusId,
      partyId: documentRoutes.partyId,
    })
    .from(erpApprovals)
    .innerJoin(documents, eq(documents.id, erpApprovals.documentId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(companies, eq(companies.id, documents.ownerCompanyId))
    .innerJoin(
      documentRoutes,
      and(
        eq(documentRoutes.documentId, documents.id),
        eq(documentRoutes.companyId, erpApprovals.companyId),
      ),
    )
    .where(
      and(
        eq(erpApprovals.companyId, companyId),
        gt(erpApprovals.seq, cursor),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(erpApprovals.seq))
    .limit(limit);
}

export async function findMetadata(db: Db, documentIds: number[]) {
  if (!documentIds.length) return [];
  return db
    .select({
      documentId: documentMetadata.documentId,
      key: metadataDefinitions.key,
      value: documentMetadata.value,
    })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(inArray(documentMetadata.documentId, documentIds));
}

/** The sender's lines with the company's own coding of each. */
export async function findCodedLines(db: Db, companyId: number, documentIds: number[]) {
  if (!documentIds.length) return [];
  return db
    .select({
      documentId: documentLineItems.documentId,
      lineNumber: documentLineItems.lineNumber,
      description: documentLineItems.description,
      quantity: documentLineItems.quantity,
      unitPrice: documentLineItems.unitPrice,
      amount: documentLineItems.amount,
      afe: lineItemCoding.afe,
      costCenter: lineItemCoding.costCenter,
      accountCode: lineItemCoding.accountCode,
      well: lineItemCoding.well,
      property: lineItemCoding.property,
    })
    .from(documentLineItems)
    .leftJoin(
      lineItemCoding,
      and(
        eq(lineItemCoding.lineItemId, documentLineItems.id),
        eq(lineItemCoding.companyId, companyId),
      ),
    )
    .where(inArray(documentLineItems.documentId, documentIds))
    .orderBy(asc(documentLineItems.documentId), asc(documentLineItems.lineNumber));
}

/** Marks the approvals exported (the 'Exported' marker) and counts the export. */
export async function markExported(db: Db, companyId: number, seqs: number[], at: Date) {
  if (!seqs.length) return;
  await db
    .update(erpApprovals)
    .set({ exportedAt: at, exportCount: sql`${erpApprovals.exportCount} + 1` })
    .where(and(eq(erpApprovals.companyId, companyId), inArray(erpApprovals.seq, seqs)));
}
