CREATE TABLE "org_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"code" varchar(255) NOT NULL,
	"known_as" varchar(250),
	"phone" varchar(50),
	"address_line_one" varchar(255),
	"address_line_two" varchar(255),
	"address_line_three" varchar(250),
	"country" varchar(2),
	"state" varchar(10),
	"city" varchar(255),
	"zip_code" varchar(10),
	"payment_address_line_one" varchar(255),
	"payment_address_line_two" varchar(255),
	"payment_address_line_three" varchar(250),
	"payment_address_country" varchar(2),
	"payment_address_state" varchar(10),
	"payment_address_city" varchar(255),
	"payment_address_zip_code" varchar(10),
	"tax_address_line_one" varchar(255),
	"tax_address_line_two" varchar(255),
	"tax_address_line_three" varchar(250),
	"tax_address_country" varchar(2),
	"tax_address_state" varchar(10),
	"tax_address_city" varchar(255),
	"tax_address_zip_code" varchar(10),
	"tax_identification_type" varchar(20),
	"tax_identification_number" varchar(250),
	"is_tax_id_valid" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_org_units" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_unit_id" integer NOT NULL,
	CONSTRAINT "user_org_units_org_unit_id_user_id_pk" PRIMARY KEY("org_unit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "terminology" (
	"company_id" integer NOT NULL,
	"terminology_id" integer NOT NULL,
	"customized_name" varchar(100) NOT NULL,
	CONSTRAINT "terminology_company_id_terminology_id_pk" PRIMARY KEY("company_id","terminology_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" varchar(50) NOT NULL,
	"value" varchar(500) NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"party_type_id" integer NOT NULL,
	"name" varchar(250) NOT NULL,
	"name_two" varchar(250),
	"number" varchar(100) NOT NULL,
	"external_system" varchar(128),
	"external_system_id" varchar(32),
	"ach_routing_transit_number" varchar(9),
	"wire_routing_transit_number" varchar(9),
	"effective_from_date" date,
	"effective_thru_date" date,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" varchar(16),
	"ext" varchar(8),
	"cell" varchar(16),
	"address_line_one" varchar(250),
	"address_line_two" varchar(250),
	"address_line_three" varchar(250),
	"country" varchar(2),
	"state" varchar(10),
	"city" varchar(250),
	"zip_code" varchar(10),
	"alt_address_line_one" varchar(250),
	"alt_address_line_two" varchar(250),
	"alt_address_line_three" varchar(250),
	"alt_country" varchar(2),
	"alt_state" varchar(10),
	"alt_city" varchar(250),
	"alt_zip_code" varchar(10),
	"is_active" boolean DEFAULT true NOT NULL,
	"tax_type_id" varchar(20),
	"tax_identifier" varchar(50),
	"is_tax_valid" boolean DEFAULT false NOT NULL,
	"connected_company_id" integer,
	"suggested_company_id" integer,
	"is_invite_sent" boolean DEFAULT false NOT NULL,
	"invite_sent_at" timestamp with time zone,
	"invite_email_address" varchar(320),
	"connection_requested_at" timestamp with time zone,
	"is_disconnected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_org_units" (
	"party_id" integer NOT NULL,
	"org_unit_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "party_org_units_party_id_org_unit_id_pk" PRIMARY KEY("party_id","org_unit_id")
);
--> statement-breakpoint
CREATE TABLE "company_logos" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"image" "bytea" NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"original_file_name" varchar(175) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_document_parties" (
	"legal_document_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "legal_document_parties_legal_document_id_party_id_pk" PRIMARY KEY("legal_document_id","party_id")
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"legal_document_type_id" integer NOT NULL,
	"privacy_setting_id" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"file_key" text NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"file_size" bigint NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ach_org_units" (
	"ach_id" integer NOT NULL,
	"org_unit_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "ach_org_units_ach_id_org_unit_id_pk" PRIMARY KEY("ach_id","org_unit_id")
);
--> statement-breakpoint
CREATE TABLE "ach_parties" (
	"ach_id" integer NOT NULL,
	"org_unit_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "ach_parties_ach_id_org_unit_id_party_id_pk" PRIMARY KEY("ach_id","org_unit_id","party_id")
);
--> statement-breakpoint
CREATE TABLE "achs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_name" varchar(255) NOT NULL,
	"country" varchar(2) NOT NULL,
	"routing_number" varchar(255) NOT NULL,
	"account_number" varchar(255) NOT NULL,
	"account_type_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "known_as" varchar(250);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" varchar(64);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_line_one" varchar(250);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_line_two" varchar(250);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_line_three" varchar(250);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "state" varchar(10);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" varchar(250);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "zip_code" varchar(10);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_type" varchar(20);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_number" varchar(50);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_invitation_token" varchar(200);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_is_boarding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_org_units" ADD CONSTRAINT "user_org_units_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_org_units" ADD CONSTRAINT "user_org_units_company_id_user_id_memberships_company_id_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminology" ADD CONSTRAINT "terminology_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_connected_company_id_companies_id_fk" FOREIGN KEY ("connected_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_suggested_company_id_companies_id_fk" FOREIGN KEY ("suggested_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_org_units" ADD CONSTRAINT "party_org_units_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_org_units" ADD CONSTRAINT "party_org_units_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_parties" ADD CONSTRAINT "legal_document_parties_legal_document_id_legal_documents_id_fk" FOREIGN KEY ("legal_document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_parties" ADD CONSTRAINT "legal_document_parties_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_org_units" ADD CONSTRAINT "ach_org_units_ach_id_achs_id_fk" FOREIGN KEY ("ach_id") REFERENCES "public"."achs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_org_units" ADD CONSTRAINT "ach_org_units_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_parties" ADD CONSTRAINT "ach_parties_ach_id_achs_id_fk" FOREIGN KEY ("ach_id") REFERENCES "public"."achs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_parties" ADD CONSTRAINT "ach_parties_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_parties" ADD CONSTRAINT "ach_parties_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achs" ADD CONSTRAINT "achs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_company_code_key" ON "org_units" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "org_units_company_name_idx" ON "org_units" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "user_org_units_company_user_idx" ON "user_org_units" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "parties_company_name_idx" ON "parties" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "parties_company_type_idx" ON "parties" USING btree ("company_id","party_type_id");--> statement-breakpoint
CREATE INDEX "parties_connected_company_idx" ON "parties" USING btree ("connected_company_id");--> statement-breakpoint
CREATE INDEX "parties_tax_identifier_idx" ON "parties" USING btree ("tax_identifier");--> statement-breakpoint
CREATE INDEX "party_org_units_org_unit_idx" ON "party_org_units" USING btree ("org_unit_id");--> statement-breakpoint
CREATE INDEX "legal_document_parties_party_idx" ON "legal_document_parties" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "legal_documents_company_type_idx" ON "legal_documents" USING btree ("company_id","legal_document_type_id","is_active");--> statement-breakpoint
CREATE INDEX "ach_parties_party_idx" ON "ach_parties" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "achs_company_idx" ON "achs" USING btree ("company_id","bank_name");