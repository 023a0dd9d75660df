-- Approval chains (issue 29 item 1, docs/approvals.md): a receiving company's approval policies,
-- each invoice's chain (a snapshot of the policy it matched on arrival, with each step's
-- approval), a per-member approval limit, and how many steps a coding rule's automatic approval
-- may replace (null: every step, as before).
CREATE TABLE approval_policies (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name varchar(100) NOT NULL,
  position integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  party_id integer REFERENCES parties(id) ON DELETE CASCADE,
  coding_prefix varchar(50),
  account_codes jsonb NOT NULL DEFAULT '[]'::jsonb,
  min_total_cents bigint,
  max_total_cents bigint,
  steps jsonb NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX approval_policies_company_idx ON approval_policies (company_id, position, id);
--> statement-breakpoint
-- One default policy per company.
CREATE UNIQUE INDEX approval_policies_default_idx ON approval_policies (company_id) WHERE is_default;
--> statement-breakpoint
CREATE TABLE document_approval_chains (
  document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id),
  policy_id integer REFERENCES approval_policies(id) ON DELETE SET NULL,
  chain jsonb NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX document_approval_chains_company_idx ON document_approval_chains (company_id);
--> statement-breakpoint
ALTER TABLE memberships ADD COLUMN approval_limit_cents bigint;
--> statement-breakpoint
ALTER TABLE coding_rules ADD COLUMN replaces_approval_steps integer;
--> statement-breakpoint
ALTER TABLE approval_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY approval_policies_tenant ON approval_policies TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY approval_policies_runtime ON approval_policies TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
--> statement-breakpoint
ALTER TABLE document_approval_chains ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_approval_chains_tenant ON document_approval_chains TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY document_approval_chains_runtime ON document_approval_chains TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
