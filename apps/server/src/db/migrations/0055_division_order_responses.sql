-- Issue 31 items 3 and 4 (docs/signing.md): a division order's decline reason (code and text, read
-- by the operator's lists and filters), the reminders sent for it (at most one a day), and each
-- operator's automatic-reminder setting. Both companies of the order read its row; the owner
-- writes the decline, the operator the reminders (row-level security on either company id).
CREATE TABLE "division_order_responses" (
	"document_id" integer PRIMARY KEY NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"operator_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"owner_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"decline_reason" varchar(30),
	"decline_text" text,
	"declined_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "division_order_responses_operator_reason_idx" ON "division_order_responses" USING btree ("operator_company_id","decline_reason");--> statement-breakpoint
CREATE INDEX "division_order_responses_owner_idx" ON "division_order_responses" USING btree ("owner_company_id");--> statement-breakpoint
CREATE TABLE "division_order_settings" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"auto_remind_after_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "division_order_settings_days_check" CHECK ("auto_remind_after_days" IS NULL OR "auto_remind_after_days" BETWEEN 1 AND 365)
);--> statement-breakpoint
CREATE INDEX "division_order_settings_auto_idx" ON "division_order_settings" USING btree ("company_id") WHERE "auto_remind_after_days" IS NOT NULL;--> statement-breakpoint
ALTER TABLE division_order_responses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY division_order_responses_tenant ON division_order_responses TO flowline_tenant USING (operator_company_id = app_company_id() OR owner_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY division_order_responses_runtime ON division_order_responses TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
ALTER TABLE division_order_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY division_order_settings_tenant ON division_order_settings TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY division_order_settings_runtime ON division_order_settings TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
