import { and, eq } from 'drizzle-orm';
import { PartyType } from '@flowline/shared';
import type { Db } from '../../db/client';
import { orgUnits, parties, partyOrgUnits } from '../../db/schema/index';

const demoProfile = { name: 'Permian Basin Services - Midland', code: 'PBS-MID' };

/**
 * What an ACH form needs in the demo (called by the demo seed inside its transaction): the vendor
 * company gets one profile and two connections assigned to it. Safe to run after other demo
 * data: an existing profile code or connection number is reused, not duplicated.
 */
export async function seedDemoAch(tx: Db, companyIdsByKey: ReadonlyMap<string, number>) {
  const vendorId = companyIdsByKey.get('vendor');
  if (vendorId === undefined) return;
  const profileId = await findOrCreateProfile(tx, vendorId);
  const connections = [
    {
      name: 'Red Mesa Operating Co.',
      number: 'RMO-001',
      partyTypeId: PartyType.Purchaser,
      connectedCompanyId: companyIdsByKey.get('operator') ?? null,
      emails: ['ap@redmesa.example'],
    },
    {
      name: 'Caprock Midstream Partners',
      number: 'CMP-001',
      partyTypeId: PartyType.Purchaser,
      connectedCompanyId: null,
      emails: ['payables@caprock.example'],
    },
  ];
  for (const connection of connections) {
    const partyId = await findOrCreateParty(tx, vendorId, connection);
    await tx
      .insert(partyOrgUnits)
      .values({ partyId, orgUnitId: profileId, companyId: vendorId })
      .onConflictDoNothing();
  }
}

async function findOrCreateProfile(tx: Db, companyId: number): Promise<number> {
  const [existing] = await tx
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.code, demoProfile.code)))
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(orgUnits)
    .values({
      ...demoProfile,
      companyId,
      addressLineOne: '410 N Main St',
      city: 'Midland',
      state: 'TX',
      zipCode: '79701',
      country: 'US',
    })
    .returning({ id: orgUnits.id });
  if (!row) throw new Error('could not seed the demo profile');
  return row.id;
}

async function findOrCreateParty(
  tx: Db,
  companyId: number,
  values: Omit<typeof parties.$inferInsert, 'companyId'>,
): Promise<number> {
  const [existing] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.companyId, companyId), eq(parties.number, values.number)))
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(parties)
    .values({ ...values, companyId })
    .returning({ id: parties.id });
  if (!row) throw new Error(`could not seed the demo connection ${values.name}`);
  return row.id;
}
