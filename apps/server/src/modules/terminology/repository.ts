import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminology } from '../../db/schema/index';

export interface CustomizedTerm {
  terminologyId: number;
  customizedName: string;
}

/** The company's customised names; terms without a row use their default. */
export async function listCustomizedTerms(
  db: Db,
  ctx: { companyId: number },
): Promise<CustomizedTerm[]> {
  return db
    .select({
      terminologyId: terminology.terminologyId,
      customizedName: terminology.customizedName,
    })
    .from(terminology)
    .where(eq(terminology.companyId, ctx.companyId));
}

export async function saveCustomizedTerm(
  db: Db,
  ctx: { companyId: number },
  terminologyId: number,
  customizedName: string,
): Promise<void> {
  await db
    .insert(terminology)
    .values({ companyId: ctx.companyId, terminologyId, customizedName })
    .onConflictDoUpdate({
      target: [terminology.companyId, terminology.terminologyId],
      set: { customizedName },
    });
}

export async function deleteCustomizedTerm(
  db: Db,
  ctx: { companyId: number },
  terminologyId: number,
): Promise<void> {
  await db
    .delete(terminology)
    .where(
      and(eq(terminology.companyId, ctx.companyId), eq(terminology.terminologyId, terminologyId)),
    );
}
