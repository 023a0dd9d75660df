import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The words read from the document's pages (document-intelligence), bounded: the first 100,000
 * characters are plenty to find a document by and keep the vector far below its 1 MB limit. A
 * scalar subquery, so set-wise writers need no extra join (a document not read yet adds nothing).
 */
const PAGE_TEXT = `left(coalesce((SELECT string_agg(p.text, ' ' ORDER BY p.page_number)
          FROM document_pages p WHERE p.document_id = d.id), ''), 100000)`;

/**
 * The expressions behind a route's denormalised columns, shared by refreshDocumentIndex and set-wise
 * writers (bench/documents bulk load) so both compute exactly the same values. Aliases they expect:
 * `m` document_metadata joined to `md` metadata_definitions (the aggregates, grouped per document),
 * `d` documents, `dt` document_types, and `meta.text_values` the text aggregate's result.
 */
export const documentIndexSql = {
  /** Aggregate over `m`/`md`: metadata key → value. */
  listValues: sql.raw(
    `coalesce(jsonb_object_agg(md.key, m.value) FILTER (WHERE m.value IS NOT NULL), '{}'::jsonb)`,
  ),
  /** Aggregate over `m`/`md`: the values in field order, space-separated. */
  textValues: sql.raw(
    `coalesce(string_agg(m.value, ' ' ORDER BY md.sort_order) FILTER (WHERE m.value IS NOT NULL), '')`,
  ),
  searchText: sql.raw(`lower(concat_ws(' ', d.id::text, meta.text_values, dt.name, d.file_name))`),
  searchVector: sql.raw(`
        setweight(to_tsvector('simple', d.id::text), 'A') ||
        setweight(to_tsvector('english', meta.text_values), 'A') ||
        setweight(to_tsvector('simple', meta.text_values), 'A') ||
        setweight(to_tsvector('english', dt.name || ' ' || regexp_replace(d.file_name, '[._-]+', ' ', 'g')), 'B') ||
        setweight(to_tsvector('english', ${PAGE_TEXT}), 'D')`),
};

/**
 * Refreshes the denormalised columns of every route row of a document from its metadata:
 * `list_values` (metadata key → value, what lists sort and show), `search_text` (lower-cased
 * haystack for the trigram type-ahead) and `search_vector` (ranked full-text search: the doc
 * number and metadata values weigh A, type and file name B, the words read from its pages D).
 * Call it in the same transaction as any write to the document's metadata, file name, routes or
 * pages.
 */
export async function refreshDocumentIndex(db: Db, documentId: number): Promise<void> {
  await db.execute(sql`
    WITH meta AS (
      SELECT
        ${documentIndexSql.listValues} AS list_values,
        ${documentIndexSql.textValues} AS text_values
      FROM document_metadata m
      JOIN metadata_definitions md ON md.id = m.metadata_definition_id
      WHERE m.document_id = ${documentId}
    )
    UPDATE document_routes r SET
      list_values = meta.list_values,
      search_text = ${documentIndexSql.searchText},
      search_vector = ${documentIndexSql.searchVector},
      updated_at = now()
    FROM meta, documents d
    JOIN document_types dt ON dt.id = d.document_type_id
    WHERE d.id = ${documentId} AND r.document_id = d.id
  `);
}
