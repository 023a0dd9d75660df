import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/index';

/**
 * Network matching (docs/connections.md 'Network matching'): the Flowline company a connection
 * probably is, stored as its suggestedCompanyId so the connection reads 'On network'.
 *
 * Only open connections are (re)matched — not connected, not disconnected, no invite or request
 * sent, not disconnected by the other side; the others keep the company they were invited to or connected with.
 */

/** Tax numbers with fewer digits than this are too weak to identify a company. */
export const MIN_TAX_DIGITS = 6;

/** Mailbox providers shared by unrelated companies: their domain proves nothing. */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
];

const publicDomains = sql.join(
  PUBLIC_MAIL_DOMAINS.map((d) => sql`${d}`),
  sql`, `,
);

/**
 * A company another connection of the same company already links to: connected (not
 * disconnected) or asked with a connection request. Suggesting it again would offer it as a match,
 * count it in the badge and let Connect send a second request.
 */
const alreadyLinked = sql`exists (
  select 1 from parties o
  where o.company_id = p.company_id and o.id <> p.id and not o.is_disconnected
    and (o.connected_company_id = c.id
      or (o.connected_company_id is null and o.is_invite_sent and o.suggested_company_id = c.id))
)`;

/**
 * A company that can be suggested: active, served here (not cloud), not the party's own, and not
 * one the company is already connected or connecting to through another connection.
 */
const candidate = sql`c.is_active and not c.is_cloud and c.id <> p.company_id and not ${alreadyLinked}`;

/** Same state (and country), same 5-character zip prefix, or an e-mail domain of its users. */
const sameRegionOrDomain = sql`(
  (c.state is not null and c.state = p.state and coalesce(c.country, 'US') = coalesce(p.country, 'US'))
  or (length(c.zip_code) >= 5 and left(upper(c.zip_code), 5) = left(upper(p.zip_code), 5))
  or exists (
    select 1
    from jsonb_array_elements_text(p.emails) as e(address)
    join memberships m on m.company_id = c.id and m.is_active
    join users u on u.id = m.user_id
    where lower(split_part(e.address, '@', 2)) = lower(split_part(u.email_address, '@', 2))
      and lower(split_part(e.address, '@', 2)) not in (${publicDomains})
  )
)`;

/**
 * The suggested company of party row `p`: same tax digits first (a same-name one preferred, then
 * the oldest), else the same normalised name plus the same region or mail domain (the oldest).
 */
const matchOf = sql`coalesce(
  (select c.id from companies c
    where c.tax_digits = p.tax_digits and length(p.tax_digits) >= ${MIN_TAX_DIGITS} and ${candidate}
    order by (c.normalized_name is not distinct from p.normalized_name) desc, c.id limit 1),
  (select c.id from companies c
    where c.normalized_name = p.normalized_name and ${candidate} and ${sameRegionOrDomain}
    order by c.id limit 1)
)`;

/** A record whose company deleted the relationship keeps that company (to ask it again). */
const open = sql`not p.is_disconnected and p.connected_company_id is null and not p.is_invite_sent
  and p.disconnected_by_company_id is null`;

/** Sets (or clears) suggested_company_id of the open parties selected by `where`; returns the count changed. */
async function rematch(db: Db, where: SQL): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    update parties set suggested_company_id = m.suggested, updated_at = now()
    from (select p.id, ${matchOf} as suggested from parties p where ${open} and (${where})) m
    where parties.id = m.id and parties.suggested_company_id is distinct from m.suggested
    returning parties.id`);
  return rowsOf(result).length;
}

/** node-postgres returns { rows }, PGlite too; keep both shapes readable. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Re-matches one connection of the company (after create or update, in the same transaction). */
export async function refreshMatchForParty(db: Db, companyId: number, partyId: number) {
  return rematch(db, sql`p.company_id = ${companyId} and p.id = ${partyId}`);
}

/**
 * Re-matches every connection, in any company, that could match this company now or did before:
 * same tax digits, same normalised name, or already suggested for it. Deliberately not
 * tenant-scoped — a company that registers or changes appears in other companies' networks.
 */
export async function refreshMatchesForCompany(db: Db, companyId: number) {
  const [keys] = await db
    .select({ taxDigits: companies.taxDigits, normalizedName: companies.normalizedName })
    .from(companies)
    .where(eq(companies.id, companyId));
  const could = [sql`p.suggested_company_id = ${companyId}`];
  if (keys?.taxDigits) could.push(sql`p.tax_digits = ${keys.taxDigits}`);
  if (keys?.normalizedName) could.push(sql`p.normalized_name = ${keys.normalizedName}`);
  return rematch(db, sql.join(could, sql` or `));
}

/**
 * After a company links up with another or parts from it (a connection request, an accept, a
 * disconnect): the company's open connections that point at the other, or could, are matched
 * again — so a company already connected or asked is no longer offered as a match through a
 * second connection, and is offered again once the link ends.
 */
export async function refreshMatchesOfCompanyFor(db: Db, companyId: number, otherId: number) {
  const [keys] = await db
    .select({ taxDigits: companies.taxDigits, normalizedName: companies.normalizedName })
    .from(companies)
    .where(eq(companies.id, otherId));
  const could = [sql`p.suggested_company_id = ${otherId}`];
  if (keys?.taxDigits) could.push(sql`p.tax_digits = ${keys.taxDigits}`);
  if (keys?.normalizedName) could.push(sql`p.normalized_name = ${keys.normalizedName}`);
  return rematch(db, sql`p.company_id = ${companyId} and (${sql.join(could, sql` or `)})`);
}
