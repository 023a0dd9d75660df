import crypto from 'node:crypto';
import { PartyType, Role } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import { orgUnits, parties, partyOrgUnits } from '../../src/db/schema/index';
import { buildCompany, buildMember, type CompanyRow } from './factories';

export type OrgUnitRow = typeof orgUnits.$inferSelect;
export type PartyRow = typeof parties.$inferSelect;

const unique = () => crypto.randomBytes(4).toString('hex');

/** A profile (org unit) of the company. */
export async function buildOrgUnit(
  db: Db,
  company: CompanyRow,
  overrides: Partial<typeof orgUnits.$inferInsert> = {},
): Promise<OrgUnitRow> {
  const suffix = unique();
  const [row] = await db
    .insert(orgUnits)
    .values({ companyId: company.id, name: `Profile ${suffix}`, code: `P${suffix}`, ...overrides })
    .returning();
  if (!row) throw new Error('org unit not created');
  return row;
}

/** A connection (party) of the company, belonging to the given profiles. */
export async function buildParty(
  db: Db,
  company: CompanyRow,
  profiles: OrgUnitRow[] = [],
  overrides: Partial<typeof parties.$inferInsert> = {},
): Promise<PartyRow> {
  const suffix = unique();
  const [row] = await db
    .insert(parties)
    .values({
      companyId: company.id,
      partyTypeId: PartyType.Operator,
      name: `Connection ${suffix}`,
      number: `N-${suffix}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('party not created');
  if (profiles.length) {
    await db
      .insert(partyOrgUnits)
      .values(profiles.map((p) => ({ partyId: row.id, orgUnitId: p.id, companyId: company.id })));
  }
  return row;
}

/**
 * Two companies with administrators; the first has profiles West and East (and an inactive one)
 * and connections of West, of both, of East, and an inactive one; the second has one of each.
 */
export async function buildAchWorld(db: Db) {
  const acme = await buildCompany(db);
  const other = await buildCompany(db);
  const west = await buildOrgUnit(db, acme, { name: 'West Texas' });
  const east = await buildOrgUnit(db, acme, { name: 'East Texas' });
  const foreignProfile = await buildOrgUnit(db, other);
  return {
    acme,
    other,
    admin: await buildMember(db, acme, [Role.Administrator]),
    otherAdmin: await buildMember(db, other, [Role.Administrator]),
    west,
    east,
    closed: await buildOrgUnit(db, acme, { name: 'Closed', isActive: false }),
    foreignProfile,
    westParty: await buildParty(db, acme, [west], { name: 'Apex Oil' }),
    bothParty: await buildParty(db, acme, [west, east], { name: 'Basin Gas' }),
    eastParty: await buildParty(db, acme, [east], { name: 'Cedar Energy' }),
    inactiveParty: await buildParty(db, acme, [west], { name: 'Dormant', isActive: false }),
    foreignParty: await buildParty(db, other, [foreignProfile]),
  };
}
