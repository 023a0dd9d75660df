-- Fair and bounded document reading (issue 28 item 2, docs/document-intelligence.md): what the
-- user is told about a reading besides its status (the page cap).
ALTER TABLE document_extractions ADD COLUMN notice text;
