-- Detail line items (issue 12 item 3; docs/line-items.md). The sender's lines belong to the
-- document; each receiving company's coding of a line is a row of its own, so the receiver never
-- changes the sender's values. Account codes are the receiving company's known codes by kind.
CREATE TABLE "document_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"line_number" integer NOT NULL,
	"description" varchar(500),
	"quantity" varchar(40),
	"unit_price" varchar(40),
	"amount" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_line_items_line_positive" CHECK ("line_number" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_line_items_document_line_key" ON "document_line_items" ("document_id","line_number");
--> statement-breakpoint
CREATE TABLE "line_item_coding" (
	"line_item_id" integer NOT NULL REFERENCES "document_line_items"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"document_id" integer NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"afe" varchar(50),
	"cost_center" varchar(50),
	"account_code" varchar(50),
	"well" varchar(50),
	"property" varchar(50),
	"updated_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_item_coding_pk" PRIMARY KEY ("line_item_id","company_id")
);
--> statement-breakpoint
CREATE INDEX "line_item_coding_company_document_idx" ON "line_item_coding" ("company_id","document_id");
--> statement-breakpoint
CREATE TABLE "account_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"account_kind" smallint NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "account_codes_kind_range" CHECK ("account_kind" BETWEEN 1 AND 8)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_codes_company_kind_code_key" ON "account_codes" ("company_id","account_kind","code");
