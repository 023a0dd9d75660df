-- The PIDX speed goal (issue 30, docs/pidx.md 'Speed', session 22): the line items carry their
-- document's owner, so the sender's reads and inserts pass row-level security on a comparison of
-- columns instead of calling app_document_visible once per row. The policy keeps exactly the
-- same rows visible: the owner test is the function's own first test, and everyone else (the
-- receivers, through their routes and the version chain) still goes through the function.
-- The copy cannot drift from documents.owner_company_id: it is NOT NULL and part of the foreign
-- key to documents (owner_company_id, id), ON UPDATE CASCADE (an owner never changes today; were
-- one to change, its lines would follow). The key uses documents_owner_idx, made unique (id is
-- unique already, so (owner_company_id, id) is), so the RI check stays one index probe per row
-- and documents gets no new index.
DROP INDEX IF EXISTS "documents_owner_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_company_id", "id");--> statement-breakpoint
ALTER TABLE "document_line_items" ADD COLUMN "owner_company_id" integer;--> statement-breakpoint
UPDATE "document_line_items" l SET "owner_company_id" = d."owner_company_id" FROM "documents" d WHERE d."id" = l."document_id";--> statement-breakpoint
ALTER TABLE "document_line_items" ALTER COLUMN "owner_company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_line_items" DROP CONSTRAINT "document_line_items_document_id_fkey";--> statement-breakpoint
ALTER TABLE "document_line_items" ADD CONSTRAINT "document_line_items_document_owner_fk" FOREIGN KEY ("owner_company_id", "document_id") REFERENCES "documents" ("owner_company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;--> statement-breakpoint
ALTER POLICY document_line_items_tenant ON document_line_items USING (owner_company_id = app_company_id() OR app_document_visible(document_id));
