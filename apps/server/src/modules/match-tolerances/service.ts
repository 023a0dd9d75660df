import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_MATCH_TOLERANCES,
  type MatchTolerancesDto,
  type zMatchTolerancesInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { matchTolerances } from '../../db/schema/index';
import { diffFields, recordAdminChange } from '../admin-audit/record';

/** A company's three-way match tolerances (issue 32 item 4; docs/price-books.md). */

const FIELDS = ['quantityPercent', 'priceAmount', 'totalPercent'] as const;
const plain = (value: string) => String(Number(value));

export async function getMatchTolerances(db: Db, companyId: number): Promise<MatchTolerancesDto> {
  const [row] = await db
    .select()
    .from(matchTolerances)
    .where(eq(matchTolerances.companyId, companyId));
  if (!row) return { ...DEFAULT_MATCH_TOLERANCES, isSet: false };
  return {
    quantityPercent: plain(row.quantityPercent),
    priceAmount: plain(row.priceAmount),
    totalPercent: plain(row.totalPercent),
    isSet: true,
  };
}

export async function setMatchTolerances(
  db: Db,
  ctx: TenantContext,
  input: z.output<typeof zMatchTolerancesInput>,
): Promise<MatchTolerancesDto> {
  assertAdministrator(ctx);
  const before = await getMatchTolerances(db, ctx.companyId);
  await db.transaction(async (tx) => {
    await tx
      .insert(matchTolerances)
      .values({ companyId: ctx.companyId, ...input })
      .onConflictDoUpdate({
        target: matchTolerances.companyId,
        set: { ...input, updatedAt: new Date() },
      });
    const changes = diffFields(before.isSet ? before : null, input, FIELDS);
    if (changes.length === 0) return;
    await recordAdminChange(tx, ctx, {
      action: 'matchtolerances.updated',
      entityType: 'match_tolerances',
      entityId: ctx.companyId,
      summary: 'Changed the three-way match tolerances',
      changes,
    });
  });
  return getMatchTolerances(db, ctx.companyId);
}
