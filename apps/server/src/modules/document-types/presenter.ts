import { fieldTypeName, type MetadataDefinition } from '@flowline/shared';
import type { MetadataDefinitionRow } from './repository';

export function presentMetadataDefinition(row: MetadataDefinitionRow): MetadataDefinition {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    isReadonly: row.isReadonly,
    isDocumentProperty: row.isDocumentProperty,
    isDollarTotal: row.isDollarTotal,
    isMultiple: row.isMultiple,
    isThirdParty: row.isThirdParty,
    isRequired: row.isRequired,
    sortOrder: row.sortOrder,
    listColumnOrder: row.listColumnOrder,
    metadataType: { id: row.fieldTypeId, name: fieldTypeName(row.fieldTypeId) },
  };
}

/** The list columns of a type: the definitions with a listColumnOrder, in that order. */
export function listColumnsOf(definitions: MetadataDefinition[]): MetadataDefinition[] {
  return definitions
    .filter((d) => d.listColumnOrder !== null)
    .sort((a, b) => (a.listColumnOrder ?? 0) - (b.listColumnOrder ?? 0) || a.id - b.id);
}
