import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { companyLogos, parties } from '../../db/schema/index';

export type CompanyLogoRow = typeof companyLogos.$inferSelect;

export async function upsertLogo(
  db: Db,
  companyId: number,
  values: { image: Buffer; contentType: string; originalFileName: string },
) {
  const updatedAt = new Date();
  const [row] = await db
    .insert(companyLogos)
    .values({ companyId, ...values, updatedAt })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: { ...values, updatedAt } })
    .returning({ companyId: companyLogos.companyId, updatedAt: companyLogos.updatedAt });
  if (!row) throw new Error('logo not stored');
  return row;
}

/** The current logo's original file name (for the audit), without loading the image. */
export async function findLogoFileName(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: companyLogos.originalFileName })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return row ? (row.name ?? '') : null;
}

export async function deleteLogo(db: Db, companyId: number): Promise<void> {
  await db.delete(companyLogos).where(eq(companyLogos.companyId, companyId));
}

/**
 * Not tenant-scoped on purpose: a company's logo is also shown to the companies it is connected
 * to. Only call it after `mayViewLogo` said yes.
 */
export async function unsafeFindLogo(db: Db, companyId: number): Promise<CompanyLogoRow | null> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, companyId));
    return row ?? null;
  });
}

/** True when the viewer has an active connection linked to that company on the network. */
export async function isConnectedTo(db: Db, viewerCompanyId: number, companyId: number) {
  const [row] = await db
    .select({ id: parties.id })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, viewerCompanyId),
        isNotNull(parties.connectedCompanyId),
        eq(parties.connectedCompanyId, companyId),
        eq(parties.isActive, true),
        eq(parties.isDisconnected, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}
