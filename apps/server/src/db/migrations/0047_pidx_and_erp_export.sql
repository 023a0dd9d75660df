-- PIDX invoices in and out, and the ERP export feed (issue 30 items 1, 2, 4; docs/pidx.md).
--
-- Connections get the identifiers a PIDX PartnerIdentifier names a company by: its DUNS number,
-- the identifier the buyer assigned and the one the seller assigned.
ALTER TABLE "parties" ADD COLUMN "duns_number" varchar(13);
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "buyer_assigned_id" varchar(50);
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "seller_assigned_id" varchar(50);
--> statement-breakpoint
CREATE INDEX "parties_company_duns_idx" ON "parties" ("company_id","duns_number") WHERE "duns_number" IS NOT NULL;
--> statement-breakpoint
-- What a PIDX invoice said beyond the document's metadata and lines (item codes, units, service
-- dates, the sender's references per line, taxes), kept for the response and the export feed.
CREATE TABLE "pidx_invoices" (
	"document_id" integer PRIMARY KEY NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"sender_company_id" integer NOT NULL REFERENCES "companies"("id"),
	"receiver_company_id" integer NOT NULL REFERENCES "companies"("id"),
	"invoice_number" varchar(100) NOT NULL,
	"invoice_type_code" varchar(50),
	"currency" varchar(3) NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pidx_invoices_sender_idx" ON "pidx_invoices" ("sender_company_id");
--> statement-breakpoint
ALTER TABLE pidx_invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY pidx_invoices_tenant ON pidx_invoices TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
CREATE POLICY pidx_invoices_runtime ON pidx_invoices TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
--> statement-breakpoint
-- The export feed's cursor. Every approval on a receiving side takes the next number of its
-- company's counter; the counter row stays locked until the approving transaction ends, so the
-- numbers are handed out in commit order and a reader that sees number n also sees every number
-- below it (a sequence would not: a smaller number may commit after a larger one is read).
CREATE TABLE "erp_export_counters" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_approvals" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"seq" bigint NOT NULL,
	"document_id" integer NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"export_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "erp_approvals_pk" PRIMARY KEY ("company_id","seq")
);
--> statement-breakpoint
CREATE INDEX "erp_approvals_document_idx" ON "erp_approvals" ("company_id","document_id");
--> statement-breakpoint
ALTER TABLE erp_export_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY erp_export_counters_tenant ON erp_export_counters TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY erp_export_counters_runtime ON erp_export_counters TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
--> statement-breakpoint
ALTER TABLE erp_approvals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY erp_approvals_tenant ON erp_approvals TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY erp_approvals_runtime ON erp_approvals TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL);
--> statement-breakpoint
-- Whatever approves (a person, the bulk action, a coding rule, a future policy), the receiving
-- route turning Approved (3) records the approval. SECURITY DEFINER: it writes the receiver's
-- rows whichever company's scope the approving statement runs in.
CREATE OR REPLACE FUNCTION record_erp_approval() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  next_seq bigint;
BEGIN
  IF NEW.side = 'received' AND NEW.route_status_id = 3
     AND (TG_OP = 'INSERT' OR OLD.route_status_id IS DISTINCT FROM 3) THEN
    INSERT INTO erp_export_counters AS c (company_id, last_seq) VALUES (NEW.company_id, 1)
      ON CONFLICT (company_id) DO UPDATE SET last_seq = c.last_seq + 1
      RETURNING c.last_seq INTO next_seq;
    INSERT INTO erp_approvals (company_id, seq, document_id) VALUES (NEW.company_id, next_seq, NEW.document_id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER document_routes_erp_approval AFTER INSERT OR UPDATE OF route_status_id ON document_routes
  FOR EACH ROW EXECUTE FUNCTION record_erp_approval();
