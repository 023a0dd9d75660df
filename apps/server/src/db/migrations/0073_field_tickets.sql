-- Issue 32 items 2–4 (docs/field-tickets.md): the Field Ticket type (seeded from packages/shared),
-- line items that name their price-book item, unit and service day (tickets and invoices alike, so
-- the three-way match compares like with like), and the link from a billed ticket to its invoice.
ALTER TABLE document_line_items ADD COLUMN item_code varchar(50);--> statement-breakpoint
ALTER TABLE document_line_items ADD COLUMN uom varchar(20);--> statement-breakpoint
ALTER TABLE document_line_items ADD COLUMN service_date date;--> statement-breakpoint
CREATE TABLE field_ticket_billings (
  ticket_document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  invoice_document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id),
  counterparty_company_id integer REFERENCES companies(id),
  created_at timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX field_ticket_billings_invoice_idx ON field_ticket_billings (invoice_document_id);--> statement-breakpoint
ALTER TABLE field_ticket_billings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY field_ticket_billings_tenant ON field_ticket_billings TO flowline_tenant USING (company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_ticket_billings_tenant_read ON field_ticket_billings FOR SELECT TO flowline_tenant USING (counterparty_company_id = app_company_id());--> statement-breakpoint
CREATE POLICY field_ticket_billings_runtime ON field_ticket_billings TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
