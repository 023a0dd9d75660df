-- The duplicate-invoice check (issue 12 item 7) reads one sender's invoices to one receiver in a
-- time window.
CREATE INDEX "documents_owner_receiver_published_idx" ON "documents" ("owner_company_id","receiving_company_id","published_at");
