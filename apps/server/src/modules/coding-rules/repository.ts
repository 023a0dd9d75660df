import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codingRules, parties } from '../../db/schema/index';

export type CodingRuleRow = typeof codingRules.$inferSelect;

export async function listRules(db: Db, companyId: number) {
  return db
    .select({ rule: codingRules, partyName: parties.name })
    .from(codingRules)
    .leftJoin(parties, eq(parties.id, codingRules.partyId))
    .where(eq(codingRules.companyId, companyId))
    .orderBy(asc(codingRules.id));
}

export async function findRule(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ rule: codingRules, partyName: parties.name })
    .from(codingRules)
    .leftJoin(parties, eq(parties.id, codingRules.partyId))
    .where(and(eq(codingRules.companyId, companyId), eq(codingRules.id, id)));
  return row ?? null;
}

/** The active rules of the company for this connection (its own rules and the ones for all). */
export async function applicableRules(
  db: Db,
  companyId: number,
  partyId: number | null,
): Promise<CodingRuleRow[]> {
  return db
    .select()
    .from(codingRules)
    .where(
      and(
        eq(codingRules.companyId, companyId),
        eq(codingRules.isActive, true),
        partyId === null
          ? isNull(codingRules.partyId)
          : or(isNull(codingRules.partyId), eq(codingRules.partyId, partyId)),
      ),
    )
    .orderBy(asc(codingRules.id));
}

export async function insertRule(db: Db, values: typeof codingRules.$inferInsert) {
  const [row] = await db.insert(codingRules).values(values).returning();
  if (!row) throw new Error('coding rule not stored');
  return row;
}

export async function updateRule(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof codingRules.$inferInsert>,
) {
  await db
    .update(codingRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(codingRules.companyId, companyId), eq(codingRules.id, id)));
}

export async function deleteRule(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(codingRules)
    .where(and(eq(codingRules.companyId, companyId), eq(codingRules.id, id)))
    .returning({ id: codingRules.id });
  return rows.length > 0;
}
