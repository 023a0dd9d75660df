-- A company's request that a person who already has a Flowline identity join it (issue 10 item 2).
-- Ids come from the users' sequence, so the answer to POST /users looks the same whether the
-- e-mail was new (a user id) or already known (an invitation id).
CREATE TABLE "membership_invitations" (
	"id" integer PRIMARY KEY DEFAULT nextval('users_id_seq') NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"invited_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"email_address" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"title" varchar(25),
	"phone_number" varchar(50),
	"is_active" boolean DEFAULT true NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"main_role" integer NOT NULL,
	"additional_roles" integer[] DEFAULT '{}' NOT NULL,
	"org_unit_ids" integer[] DEFAULT '{}' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invitations_pending_key" ON "membership_invitations" ("company_id","user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "membership_invitations_user_idx" ON "membership_invitations" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
-- A sign-in e-mail change waiting for the new address to confirm it; only the token's hash is kept.
CREATE TABLE "email_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"new_email_address" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"requested_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_token_key" ON "email_change_requests" ("token_hash");
--> statement-breakpoint
CREATE INDEX "email_change_requests_user_idx" ON "email_change_requests" ("user_id");
