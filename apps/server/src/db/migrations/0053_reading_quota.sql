-- The hourly page quota per company (issue 28 item 2, docs/document-intelligence.md "Fair and
-- bounded"): the past hour's readings are found by their start.
CREATE INDEX IF NOT EXISTS document_extractions_started_at ON document_extractions (started_at);
