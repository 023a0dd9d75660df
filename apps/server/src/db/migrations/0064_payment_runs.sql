-- Payment runs (issue 29 item 6, docs/payment-runs.md): one payment of several approved invoices
-- of one vendor, with one remittance advice. Each invoice's payment row names its run.
CREATE TABLE "payment_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"payee_company_id" integer NOT NULL REFERENCES "companies"("id"),
	"party_id" integer REFERENCES "parties"("id") ON DELETE SET NULL,
	"payment_date" date NOT NULL,
	"method" varchar(10) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"total_cents" bigint NOT NULL,
	"invoice_count" integer NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_runs_method_known" CHECK ("method" IN ('ach', 'check', 'wire')),
	CONSTRAINT "payment_runs_total_positive" CHECK ("total_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "payment_runs_company_idx" ON "payment_runs" ("company_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "payment_runs_payee_idx" ON "payment_runs" ("payee_company_id", "id" DESC);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_run_id" integer REFERENCES "payment_runs"("id");--> statement-breakpoint
CREATE INDEX "payments_run_idx" ON "payments" ("payment_run_id") WHERE "payment_run_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE payment_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY payment_runs_tenant ON payment_runs TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY payment_runs_tenant_payee ON payment_runs FOR SELECT TO flowline_tenant USING (payee_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY payment_runs_runtime ON payment_runs TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
