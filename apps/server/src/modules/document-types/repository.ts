import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentTypes, metadataDefinitions, metadataLookupValues } from '../../db/schema/index';

/** Document types, their metadata definitions and lookup values: global reference data. */

const typeColumns = {
  id: documentTypes.id,
  name: documentTypes.name,
  documentTypeTemplateId: documentTypes.templateId,
  lineItemsEnabled: documentTypes.lineItemsEnabled,
  isAccountingReport: documentTypes.isAccountingReport,
  adminOnly: documentTypes.adminOnly,
};

export type DocumentTypeRow = Awaited<ReturnType<typeof findDocumentTypes>>[number];
export type MetadataDefinitionRow = typeof metadataDefinitions.$inferSelect;
export type LookupValueRow = typeof metadataLookupValues.$inferSelect;

export function findDocumentTypes(db: Db) {
  return db.select(typeColumns).from(documentTypes).orderBy(asc(documentTypes.id));
}

export async function findDocumentType(db: Db, id: number) {
  const [row] = await db.select(typeColumns).from(documentTypes).where(eq(documentTypes.id, id));
  return row ?? null;
}

/** The first type (lowest id) of a template. */
export async function findFirstTypeOfTemplate(db: Db, templateId: number) {
  const [row] = await db
    .select(typeColumns)
    .from(documentTypes)
    .where(eq(documentTypes.templateId, templateId))
    .orderBy(asc(documentTypes.id))
    .limit(1);
  return row ?? null;
}

/** Definitions of the given types (every type when omitted), by type, then sort order. */
export function findMetadataDefinitions(db: Db, typeIds?: number[]) {
  const query = db.select().from(metadataDefinitions);
  const filtered = typeIds
    ? query.where(inArray(metadataDefinitions.documentTypeId, typeIds))
    : query;
  return filtered.orderBy(
    asc(metadataDefinitions.documentTypeId),
    asc(metadataDefinitions.sortOrder),
    asc(metadataDefinitions.id),
  );
}

export function findLookupValues(db: Db, definitionIds: number[]) {
  if (!definitionIds.length) return Promise.resolve([] as LookupValueRow[]);
  return db
    .select()
    .from(metadataLookupValues)
    .where(inArray(metadataLookupValues.metadataDefinitionId, definitionIds))
    .orderBy(asc(metadataLookupValues.sortOrder), asc(metadataLookupValues.id));
}
