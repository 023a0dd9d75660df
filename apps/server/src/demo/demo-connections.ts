import { and, eq, sql } from 'drizzle-orm';
import { PartyType } from '@flowline/shared';
import type { Db } from '../db/client';
import { orgUnits, parties, partyOrgUnits } from '../db/schema/index';

/**
 * Both sides of the demo relationships documents travel along (as an accepted invitation leaves
 * them): Permian ↔ Red Mesa (Permian's side comes from the ACH demo) and Red Mesa ↔ Hawthorne.
 * Each record is linked to the other company and assigned to one of its company's profiles — the
 * receiver's profile is what the sender may pick as Bill To. Idempotent: existing numbers are
 * reused.
 */
export interface DemoConnections {
  /** Permian's connection for Red Mesa. */
  vendorToOperator: number;
  /** Red Mesa's connection for Permian. */
  operatorToVendor: number;
  /** Red Mesa's connection for Hawthorne. */
  operatorToOwner: number;
  /** Hawthorne's connection for Red Mesa. */
  ownerToOperator: number;
}

interface ConnectionSeed {
  companyId: number;
  profileCode: string;
  name: string;
  number: string;
  partyTypeId: number;
  connectedCompanyId: number;
  emails: string[];
}

export async function seedDemoConnections(
  tx: Db,
  ids: { vendor: number; operator: number; owner: number },
): Promise<DemoConnections> {
  const link = (seed: ConnectionSeed) => findOrCreateConnection(tx, seed);
  return {
    vendorToOperator: await link({
      companyId: ids.vendor,
      profileCode: 'PBS-MID',
      name: 'Red Mesa Operating Co.',
      number: 'RMO-001',
      // Permian invoices Red Mesa as its purchaser (the AR invoice Purchaser field takes type 5).
      partyTypeId: PartyType.Purchaser,
      connectedCompanyId: ids.operator,
      emails: ['ap@redmesa.example'],
    }),
    operatorToVendor: await link({
      companyId: ids.operator,
      profileCode: 'RMO-ACC',
      name: 'Permian Basin Services LLC',
      number: 'PBS-001',
      partyTypeId: PartyType.Vendor,
      connectedCompanyId: ids.vendor,
      emails: ['billing@permian.example'],
    }),
    operatorToOwner: await link({
      companyId: ids.operator,
      profileCode: 'RMO-FLD',
      name: 'Hawthorne Royalty Trust',
      number: 'HRT-001',
      partyTypeId: PartyType.Owner,
      connectedCompanyId: ids.owner,
      emails: ['trustee@hawthorne.example'],
    }),
    ownerToOperator: await link({
      companyId: ids.owner,
      profileCode: 'HRT-TX',
      name: 'Red Mesa Operating Co.',
      number: 'RMO-001',
      partyTypeId: PartyType.Operator,
      connectedCompanyId: ids.operator,
      emails: ['revenue@redmesa.example'],
    }),
  };
}

async function findOrCreateConnection(tx: Db, seed: ConnectionSeed): Promise<number> {
  const [existing] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.companyId, seed.companyId), eq(parties.number, seed.number)))
    .limit(1);
  let partyId = existing?.id;
  if (partyId === undefined) {
    const [row] = await tx
      .insert(parties)
      .values({
        companyId: seed.companyId,
        name: seed.name,
        number: seed.number,
        partyTypeId: seed.partyTypeId,
        connectedCompanyId: seed.connectedCompanyId,
        suggestedCompanyId: seed.connectedCompanyId,
        emails: seed.emails,
      })
      .returning({ id: parties.id });
    if (!row) throw new Error(`could not seed the demo connection ${seed.name}`);
    partyId = row.id;
  }
  const [profile] = await tx
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(
      and(
        eq(orgUnits.companyId, seed.companyId),
        sql`lower(${orgUnits.code}) = lower(${seed.profileCode})`,
      ),
    )
    .limit(1);
  if (profile) {
    await tx
      .insert(partyOrgUnits)
      .values({ partyId, orgUnitId: profile.id, companyId: seed.companyId })
      .onConflictDoNothing();
  }
  return partyId;
}
