CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "document_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"file_name" varchar(255) NOT NULL,
	"file_key" text NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"operation_id" integer NOT NULL,
	"object_type" varchar(50),
	"object_name" varchar(255),
	"metadata_definition_id" integer,
	"metadata_type_id" integer,
	"old_value" text,
	"new_value" text,
	"row_number" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_metadata" (
	"document_id" integer NOT NULL,
	"metadata_definition_id" integer NOT NULL,
	"value" text,
	"auto_extracted" boolean DEFAULT false NOT NULL,
	"lookup_value_id" integer,
	"party_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_metadata_document_id_metadata_definition_id_pk" PRIMARY KEY("document_id","metadata_definition_id")
);
--> statement-breakpoint
CREATE TABLE "document_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"side" varchar(10) NOT NULL,
	"document_type_id" integer NOT NULL,
	"route_status_id" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"party_id" integer,
	"counterparty_company_id" integer,
	"list_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type_id" integer NOT NULL,
	"owner_company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"batch_name" varchar(100),
	"receiving_party_id" integer,
	"receiving_company_id" integer,
	"file_name" varchar(255) NOT NULL,
	"file_key" text NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"page_count" integer,
	"previous_version_id" integer,
	"version_root_id" integer,
	"is_temporary" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metadata_definitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"document_type_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"field_type_id" integer NOT NULL,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"is_document_property" boolean DEFAULT false NOT NULL,
	"is_dollar_total" boolean DEFAULT false NOT NULL,
	"is_multiple" boolean DEFAULT false NOT NULL,
	"is_third_party" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"list_column_order" integer
);
--> statement-breakpoint
CREATE TABLE "metadata_lookup_values" (
	"id" integer PRIMARY KEY NOT NULL,
	"metadata_definition_id" integer NOT NULL,
	"lookup_value" varchar(255) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_metadata" ADD CONSTRAINT "document_metadata_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_metadata" ADD CONSTRAINT "document_metadata_metadata_definition_id_metadata_definitions_id_fk" FOREIGN KEY ("metadata_definition_id") REFERENCES "public"."metadata_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_metadata" ADD CONSTRAINT "document_metadata_lookup_value_id_metadata_lookup_values_id_fk" FOREIGN KEY ("lookup_value_id") REFERENCES "public"."metadata_lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_metadata" ADD CONSTRAINT "document_metadata_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_counterparty_company_id_companies_id_fk" FOREIGN KEY ("counterparty_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_receiving_party_id_parties_id_fk" FOREIGN KEY ("receiving_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_receiving_company_id_companies_id_fk" FOREIGN KEY ("receiving_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_definitions" ADD CONSTRAINT "metadata_definitions_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_lookup_values" ADD CONSTRAINT "metadata_lookup_values_metadata_definition_id_metadata_definitions_id_fk" FOREIGN KEY ("metadata_definition_id") REFERENCES "public"."metadata_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_attachments_document_idx" ON "document_attachments" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_attachments_file_sha_idx" ON "document_attachments" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "document_history_document_idx" ON "document_history" USING btree ("document_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_routes_document_company_key" ON "document_routes" USING btree ("document_id","company_id");--> statement-breakpoint
CREATE INDEX "document_routes_company_type_status_idx" ON "document_routes" USING btree ("company_id","document_type_id","route_status_id","document_id");--> statement-breakpoint
CREATE INDEX "document_routes_company_side_idx" ON "document_routes" USING btree ("company_id","side","document_id");--> statement-breakpoint
CREATE INDEX "document_routes_search_idx" ON "document_routes" USING gin ("company_id","search_vector");--> statement-breakpoint
CREATE INDEX "document_routes_typeahead_idx" ON "document_routes" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_company_id","id");--> statement-breakpoint
CREATE INDEX "documents_batch_idx" ON "documents" USING btree ("owner_company_id","batch_name","created_by_user_id");--> statement-breakpoint
CREATE INDEX "documents_version_root_idx" ON "documents" USING btree ("version_root_id");--> statement-breakpoint
CREATE INDEX "documents_file_sha_idx" ON "documents" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "metadata_definitions_type_key" ON "metadata_definitions" USING btree ("document_type_id","key");--> statement-breakpoint
CREATE INDEX "metadata_lookup_values_definition_idx" ON "metadata_lookup_values" USING btree ("metadata_definition_id");--> statement-breakpoint
-- History is append-only: no code path, and no mistaken query, may change or remove an entry.
CREATE FUNCTION document_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'document_history is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER document_history_no_update_or_delete BEFORE UPDATE OR DELETE ON "document_history"
  FOR EACH ROW EXECUTE FUNCTION document_history_append_only();
