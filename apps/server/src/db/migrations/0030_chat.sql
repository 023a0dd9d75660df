-- Chat between two connected companies (issue 15 item 1; docs/chat.md). One thread per company
-- pair (low id, high id); messages keyed by (thread, id) for paging back; one row per user and
-- thread holding how far they read and how far they hid the thread ("delete" in manage mode).
CREATE TABLE "chat_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"low_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"high_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	-- the newest message (denormalised for the thread list: ordered and joined without a scan)
	"last_message_id" integer,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_pair_order" CHECK ("low_company_id" < "high_company_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_pair_key" ON "chat_threads" ("low_company_id", "high_company_id");--> statement-breakpoint
CREATE INDEX "chat_threads_high_idx" ON "chat_threads" ("high_company_id", "last_message_id");--> statement-breakpoint
CREATE INDEX "chat_threads_low_idx" ON "chat_threads" ("low_company_id", "last_message_id");--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL REFERENCES "chat_threads"("id") ON DELETE CASCADE,
	"sender_company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"sender_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"body" text DEFAULT '' NOT NULL,
	"document_id" integer REFERENCES "documents"("id") ON DELETE SET NULL,
	-- an attached file in the blob store (companies/{sender}/chat/{uuid}); all null without one
	"file_key" text,
	"file_name" varchar(255),
	"file_content_type" varchar(100),
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" ("thread_id", "id");--> statement-breakpoint
-- unread counts: the other company's messages after a mark
CREATE INDEX "chat_messages_thread_sender_idx" ON "chat_messages" ("thread_id", "sender_company_id", "id");--> statement-breakpoint
CREATE INDEX "chat_messages_file_key_idx" ON "chat_messages" ("file_key") WHERE "file_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "chat_user_marks" (
	"thread_id" integer NOT NULL REFERENCES "chat_threads"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- read up to this message id (0 = nothing read)
	"read_up_to_id" integer DEFAULT 0 NOT NULL,
	-- hidden up to this message id (0 = never hidden): older messages stay hidden for the user
	"hidden_up_to_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_user_marks_pkey" PRIMARY KEY ("thread_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "chat_user_marks_user_idx" ON "chat_user_marks" ("user_id");--> statement-breakpoint
-- The HS256 secret chat tokens are signed with (one row, made on first use; docs/chat.md).
CREATE TABLE "chat_token_secrets" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
