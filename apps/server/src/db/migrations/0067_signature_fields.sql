-- Issue 31 item 1 (docs/signing.md 'Signature fields'): where the owner signs a pending division
-- order — placed by the operator at send time or found from the document's words. One row per
-- document version; both companies of the document read it (app_document_visible), the sender
-- writes it.
CREATE TABLE "signature_fields" (
	"document_id" integer PRIMARY KEY NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"source" varchar(10) NOT NULL,
	"label" varchar(200),
	"set_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_fields_source_known" CHECK ("source" IN ('operator', 'automatic')),
	CONSTRAINT "signature_fields_page_positive" CHECK ("page" >= 1),
	CONSTRAINT "signature_fields_within_page" CHECK ("x" >= 0 AND "y" >= 0 AND "width" > 0 AND "height" > 0 AND "x" + "width" <= 1.001 AND "y" + "height" <= 1.001)
);--> statement-breakpoint
ALTER TABLE signature_fields ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY signature_fields_tenant ON signature_fields TO flowline_tenant USING (app_document_visible(document_id));--> statement-breakpoint
CREATE POLICY signature_fields_runtime ON signature_fields TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
