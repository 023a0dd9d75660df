-- Row-level security as a second wall for tenant isolation (issue 17 item 2,
-- docs/row-level-security.md). Requests run their queries as flowline_tenant with app.company_id
-- set (src/db/tenant-scope.ts, src/db/tenant-scoped-driver.ts); the connecting role (owner or
-- superuser) used by start-up, jobs, migrations and seeding is not restricted (RLS is enabled,
-- not forced).
-- Roles are cluster-wide and test runs migrate databases concurrently: create it race-safely.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'flowline_tenant') THEN
    CREATE ROLE flowline_tenant NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- The connecting role switches to flowline_tenant (SET ROLE needs membership; a superuser has it).
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT flowline_tenant TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO flowline_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO flowline_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO flowline_tenant;
--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO flowline_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO flowline_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO flowline_tenant;
--> statement-breakpoint
-- The request's company; null outside a tenant scope (then every policy hides everything).
CREATE OR REPLACE FUNCTION app_company_id() RETURNS integer
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::integer $$;
--> statement-breakpoint
-- Whether the request's company shares the document: it sent it, or holds a route to it, to the
-- version it replaces (while the new version's routes are being written) or to any version of
-- the same chain (routes move to the newest version; the earlier ones stay shared).
-- SECURITY DEFINER (runs as the owner, unrestricted) so that policies of documents and
-- document_routes can consult each other without recursing. Names are schema-qualified.
CREATE OR REPLACE FUNCTION app_document_visible(doc integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM public.documents d
      WHERE d.id = doc
        AND (d.owner_company_id = public.app_company_id()
          OR EXISTS (SELECT 1 FROM public.document_routes r
                     WHERE r.document_id IN (d.id, d.previous_version_id)
                       AND r.company_id = public.app_company_id())
          OR EXISTS (SELECT 1 FROM public.documents v
                     JOIN public.document_routes r ON r.document_id = v.id
                     WHERE v.version_root_id = d.version_root_id
                       AND r.company_id = public.app_company_id())))
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_chat_thread_visible(thread integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT EXISTS (SELECT 1 FROM public.chat_threads t
                   WHERE t.id = thread
                     AND public.app_company_id() IN (t.low_company_id, t.high_company_id))
  $$;
--> statement-breakpoint
ALTER TABLE achs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY achs_tenant ON achs TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE ach_org_units ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ach_org_units_tenant ON ach_org_units TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE ach_parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ach_parties_tenant ON ach_parties TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE coding_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY coding_rules_tenant ON coding_rules TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE account_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_codes_tenant ON account_codes TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_keys_tenant ON api_keys TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE org_units ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY org_units_tenant ON org_units TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE user_org_units ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_org_units_tenant ON user_org_units TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY parties_tenant ON parties TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE party_org_units ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY party_org_units_tenant ON party_org_units TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE terminology ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY terminology_tenant ON terminology TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE line_item_coding ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY line_item_coding_tenant ON line_item_coding TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A document is written by its sender, or as a new version of a document the company shares
-- (the owner's signed return of a division order becomes the next version).
CREATE POLICY documents_tenant ON documents TO flowline_tenant
  USING (owner_company_id = app_company_id() OR app_document_visible(id)
    OR (previous_version_id IS NOT NULL AND app_document_visible(previous_version_id)))
  WITH CHECK (owner_company_id = app_company_id() OR app_document_visible(id)
    OR (previous_version_id IS NOT NULL AND app_document_visible(previous_version_id)));
--> statement-breakpoint
ALTER TABLE document_routes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_routes_tenant ON document_routes TO flowline_tenant USING (company_id = app_company_id() OR app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_metadata ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_metadata_tenant ON document_metadata TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_history ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_history_tenant ON document_history TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_attachments_tenant ON document_attachments TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_pages_tenant ON document_pages TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_extractions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_extractions_tenant ON document_extractions TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_line_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_line_items_tenant ON document_line_items TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY payments_tenant ON payments TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE document_signatures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY document_signatures_tenant ON document_signatures TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE signing_evidence ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY signing_evidence_tenant ON signing_evidence TO flowline_tenant USING (app_document_visible(document_id));
--> statement-breakpoint
ALTER TABLE chat_threads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY chat_threads_tenant ON chat_threads TO flowline_tenant USING (app_company_id() IN (low_company_id, high_company_id));
--> statement-breakpoint
ALTER TABLE chat_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY chat_messages_tenant ON chat_messages TO flowline_tenant USING (app_chat_thread_visible(thread_id));
--> statement-breakpoint
ALTER TABLE chat_user_marks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY chat_user_marks_tenant ON chat_user_marks TO flowline_tenant USING (app_chat_thread_visible(thread_id));
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notifications_tenant ON notifications TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
-- Telling the other company (a document sent, a chat message) is part of the exchange.
CREATE POLICY notifications_tenant_notify ON notifications FOR INSERT TO flowline_tenant WITH CHECK (true);
