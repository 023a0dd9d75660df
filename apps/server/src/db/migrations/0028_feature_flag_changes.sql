-- Feature flags per company (issue 15 item 2; docs/feature-flags.md): every change a Global user
-- makes on the admin screen, who and when, old → new. NULL enabled = no own setting (inherited);
-- NULL company_id = the deployment-wide default row.
CREATE TABLE "feature_flag_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag" varchar(80) NOT NULL,
	"company_id" integer REFERENCES "companies"("id") ON DELETE CASCADE,
	"old_enabled" boolean,
	"new_enabled" boolean,
	"changed_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "feature_flag_changes_company_idx" ON "feature_flag_changes" ("company_id", "changed_at");
