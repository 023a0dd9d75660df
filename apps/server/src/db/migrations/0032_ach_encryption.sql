-- Secrets at rest (issue 17 item 3; docs/secrets-at-rest.md): an ACH's routing and account numbers
-- are kept only as envelopes (AES-256-GCM, data key wrapped by a master key from configuration) and
-- their last four digits for masked lists. The plaintext columns become nullable: the server
-- encrypts existing rows at start (TypeScript, one transaction, idempotent) and sets them to NULL;
-- a later migration drops them once every deployment has started on this version.
ALTER TABLE "achs" ADD COLUMN "routing_number_encrypted" text;--> statement-breakpoint
ALTER TABLE "achs" ADD COLUMN "account_number_encrypted" text;--> statement-breakpoint
ALTER TABLE "achs" ADD COLUMN "routing_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "achs" ADD COLUMN "account_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "achs" ALTER COLUMN "routing_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "achs" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
-- Every row holds its numbers one way or the other (encrypted, or plaintext not yet encrypted).
ALTER TABLE "achs" ADD CONSTRAINT "achs_numbers_stored" CHECK (
	("routing_number_encrypted" IS NOT NULL AND "account_number_encrypted" IS NOT NULL
		AND "routing_last4" IS NOT NULL AND "account_last4" IS NOT NULL)
	OR ("routing_number" IS NOT NULL AND "account_number" IS NOT NULL)
);
