import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import type { ListPage, RouteListRow } from './repository';
import {
  counterpartyName,
  documentTypeName,
  containsPattern,
  isoTimestamp,
  liveDocument,
  rowsOf,
} from './sql-fragments';
import { prefixTsQuery } from './tsquery';

/**
 * Full-text search and type-ahead over one company's `document_routes` rows. Search uses the GIN
 * index on (company_id, search_vector); type-ahead the trigram GIN index on (company_id,
 * search_text). The user's text is always a bound parameter.
 *
 * Both run outside row-level security (`withoutTenantScope`) and keep their own
 * `r.company_id = companyId`: a policy's quals come before any operator that is not leakproof,
 * and `@@` / trigram ILIKE are not, so under the policy PostgreSQL could not use either GIN index
 * with the search term (measured 1.5 ms → 234 ms; docs/row-level-security.md).
 */

/** websearch syntax (quotes, or, -exclusions) in both configurations, OR'ed. */
const exactQuery = (term: string) =>
  sql`(websearch_to_tsquery('english', ${term}) || websearch_to_tsquery('simple', ${term}))`;

type SearchRow = RouteListRow & { total: number };
type SearchPage = { rows: RouteListRow[]; totalRecords: number };

/**
 * Ranked full-text search. The words as typed first; when they find nothing, the last word as a
 * prefix ("pipel" → pipeline). Prefixes only as a fallback: a GIN partial match reads every
 * lexeme with that prefix across all companies, which is slow for common prefixes.
 */
export async function searchRoutes(
  db: Db,
  companyId: number,
  term: string,
  page: ListPage,
): Promise<SearchPage> {
  // RLS would keep the GIN index from the search term; the query names its company itself.
  return withoutTenantScope(async () => {
    const exact = await rankedPage(db, companyId, exactQuery(term), page);
    const prefix = prefixTsQuery(term);
    if (exact.totalRecords > 0 || !prefix) return exact;
    return rankedPage(db, companyId, sql`to_tsquery('simple', ${prefix})`, page);
  });
}

/**
 * A page of matches ranked by ts_rank_cd (doc number and metadata weigh A, type and file name
 * B), ties newest first. The total comes from a window count over the same matches (the rank
 * sort reads them all anyway); a page past the end counts separately.
 */
async function rankedPage(
  db: Db,
  companyId: number,
  tsQuery: SQL,
  page: ListPage,
): Promise<SearchPage> {
  const where = sql`r.company_id = ${companyId} AND r.search_vector @@ q.query AND ${liveDocument}`;
  const from = sql`document_routes r CROSS JOIN (SELECT ${tsQuery} AS query) q`;
  const result = await db.execute(sql`
    SELECT r.document_id AS id, r.document_type_id, r.route_status_id, r.is_read, r.side, r.list_values,
      ${documentTypeName} AS document_type_name, ${counterpartyName} AS counterparty_name,
      ${isoTimestamp(sql`r.created_at`)} AS date, r.total
    FROM (
      SELECT r.document_id, r.document_type_id, r.route_status_id, r.is_read, r.side, r.list_values,
        r.party_id, r.company_id, r.counterparty_company_id, r.created_at,
        ts_rank_cd(r.search_vector, q.query) AS rank, count(*) OVER () AS total
      FROM ${from}
      WHERE ${where}
      ORDER BY rank DESC, r.document_id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) r
    ORDER BY r.rank DESC, r.document_id DESC`);
  const rows = rowsOf<SearchRow>(result);
  if (rows.length > 0 || page.offset === 0) {
    return { rows, totalRecords: Number(rows[0]?.total ?? 0) };
  }
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
  );
  return { rows, totalRecords: Number(count?.n ?? 0) };
}

/** How many of the newest matches type-ahead ranks by similarity. */
const TYPEAHEAD_CANDIDATES = 200;

export interface TypeaheadRow {
  id: number;
  document_type_id: number;
  document_type_name: string;
  list_values: Record<string, string | null>;
  file_name: string;
}

/**
 * Suggestions: routes whose haystack contains the text (trigram index), most similar first, then
 * newest (among the newest TYPEAHEAD_CANDIDATES matches). One or two characters cannot use trigrams: then only a Doc # (document id) prefix.
 */
export async function findTypeaheadRows(
  db: Db,
  companyId: number,
  text: string,
  limit: number,
): Promise<TypeaheadRow[]> {
  const term = text.toLowerCase();
  let candidates: SQL;
  if (term.length >= 3) {
    // Similarity is costly on long haystacks: it ranks the newest matches only.
    candidates = sql`
      SELECT c.document_id, c.document_type_id, c.list_values,
        word_similarity(${term}, c.search_text) AS score
      FROM (
        SELECT r.document_id, r.document_type_id, r.list_values, r.search_text
        FROM document_routes r
        WHERE r.company_id = ${companyId} AND r.search_text ILIKE ${containsPattern(term)}
          AND ${liveDocument}
        ORDER BY r.document_id DESC
        LIMIT ${TYPEAHEAD_CANDIDATES}
      ) c
      ORDER BY score DESC, c.document_id DESC
      LIMIT ${limit}`;
  } else if (/^\d+$/.test(term)) {
    // Doc # prefix. The ids come from an index-only scan of the company's entries first: an
    // ORDER BY id LIMIT over the whole table could walk every company's newest rows instead.
    candidates = sql`
      WITH ids AS MATERIALIZED (
        SELECT r.document_id FROM document_routes r
        WHERE r.company_id = ${companyId} AND r.document_id::text LIKE ${`${term}%`}
      )
      SELECT r.document_id, r.document_type_id, r.list_values, 1 AS score
      FROM ids JOIN document_routes r ON r.document_id = ids.document_id
      WHERE r.company_id = ${companyId} AND ${liveDocument}
      ORDER BY r.document_id DESC
      LIMIT ${limit}`;
  } else {
    return [];
  }
  // RLS would keep the trigram index from the term; the query names its company itself.
  const result = await withoutTenantScope(() =>
    db.execute(sql`
    SELECT m.document_id AS id, m.document_type_id, dt.name AS document_type_name, m.list_values,
      d.file_name
    FROM (${candidates}) m
    JOIN documents d ON d.id = m.document_id
    JOIN document_types dt ON dt.id = m.document_type_id
    ORDER BY m.score DESC, m.document_id DESC`),
  );
  return rowsOf<TypeaheadRow>(result);
}
