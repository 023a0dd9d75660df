-- Early pay agreements (issue 29 item 7, docs/payment-runs.md): a vendor's agreement with a
-- customer covers the invoices sent to it from the moment it was made. An agreement made before
-- this column existed keeps covering what it covered then: from its last change.
ALTER TABLE "early_pay_offers" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "early_pay_offers" SET "starts_at" = "updated_at";
