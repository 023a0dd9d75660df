-- Issue 28 item 6: failed attempts with a key whose public prefix matched, shown to Administrators.
ALTER TABLE "api_keys" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_prefix_idx" ON "api_keys" USING btree ("key_prefix");
