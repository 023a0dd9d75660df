-- Issue 27 item 26: an insurance certificate's optional expiry date, and when its Administrators
-- were reminded (once per certificate; a changed date clears it). The daily reminder job scans the
-- partial index: only active documents with a date and no reminder yet are in it.
ALTER TABLE legal_documents ADD COLUMN expires_on date;
--> statement-breakpoint
ALTER TABLE legal_documents ADD COLUMN expiry_reminder_sent_at timestamp with time zone;
--> statement-breakpoint
CREATE INDEX legal_documents_expiry_due_idx ON legal_documents (expires_on) WHERE is_active AND expires_on IS NOT NULL AND expiry_reminder_sent_at IS NULL;
