-- The Field Ticket type's list columns (issue 32; listSortIndexes in
-- src/modules/document-lists/sort-indexes.ts): Ticket Number and Ticket Total share the keys
-- docNumber and docTotal with other types, so those two indexes now cover type 101 too (and carry
-- the type column, being shared); Service Date and Well / Lease get their own. A large
-- installation may build the new definitions beforehand with CREATE INDEX CONCURRENTLY under
-- other names and swap them (docs/documents-performance.md).
DROP INDEX IF EXISTS "document_routes_sort_doc_number_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_routes_sort_doc_number_idx" ON "document_routes" USING btree ("company_id", "document_type_id", (lower(nullif("list_values" ->> 'docNumber'::text, ''))), "document_id") WHERE "document_type_id" IN (93, 101);--> statement-breakpoint
DROP INDEX IF EXISTS "document_routes_sort_doc_total_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_routes_sort_doc_total_idx" ON "document_routes" USING btree ("company_id", "document_type_id", ((CASE WHEN nullif("list_values" ->> 'docTotal'::text, '') ~ '^-?([0-9]+[.]?[0-9]*|[.][0-9]+)$' THEN (nullif("list_values" ->> 'docTotal'::text, ''))::numeric END)), "document_id") WHERE "document_type_id" IN (93, 95, 96, 97, 98, 99, 100, 101);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_routes_sort_doc_service_date_idx" ON "document_routes" USING btree ("company_id", (nullif("list_values" ->> 'docServiceDate'::text, '')), "document_id") WHERE "document_type_id" IN (101);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_routes_sort_doc_well_name_idx" ON "document_routes" USING btree ("company_id", (lower(nullif("list_values" ->> 'docWellName'::text, ''))), "document_id") WHERE "document_type_id" IN (101);
