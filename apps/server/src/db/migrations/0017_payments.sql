-- Payments of invoices (issue 12 item 5), recorded by the receiving company; a cancellation is a
-- row of its own (is_cancellation) that subtracts, so the history of money is never rewritten.
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"amount_cents" bigint NOT NULL,
	"transaction_date" date,
	"payment_reference" varchar(100),
	"check_number" varchar(50),
	"description" varchar(500),
	"is_cancellation" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "payments_document_idx" ON "payments" ("document_id","id");
