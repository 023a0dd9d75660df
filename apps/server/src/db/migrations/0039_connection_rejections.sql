-- Issue 27 items 17 and 18 (docs/connections.md): a rejected invite or connection request, with the
-- receiver's optional reason, shown to the sender; and the company that deleted the relationship
-- from its side, so the other side's record reads 'Disconnected by the other connection'.
ALTER TABLE "parties" ADD COLUMN "invite_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "invite_rejection_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "disconnected_by_company_id" integer REFERENCES "companies"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "reject_reason" varchar(500);
