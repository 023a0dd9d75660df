-- Issue 32 item 4 (docs/three-way-match.md): the three-way match of each invoice as it arrived at
-- the operator — per-line verdicts, the invoice's verdict and why, the tickets and price book
-- versions it was matched against, and how an exception was resolved. The receiver (operator)
-- owns the row; the vendor never reads it.
CREATE TABLE invoice_matches (
  document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  counterparty_company_id integer REFERENCES companies(id) ON DELETE SET NULL,
  verdict varchar(12) NOT NULL,
  reason_kinds varchar(20)[] NOT NULL DEFAULT '{}',
  reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  lines jsonb NOT NULL DEFAULT '[]'::jsonb,
  ticket_document_ids integer[] NOT NULL DEFAULT '{}',
  ticket_numbers text[] NOT NULL DEFAULT '{}',
  price_book_version_ids integer[] NOT NULL DEFAULT '{}',
  expected_total numeric(14, 2),
  touchless boolean NOT NULL DEFAULT false,
  matched_at timestamp with time zone NOT NULL DEFAULT now(),
  accepted_at timestamp with time zone,
  accepted_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  accept_comment varchar(2000),
  CONSTRAINT invoice_matches_verdict_check CHECK (verdict IN ('matched', 'exceptions'))
);--> statement-breakpoint
-- The exceptions list: a company's open exceptions, newest first (the route's status, joined by
-- its unique (document_id, company_id) key, drops disputed and rejected invoices).
CREATE INDEX invoice_matches_open_exceptions_idx ON invoice_matches (company_id, document_id DESC) WHERE verdict = 'exceptions' AND accepted_at IS NULL;--> statement-breakpoint
-- Dashboards: a company's matches by vendor and month.
CREATE INDEX invoice_matches_company_vendor_idx ON invoice_matches (company_id, counterparty_company_id, matched_at);--> statement-breakpoint
-- A ticket referenced by number is not matched twice (a duplicate bill): the matches naming it.
CREATE INDEX invoice_matches_tickets_idx ON invoice_matches USING gin (ticket_document_ids);--> statement-breakpoint
ALTER TABLE invoice_matches ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoice_matches_tenant ON invoice_matches TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY invoice_matches_runtime ON invoice_matches TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
-- An invoice without billing links (PIDX, e-mail) finds the vendor's tickets by number: the
-- operator's received field tickets (type 101) by vendor and Ticket Number.
CREATE INDEX document_routes_field_ticket_number_idx ON document_routes (company_id, counterparty_company_id, (list_values ->> 'docNumber')) WHERE document_type_id = 101;
