-- Invoices by e-mail (issue 30 item 3, docs/inbound-email.md): every message the SMTP listener
-- took responsibility for or refused after naming its recipient, for the Administration screen
-- and the per-sender hourly limit.
CREATE TABLE "inbound_email_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"sender" varchar(320) NOT NULL,
	"subject" varchar(250),
	"status" varchar(10) NOT NULL,
	"reason" varchar(250),
	"party_id" integer REFERENCES "parties"("id") ON DELETE SET NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_email_deliveries_status_known" CHECK ("status" IN ('accepted', 'refused'))
);--> statement-breakpoint
CREATE INDEX "inbound_email_deliveries_company_idx" ON "inbound_email_deliveries" ("company_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "inbound_email_deliveries_sender_idx" ON "inbound_email_deliveries" ("sender", "created_at");--> statement-breakpoint
CREATE INDEX "companies_code_upper_idx" ON "companies" (upper("code"));--> statement-breakpoint
ALTER TABLE inbound_email_deliveries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY inbound_email_deliveries_tenant ON inbound_email_deliveries TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY inbound_email_deliveries_runtime ON inbound_email_deliveries TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
