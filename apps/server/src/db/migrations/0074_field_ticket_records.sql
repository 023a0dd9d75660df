-- Issue 32 item 2 (docs/field-tickets.md): a field ticket's own row — the phone's client id that
-- makes an offline retry create nothing twice (unique per vendor, for ever, not only for the
-- Idempotency-Key's day), and the header the lists page through in SQL — and the wellsite
-- sign-off's evidence (who signed, the phone's time and the server's, GPS, the signature's hash,
-- the user who held the phone, the PDF before and after, and the hash over all of it).
CREATE TABLE field_tickets (
  document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id),
  counterparty_company_id integer REFERENCES companies(id),
  client_id uuid NOT NULL,
  ticket_number varchar(50) NOT NULL,
  service_date date NOT NULL,
  well_name varchar(200) NOT NULL,
  afe varchar(50),
  total varchar(40) NOT NULL,
  line_count integer NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX field_tickets_company_client_key ON field_tickets (company_id, client_id);--> statement-breakpoint
CREATE INDEX field_tickets_company_date_idx ON field_tickets (company_id, service_date DESC, document_id DESC);--> statement-breakpoint
CREATE INDEX field_tickets_counterparty_date_idx ON field_tickets (counterparty_company_id, service_date DESC, document_id DESC);--> statement-breakpoint
ALTER TABLE field_tickets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY field_tickets_tenant ON field_tickets TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_tickets_tenant_read ON field_tickets FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_tickets_runtime ON field_tickets TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);--> statement-breakpoint
CREATE TABLE field_ticket_signoffs (
  document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id),
  counterparty_company_id integer REFERENCES companies(id),
  client_id uuid NOT NULL,
  signer_name varchar(255) NOT NULL,
  signer_title varchar(255),
  signed_at timestamp with time zone NOT NULL,
  received_at timestamp with time zone NOT NULL,
  latitude double precision,
  longitude double precision,
  accuracy_meters double precision,
  signature_sha256 char(64) NOT NULL,
  signature_png_base64 text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  user_name varchar(255),
  ip varchar(100),
  user_agent text,
  pdf_sha256_before char(64) NOT NULL,
  pdf_sha256_after char(64) NOT NULL,
  evidence_sha256 char(64) NOT NULL
);--> statement-breakpoint
ALTER TABLE field_ticket_signoffs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY field_ticket_signoffs_tenant ON field_ticket_signoffs TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_ticket_signoffs_tenant_read ON field_ticket_signoffs FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_ticket_signoffs_runtime ON field_ticket_signoffs TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
