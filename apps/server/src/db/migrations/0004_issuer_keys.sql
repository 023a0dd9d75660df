CREATE TABLE "issuer_keys" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"keys" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
