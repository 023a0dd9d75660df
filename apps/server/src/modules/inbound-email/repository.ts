import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, inboundEmailDeliveries, parties } from '../../db/schema/index';

/** Inbound e-mail's queries (docs/inbound-email.md). */

/** The company an inbound address names (codes are stored upper case; companies_code_upper_idx). */
export async function unsafeFindCompanyByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: companies.id, code: companies.code, name: companies.name })
    .from(companies)
    .where(sql`upper(${companies.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findCompanyCode(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.code })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.code ?? null;
}

/** Messages from one sender address in the past hour, every company together. */
export async function unsafeCountRecentFromSender(db: Db, sender: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboundEmailDeliveries)
    .where(
      and(eq(inboundEmailDeliveries.sender, sender), gt(inboundEmailDeliveries.createdAt, since)),
    );
  return row?.n ?? 0;
}

/**
 * The receiver's active connection whose e-mail addresses include the sender's (compared in
 * lower case); the oldest when several do.
 */
export async function findPartyByEmail(db: Db, companyId: number, email: string) {
  const [row] = await db
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        eq(parties.isActive, true),
        sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${parties.emails}) AS e(address)
                    WHERE lower(e.address) = ${email.toLowerCase()})`,
      ),
    )
    .orderBy(parties.id)
    .limit(1);
  return row ?? null;
}

export async function insertDelivery(db: Db, row: typeof inboundEmailDeliveries.$inferInsert) {
  await db.insert(inboundEmailDeliveries).values(row);
}

export async function listRecentDeliveries(db: Db, companyId: number, limit: number) {
  return db
    .select({
      id: inboundEmailDeliveries.id,
      createdAt: inboundEmailDeliveries.createdAt,
      sender: inboundEmailDeliveries.sender,
      subject: inboundEmailDeliveries.subject,
      status: inboundEmailDeliveries.status,
      reason: inboundEmailDeliveries.reason,
      partyName: parties.name,
      documentIds: inboundEmailDeliveries.documentIds,
    })
    .from(inboundEmailDeliveries)
    .leftJoin(parties, eq(parties.id, inboundEmailDeliveries.partyId))
    .where(eq(inboundEmailDeliveries.companyId, companyId))
    .orderBy(desc(inboundEmailDeliveries.id))
    .limit(limit);
}
