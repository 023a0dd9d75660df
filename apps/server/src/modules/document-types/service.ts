import type {
  DocumentTypeDetails,
  DocumentTypeInstance,
  DocumentTypeListItem,
  MetadataDefinition,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { listColumnsOf, presentMetadataDefinition } from './presenter';
import * as repo from './repository';

/** Document types (spec 1 §3, spec 3 §7): reference data every member may read. */

const typeNotFound = () => notFound('Document type not found', 'document_type_not_found');

export async function listDocumentTypes(
  db: Db,
  includeFullDetails: boolean,
): Promise<DocumentTypeListItem[]> {
  const types = await repo.findDocumentTypes(db);
  if (!includeFullDetails) return types;
  const byType = groupByType((await repo.findMetadataDefinitions(db)).map(withType));
  return types.map((t) => {
    const metadataDefinitions = byType.get(t.id) ?? [];
    return { ...t, metadataDefinitions, listColumns: listColumnsOf(metadataDefinitions) };
  });
}

export async function getDocumentType(db: Db, id: number): Promise<DocumentTypeDetails> {
  const type = await repo.findDocumentType(db, id);
  if (!type) throw typeNotFound();
  const metadataDefinitions = await loadMetadataDefinitions(db, id);
  return { ...type, metadataDefinitions, listColumns: listColumnsOf(metadataDefinitions) };
}

/** The metadata definitions of one type, ordered by sortOrder (for other modules, too). */
export async function loadMetadataDefinitions(
  db: Db,
  documentTypeId: number,
): Promise<MetadataDefinition[]> {
  const rows = await repo.findMetadataDefinitions(db, [documentTypeId]);
  return rows.map(presentMetadataDefinition);
}

/**
 * An empty document of the first type (lowest id) with the template: one entry per definition,
 * every value null; List fields carry their allowed values.
 */
export async function getTemplateInstance(
  db: Db,
  templateId: number,
): Promise<DocumentTypeInstance> {
  const type = await repo.findFirstTypeOfTemplate(db, templateId);
  if (!type) throw typeNotFound();
  const rows = await repo.findMetadataDefinitions(db, [type.id]);
  const lookups = await repo.findLookupValues(
    db,
    rows.map((r) => r.id),
  );
  const allowed = new Map<number, { id: number; lookupValue: string }[]>();
  for (const l of lookups) {
    const list = allowed.get(l.metadataDefinitionId) ?? [];
    list.push({ id: l.id, lookupValue: l.lookupValue });
    allowed.set(l.metadataDefinitionId, list);
  }
  return {
    ...type,
    documentTypeId: type.id,
    documentTypeName: type.name,
    metadata: rows.map((row) => ({
      metadata: presentMetadataDefinition(row),
      value: null,
      highlight: false,
      autoExtracted: false,
      allowedValues: allowed.get(row.id) ?? null,
      lookupValue: null,
      party: null,
    })),
  };
}

function withType(row: repo.MetadataDefinitionRow) {
  return { typeId: row.documentTypeId, definition: presentMetadataDefinition(row) };
}

function groupByType(rows: { typeId: number; definition: MetadataDefinition }[]) {
  const map = new Map<number, MetadataDefinition[]>();
  for (const { typeId, definition } of rows) {
    const list = map.get(typeId) ?? [];
    list.push(definition);
    map.set(typeId, list);
  }
  return map;
}
