CREATE INDEX "document_routes_company_document_idx" ON "document_routes" USING btree ("company_id","document_id");--> statement-breakpoint
CREATE INDEX "documents_not_live_idx" ON "documents" USING btree ("id") WHERE "documents"."deleted_at" IS NOT NULL OR "documents"."is_temporary";--> statement-breakpoint
DROP INDEX "document_routes_company_side_idx";--> statement-breakpoint
CREATE INDEX "document_routes_company_side_idx" ON "document_routes" USING btree ("company_id","side","document_id") INCLUDE ("document_type_id","route_status_id");
