-- Audit of administration (issue 17 item 7; docs/admin-audit.md): every change an Administrator
-- (or a key, a Global support user, the system) makes to users, roles, memberships, API keys,
-- flags, coding rules and company settings — who, when, old → new. Written in the transaction of
-- the change itself. The actor is a snapshot (no foreign key: deleting a user must not rewrite it).
CREATE TABLE "admin_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE no action,
	"actor_user_id" integer,
	"actor_name" varchar(250),
	"actor_email" varchar(320),
	"actor_type" varchar(20) NOT NULL,
	"action" varchar(60) NOT NULL,
	"entity_type" varchar(40) NOT NULL,
	"entity_id" varchar(80),
	"summary" varchar(500) NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_id" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_events_actor_type_check"
		CHECK ("actor_type" IN ('user', 'api_key', 'global_support', 'system'))
);--> statement-breakpoint
CREATE INDEX "admin_audit_events_company_idx" ON "admin_audit_events" ("company_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The audit is append-only: no code path, and no mistaken query, may change or remove an entry.
CREATE FUNCTION admin_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER admin_audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON "admin_audit_events"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_audit_events_no_truncate BEFORE TRUNCATE ON "admin_audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_events_append_only();
