-- Notification mails waiting for their user's digest job (issue 15 item 3; docs/notifications.md):
-- the rendered single mail plus a line for the digest. A row is deleted once mailed.
CREATE TABLE "notification_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"company_id" integer REFERENCES "companies"("id") ON DELETE CASCADE,
	"to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "notification_mails_user_idx" ON "notification_mails" ("user_id", "id");
