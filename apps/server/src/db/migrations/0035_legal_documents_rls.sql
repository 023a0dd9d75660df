-- Row-level security for legal documents (issue 17 item 2, docs/row-level-security.md): every
-- request path reads and writes only its own company's legal documents and their shares (the
-- connected companies they are shared with see nothing of them through the API yet).
ALTER TABLE legal_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legal_documents_tenant ON legal_documents TO flowline_tenant USING (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE legal_document_parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legal_document_parties_tenant ON legal_document_parties TO flowline_tenant USING (company_id = app_company_id());
