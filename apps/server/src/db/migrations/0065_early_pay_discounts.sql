-- Early-pay discounts (issue 29 item 7, docs/payment-runs.md): a vendor offers a customer a
-- percent off an invoice paid within so many days of its date; a payment run that takes it
-- records the discount with the payment, which settles the invoice in full.
CREATE TABLE "early_pay_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"customer_company_id" integer NOT NULL REFERENCES "companies"("id"),
	"party_id" integer REFERENCES "parties"("id") ON DELETE SET NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	"days" integer NOT NULL,
	"updated_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_pay_offers_percent_range" CHECK ("discount_percent" > 0 AND "discount_percent" <= 20),
	CONSTRAINT "early_pay_offers_days_range" CHECK ("days" BETWEEN 1 AND 120)
);--> statement-breakpoint
CREATE UNIQUE INDEX "early_pay_offers_company_customer_key" ON "early_pay_offers" ("company_id", "customer_company_id");--> statement-breakpoint
CREATE INDEX "early_pay_offers_customer_idx" ON "early_pay_offers" ("customer_company_id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "discount_total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_not_negative" CHECK ("discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE early_pay_offers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY early_pay_offers_tenant ON early_pay_offers TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY early_pay_offers_tenant_customer ON early_pay_offers FOR SELECT TO flowline_tenant USING (customer_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY early_pay_offers_runtime ON early_pay_offers TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
