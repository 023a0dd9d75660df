-- Reading documents (issue 14; docs/document-intelligence.md). Each page's words with boxes, from
-- the PDF's text layer or OCR, and the reading job's state per document. `text` is the page's words
-- joined, what full-text search indexes (documents/search-index.ts).
CREATE TABLE "document_pages" (
	"document_id" integer NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"page_number" integer NOT NULL,
	"width" real NOT NULL,
	"height" real NOT NULL,
	"source" varchar(10) NOT NULL,
	"words" jsonb NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pages_pk" PRIMARY KEY ("document_id","page_number"),
	CONSTRAINT "document_pages_page_positive" CHECK ("page_number" > 0),
	CONSTRAINT "document_pages_source" CHECK ("source" IN ('text', 'ocr'))
);
--> statement-breakpoint
CREATE TABLE "document_extractions" (
	"document_id" integer PRIMARY KEY NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
	"status" varchar(10) NOT NULL,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"page_count" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"proposals" jsonb,
	"proposed_line_items" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_extractions_status" CHECK ("status" IN ('pending', 'running', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
-- Recovery at start looks for unfinished readings only.
CREATE INDEX "document_extractions_unfinished" ON "document_extractions" ("status") WHERE "status" IN ('pending', 'running');
