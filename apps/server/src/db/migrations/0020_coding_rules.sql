-- Coding rules and touchless approval (issue 12 item 4; docs/coding-rules.md): a receiving
-- company's rules for one connection (party_id) or all (null); kind-specific settings in params.
CREATE TABLE "coding_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"party_id" integer REFERENCES "parties"("id") ON DELETE CASCADE,
	"name" varchar(100) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coding_rules_kind" CHECK ("kind" IN ('requiredCoding', 'amountLimit', 'poMatch'))
);
--> statement-breakpoint
CREATE INDEX "coding_rules_company_idx" ON "coding_rules" ("company_id","id");
