-- Division-order signing (issue 13; docs/signing.md): stored signatures, ESIGN/UETA consent and
-- the hash-chained signing evidence.
CREATE TABLE "user_signatures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"image_base64" text NOT NULL,
	"full_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_signatures" ADD CONSTRAINT "user_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "esign_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version" varchar(50) NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(100),
	"user_agent" text
);--> statement-breakpoint
ALTER TABLE "esign_consents" ADD CONSTRAINT "esign_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_consents_user_version_idx" ON "esign_consents" USING btree ("user_id","version","id");--> statement-breakpoint
-- The signatures stamped into a document version (the DTO's documentSignatures).
CREATE TABLE "document_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer,
	"full_name" varchar(255) NOT NULL,
	"image_base64" text NOT NULL,
	"page" integer NOT NULL,
	"area" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_signatures_document_idx" ON "document_signatures" USING btree ("document_id","id");--> statement-breakpoint
-- One chain per document (its version root): each entry stores the previous entry's hash and its
-- own, over a canonical JSON of the entry. Users and companies are copied in, not referenced, so
-- the record stands on its own.
CREATE TABLE "signing_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_document_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"document_id" integer NOT NULL,
	"event" varchar(30) NOT NULL,
	"user_id" integer,
	"user_name" varchar(255),
	"email" text,
	"company_id" integer,
	"company_name" varchar(255),
	"signer_name" varchar(255),
	"at" timestamp with time zone NOT NULL,
	"ip" varchar(100),
	"user_agent" text,
	"sha256_before" varchar(64),
	"sha256_after" varchar(64),
	"page" integer,
	"area" text,
	"consent_version" varchar(50),
	"consented_at" timestamp with time zone,
	"prev_hash" varchar(64),
	"hash" varchar(64) NOT NULL
);--> statement-breakpoint
ALTER TABLE "signing_evidence" ADD CONSTRAINT "signing_evidence_chain_document_id_documents_id_fk" FOREIGN KEY ("chain_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_evidence" ADD CONSTRAINT "signing_evidence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_evidence_chain_seq_key" ON "signing_evidence" USING btree ("chain_document_id","seq");--> statement-breakpoint
CREATE FUNCTION signing_evidence_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signing_evidence is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER signing_evidence_no_update_or_delete BEFORE UPDATE OR DELETE ON "signing_evidence"
  FOR EACH ROW EXECUTE FUNCTION signing_evidence_append_only();
