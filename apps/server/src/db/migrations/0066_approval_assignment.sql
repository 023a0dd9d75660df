-- Issue 29 item 3 (docs/approvals.md): who each invoice's waiting approval step waits for — kept
-- beside the chain so 'My approvals' and its count are an index read, not a scan of every chain's
-- JSON — when it started waiting, and its reminder and escalation; 'Out of office' delegations;
-- each company's reminder and escalation setting.
ALTER TABLE document_approval_chains ADD COLUMN waiting_step integer;--> statement-breakpoint
ALTER TABLE document_approval_chains ADD COLUMN waiting_user_ids integer[] NOT NULL DEFAULT '{}';--> statement-breakpoint
ALTER TABLE document_approval_chains ADD COLUMN waiting_role_id integer;--> statement-breakpoint
ALTER TABLE document_approval_chains ADD COLUMN waiting_since timestamp with time zone;--> statement-breakpoint
ALTER TABLE document_approval_chains ADD COLUMN reminded_at timestamp with time zone;--> statement-breakpoint
ALTER TABLE document_approval_chains ADD COLUMN escalated_at timestamp with time zone;--> statement-breakpoint
-- Chains stored before: their first step without an approval.
UPDATE document_approval_chains c SET
  waiting_step = w.ord - 1,
  waiting_user_ids = ARRAY(SELECT jsonb_array_elements_text(w.step -> 'approverUserIds')::integer),
  waiting_role_id = (w.step ->> 'approverRoleId')::integer,
  waiting_since = c.updated_at
FROM (
  SELECT DISTINCT ON (x.document_id) x.document_id, s.step, s.ord
  FROM document_approval_chains x,
    jsonb_array_elements(x.chain -> 'steps') WITH ORDINALITY AS s(step, ord)
  WHERE s.step -> 'approval' IS NULL OR jsonb_typeof(s.step -> 'approval') = 'null'
  ORDER BY x.document_id, s.ord
) w
WHERE w.document_id = c.document_id;--> statement-breakpoint
CREATE INDEX document_approval_chains_waiting_users_idx ON document_approval_chains USING gin (waiting_user_ids) WHERE waiting_step IS NOT NULL;--> statement-breakpoint
CREATE INDEX document_approval_chains_waiting_role_idx ON document_approval_chains (company_id, waiting_role_id) WHERE waiting_step IS NOT NULL AND waiting_role_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX document_approval_chains_waiting_since_idx ON document_approval_chains (waiting_since) WHERE waiting_step IS NOT NULL;--> statement-breakpoint
CREATE TABLE approval_delegations (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  from_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  to_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  created_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT approval_delegations_dates_check CHECK (ends_on >= starts_on),
  CONSTRAINT approval_delegations_self_check CHECK (from_user_id <> to_user_id)
);--> statement-breakpoint
CREATE INDEX approval_delegations_to_idx ON approval_delegations (company_id, to_user_id, ends_on);--> statement-breakpoint
CREATE INDEX approval_delegations_from_idx ON approval_delegations (company_id, from_user_id, ends_on);--> statement-breakpoint
CREATE TABLE approval_settings (
  company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  remind_after_days integer,
  escalate_after_days integer,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT approval_settings_remind_check CHECK (remind_after_days IS NULL OR remind_after_days BETWEEN 1 AND 60),
  CONSTRAINT approval_settings_escalate_check CHECK (escalate_after_days IS NULL OR escalate_after_days BETWEEN 1 AND 90)
);--> statement-breakpoint
ALTER TABLE approval_delegations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY approval_delegations_tenant ON approval_delegations TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY approval_delegations_runtime ON approval_delegations TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
ALTER TABLE approval_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY approval_settings_tenant ON approval_settings TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY approval_settings_runtime ON approval_settings TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
