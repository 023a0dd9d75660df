import { Terminology, defaultTerminology, type Term } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { recordAdminChange } from '../admin-audit/record';
import { deleteCustomizedTerm, listCustomizedTerms, saveCustomizedTerm } from './repository';

const terminologyIds: number[] = Object.values(Terminology);

/** Every customisable term of the company, in id order, with its default name. */
export async function listTerms(db: Db, ctx: TenantContext): Promise<Term[]> {
  const customized = new Map(
    (await listCustomizedTerms(db, ctx)).map((t) => [t.terminologyId, t.customizedName]),
  );
  return terminologyIds.map((terminologyId) => ({
    terminologyId,
    terminologyName: defaultTerminology[terminologyId] ?? '',
    customizedName: customized.get(terminologyId) ?? null,
  }));
}

/** Renames a term for the company; a blank or null name restores the default (Administrators only). */
export async function updateTerm(
  db: Db,
  ctx: TenantContext,
  terminologyId: number,
  customizedName: string | null,
): Promise<Term> {
  assertAdministrator(ctx);
  if (!terminologyIds.includes(terminologyId)) throw notFound('Term not found', 'term_not_found');
  const name = customizedName?.trim() || null;
  const term = defaultTerminology[terminologyId] ?? '';
  await db.transaction(async (tx) => {
    const old =
      (await listCustomizedTerms(tx, ctx)).find((t) => t.terminologyId === terminologyId)
        ?.customizedName ?? null;
    if (name) await saveCustomizedTerm(tx, ctx, terminologyId, name);
    else await deleteCustomizedTerm(tx, ctx, terminologyId);
    if (old === name) return;
    await recordAdminChange(tx, ctx, {
      action: 'terminology.changed',
      entityType: 'terminology',
      entityId: terminologyId,
      summary: `Renamed the term ${term} to ${name ?? `${term} (the default)`}`,
      changes: [{ field: term, old, new: name }],
    });
  });
  return {
    terminologyId,
    terminologyName: defaultTerminology[terminologyId] ?? '',
    customizedName: name,
  };
}
