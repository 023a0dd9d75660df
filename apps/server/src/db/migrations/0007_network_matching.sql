ALTER TABLE "companies" ADD COLUMN "normalized_name" varchar(250) GENERATED ALWAYS AS (nullif(regexp_replace(btrim(regexp_replace(regexp_replace(lower("name"), '[.'']', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '( (llc|inc|co|corp|corporation|company|ltd|lp|llp))+$', ''), '')) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_digits" varchar(50) GENERATED ALWAYS AS (nullif(regexp_replace(coalesce("tax_number", ''), '[^0-9]', '', 'g'), '')) STORED;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "normalized_name" varchar(250) GENERATED ALWAYS AS (nullif(regexp_replace(btrim(regexp_replace(regexp_replace(lower("name"), '[.'']', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '( (llc|inc|co|corp|corporation|company|ltd|lp|llp))+$', ''), '')) STORED;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "tax_digits" varchar(50) GENERATED ALWAYS AS (nullif(regexp_replace(coalesce("tax_identifier", ''), '[^0-9]', '', 'g'), '')) STORED;--> statement-breakpoint
CREATE INDEX "companies_tax_digits_idx" ON "companies" USING btree ("tax_digits");--> statement-breakpoint
CREATE INDEX "companies_normalized_name_idx" ON "companies" USING btree ("normalized_name");--> statement-breakpoint
CREATE INDEX "parties_tax_digits_idx" ON "parties" USING btree ("tax_digits");--> statement-breakpoint
CREATE INDEX "parties_normalized_name_idx" ON "parties" USING btree ("normalized_name");--> statement-breakpoint
CREATE INDEX "parties_suggested_company_idx" ON "parties" USING btree ("suggested_company_id");--> statement-breakpoint
-- Backfill: the generated columns above are computed for existing rows by ADD COLUMN; this matches
-- the open connections once, with the rule of src/modules/network/matching.ts as of this migration.
UPDATE "parties" SET "suggested_company_id" = m.suggested
FROM (
  SELECT p.id, coalesce(
    (SELECT c.id FROM companies c
      WHERE c.tax_digits = p.tax_digits AND length(p.tax_digits) >= 6
        AND c.is_active AND NOT c.is_cloud AND c.id <> p.company_id
      ORDER BY (c.normalized_name IS NOT DISTINCT FROM p.normalized_name) DESC, c.id LIMIT 1),
    (SELECT c.id FROM companies c
      WHERE c.normalized_name = p.normalized_name
        AND c.is_active AND NOT c.is_cloud AND c.id <> p.company_id
        AND (
          (c.state IS NOT NULL AND c.state = p.state AND coalesce(c.country, 'US') = coalesce(p.country, 'US'))
          OR (length(c.zip_code) >= 5 AND left(upper(c.zip_code), 5) = left(upper(p.zip_code), 5))
          OR EXISTS (
            SELECT 1 FROM jsonb_array_elements_text(p.emails) AS e(address)
            JOIN memberships mb ON mb.company_id = c.id AND mb.is_active
            JOIN users u ON u.id = mb.user_id
            WHERE lower(split_part(e.address, '@', 2)) = lower(split_part(u.email_address, '@', 2))
              AND lower(split_part(e.address, '@', 2)) NOT IN ('gmail.com', 'googlemail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'aol.com', 'icloud.com', 'me.com', 'proton.me', 'protonmail.com')
          )
        )
      ORDER BY c.id LIMIT 1)
  ) AS suggested
  FROM parties p
  WHERE NOT p.is_disconnected AND p.connected_company_id IS NULL AND NOT p.is_invite_sent
) m
WHERE "parties".id = m.id AND "parties".suggested_company_id IS DISTINCT FROM m.suggested;
