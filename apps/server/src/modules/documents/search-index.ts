import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Refreshes the denormalised columns of every route row of a document from its metadata:
 * `list_values` (metadata key → value, what lists sort and show), `search_text` (lower-cased
 * haystack for the trigram type-ahead) and `search_vector` (ranked full-text search: the doc
 * number and metadata values weigh A, type and file name B). Call it in the same transaction as
 * any write to the document's metadata, file name or routes.
 */
export async function refreshDocumentIndex(db: Db, documentId: number): Promise<void> {
  await db.execute(sql`
    WITH meta AS (
      SELECT
        coalesce(jsonb_object_agg(md.key, m.value) FILTER (WHERE m.value IS NOT NULL), '{}'::jsonb) AS list_values,
        coalesce(string_agg(m.value, ' ' ORDER BY md.sort_order) FILTER (WHERE m.value IS NOT NULL), '') AS text_values
      FROM document_metadata m
      JOIN metadata_definitions md ON md.id = m.metadata_definition_id
      WHERE m.document_id = ${documentId}
    )
    UPDATE document_routes r SET
      list_values = meta.list_values,
      search_text = lower(concat_ws(' ', d.id::text, meta.text_values, dt.name, d.file_name)),
      search_vector =
        setweight(to_tsvector('simple', d.id::text), 'A') ||
        setweight(to_tsvector('english', meta.text_values), 'A') ||
        setweight(to_tsvector('simple', meta.text_values), 'A') ||
        setweight(to_tsvector('english', dt.name || ' ' || regexp_replace(d.file_name, '[._-]+', ' ', 'g')), 'B'),
      updated_at = now()
    FROM meta, documents d
    JOIN document_types dt ON dt.id = d.document_type_id
    WHERE d.id = ${documentId} AND r.document_id = d.id
  `);
}
