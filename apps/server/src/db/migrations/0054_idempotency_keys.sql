-- Idempotent writes (issue 33 item 3, docs/idempotency.md): the first answer to a write sent with
-- an Idempotency-Key, replayed to its retries for 24 hours.
CREATE TABLE idempotency_keys (
  company_id integer NOT NULL,
  user_id integer NOT NULL,
  key varchar(255) NOT NULL,
  fingerprint varchar(64) NOT NULL,
  method varchar(10) NOT NULL,
  route text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (company_id, user_id, key)
);--> statement-breakpoint
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY idempotency_keys_tenant ON idempotency_keys TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY idempotency_keys_runtime ON idempotency_keys TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
