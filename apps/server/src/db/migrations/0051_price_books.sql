-- Issue 32 items 1 and 4 (docs/price-books.md): price books published by one company to a
-- connected company, one version per import, and each company's three-way match tolerances.
-- The publisher reads and writes its books; the counterparty only reads them (row-level security:
-- a write policy on company_id and a read policy on counterparty_company_id).
CREATE TABLE "price_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"party_id" integer NOT NULL REFERENCES "parties"("id") ON DELETE CASCADE,
	"counterparty_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_books_company_party_key" ON "price_books" USING btree ("company_id","party_id");--> statement-breakpoint
CREATE INDEX "price_books_counterparty_idx" ON "price_books" USING btree ("counterparty_company_id");--> statement-breakpoint
CREATE TABLE "price_book_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_book_id" integer NOT NULL REFERENCES "price_books"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL,
	"counterparty_company_id" integer NOT NULL,
	"version_number" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"item_count" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_book_versions_dates_check" CHECK ("effective_to" IS NULL OR "effective_to" >= "effective_from")
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_book_versions_book_number_key" ON "price_book_versions" USING btree ("price_book_id","version_number");--> statement-breakpoint
CREATE TABLE "price_book_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL REFERENCES "price_book_versions"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL,
	"counterparty_company_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"item_code" varchar(50) NOT NULL,
	"description" varchar(250) NOT NULL,
	"uom" varchar(20) NOT NULL,
	"unit_price" varchar(20) NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"contract_number" varchar(50)
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_book_items_version_code_key" ON "price_book_items" USING btree ("version_id","item_code");--> statement-breakpoint
CREATE INDEX "price_book_items_version_line_idx" ON "price_book_items" USING btree ("version_id","line_number");--> statement-breakpoint
CREATE TABLE "match_tolerances" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"quantity_percent" numeric(6, 2) NOT NULL,
	"price_amount" numeric(12, 4) NOT NULL,
	"total_percent" numeric(6, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE price_books ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY price_books_tenant ON price_books TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_books_tenant_read ON price_books FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_books_runtime ON price_books TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
ALTER TABLE price_book_versions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY price_book_versions_tenant ON price_book_versions TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_book_versions_tenant_read ON price_book_versions FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_book_versions_runtime ON price_book_versions TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
ALTER TABLE price_book_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY price_book_items_tenant ON price_book_items TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_book_items_tenant_read ON price_book_items FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY price_book_items_runtime ON price_book_items TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
ALTER TABLE match_tolerances ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY match_tolerances_tenant ON match_tolerances TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY match_tolerances_runtime ON match_tolerances TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
