-- Issue 27 item 11: a digest lists each event with its details (the rejection reason, the payment's
-- amount, date and check number), so each waiting mail keeps its message and detail rows.
ALTER TABLE "notification_mails" ADD COLUMN "message" text;
--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "details" jsonb;
