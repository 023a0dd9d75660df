import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { metadataFieldSeeds } from '@flowline/shared';
import { metadataSortKey } from './sql-fragments';

/**
 * The btree expression indexes that let a type list sorted by one of its list columns read just
 * one page (docs/documents-performance.md, issue 16): one per list-column key, on
 * `(company_id, document_type_id, <the key's sort expression>, document_id)` (without the type
 * when only one type shows the key), partial on the types that show that key as a list column. Generated from the field seeds; the migrations
 * create exactly these (test/document-list-sort-indexes.test.ts checks the migrated database
 * against this list and that the planner uses each index for the list's query).
 */
export interface ListSortIndex {
  name: string;
  key: string;
  fieldTypeId: number;
  documentTypeIds: number[];
  /** The CREATE INDEX statement (what a migration runs). */
  statement: string;
}

const dialect = new PgDialect();

const snake = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

function build(): ListSortIndex[] {
  const byKey = new Map<string, { fieldTypeId: number; documentTypeIds: number[] }>();
  for (const field of metadataFieldSeeds) {
    if (field.listColumn === undefined) continue;
    const entry = byKey.get(field.key);
    if (!entry) {
      byKey.set(field.key, {
        fieldTypeId: field.fieldTypeId,
        documentTypeIds: [field.documentTypeId],
      });
    } else if (entry.fieldTypeId !== field.fieldTypeId) {
      // One index per key holds one expression: a key must sort the same way in every type.
      throw new Error(`List column ${field.key} has different field types across types`);
    } else {
      entry.documentTypeIds.push(field.documentTypeId);
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { fieldTypeId, documentTypeIds }]) => {
      const name = `document_routes_sort_${snake(key)}_idx`;
      const expression = dialect.sqlToQuery(
        metadataSortKey(key, fieldTypeId, sql.raw('"list_values"')),
      );
      if (expression.params.length > 0) throw new Error(`Sort key ${key} is not a literal`);
      const types = [...documentTypeIds].sort((a, b) => a - b).join(', ');
      // A one-type index leaves the type out: the planner drops `document_type_id = t` as implied
      // by the predicate, and a type column without its condition would keep the null part's
      // `IS NULL` from positioning the scan (it would read all the company's entries).
      const typeColumn = documentTypeIds.length > 1 ? '"document_type_id", ' : '';
      return {
        name,
        key,
        fieldTypeId,
        documentTypeIds,
        statement:
          `CREATE INDEX IF NOT EXISTS "${name}" ON "document_routes" USING btree ` +
          `("company_id", ${typeColumn}(${expression.sql.replace(/\s+/g, ' ')}), "document_id") ` +
          `WHERE "document_type_id" IN (${types});`,
      };
    });
}

export const listSortIndexes: readonly ListSortIndex[] = build();

const indexed = new Set(
  listSortIndexes.flatMap((i) => i.documentTypeIds.map((t) => `${t}:${i.key}`)),
);

/** Whether a type's list sorted by this metadata key can read its page from an index. */
export function hasSortIndex(documentTypeId: number, key: string): boolean {
  return indexed.has(`${documentTypeId}:${key}`);
}
