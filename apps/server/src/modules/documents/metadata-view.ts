import { FieldType, type ValidationField } from '@flowline/shared';
import type { Db } from '../../db/client';
import type { LoadedDocument } from './policy';
import {
  findCompanyNames,
  findDefinitions,
  findLookupValues,
  findMetadataValues,
  type DefinitionRow,
  type DocumentRow,
  type LookupValueRow,
  type StoredValue,
} from './repository';

/**
 * A document's metadata as the screen and the validators see it: every definition of the type,
 * the stored values, and document properties (isDocumentProperty: scan date, the sender's name)
 * filled from the document when nothing is stored for them.
 */
export interface MetadataView {
  definitions: DefinitionRow[];
  lookups: Map<number, LookupValueRow[]>;
  stored: Map<number, StoredValue>;
  /** Stored value, or the derived one for document properties. */
  effective: Map<number, string | null>;
}

const SENDER_NAME_TYPES: readonly number[] = [
  FieldType.Company,
  FieldType.Vendor,
  FieldType.Operator,
  FieldType.Party,
];

/** The value of a document property taken from the document itself (null when none applies). */
export function derivedValue(
  def: DefinitionRow,
  doc: DocumentRow,
  ownerCompanyName: string | null,
): string | null {
  if (!def.isDocumentProperty) return null;
  if (def.fieldTypeId === FieldType.Date) return doc.createdAt.toISOString().slice(0, 10);
  if (def.fieldTypeId === FieldType.DateTime) return doc.createdAt.toISOString();
  if (SENDER_NAME_TYPES.includes(def.fieldTypeId)) return ownerCompanyName;
  return null;
}

export async function loadMetadataView(db: Db, loaded: LoadedDocument): Promise<MetadataView> {
  const doc = loaded.document;
  const [definitions, values, names] = await Promise.all([
    findDefinitions(db, doc.documentTypeId),
    findMetadataValues(db, doc.id),
    findCompanyNames(db, [doc.ownerCompanyId]),
  ]);
  const listIds = definitions.filter((d) => d.fieldTypeId === FieldType.List).map((d) => d.id);
  const lookups = await findLookupValues(db, listIds);
  const stored = new Map(values.map((v) => [v.metadataDefinitionId, v]));
  const ownerName = names.get(doc.ownerCompanyId) ?? null;
  const effective = new Map(
    definitions.map((d) => [d.id, stored.get(d.id)?.value ?? derivedValue(d, doc, ownerName)]),
  );
  return { definitions, lookups, stored, effective };
}

export function toValidationField(d: DefinitionRow): ValidationField {
  return {
    id: d.id,
    key: d.key,
    name: d.name,
    isRequired: d.isRequired,
    isThirdParty: d.isThirdParty,
    isDollarTotal: d.isDollarTotal,
    isMultiple: d.isMultiple,
    metadataType: { id: d.fieldTypeId },
  };
}
