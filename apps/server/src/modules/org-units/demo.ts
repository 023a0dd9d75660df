import { and, eq, sql } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import type { Db } from '../../db/client';
import { demoUsers } from '../../demo/demo-data';
import { orgUnits, userOrgUnits } from '../../db/schema/index';
import type { OrgUnitValues } from './repository';

type DemoProfile = Pick<
  OrgUnitValues,
  | 'name'
  | 'code'
  | 'phone'
  | 'addressLineOne'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'taxIdentificationType'
  | 'taxIdentificationNumber'
>;

const texas = (city: string, zipCode: string) => ({ city, state: 'TX', zipCode });

/** Two profiles per demo company (key as in demo-data.ts); the first code matches the ACH demo's. */
const demoProfiles: Record<string, DemoProfile[]> = {
  vendor: [
    {
      name: 'Permian Basin Services - Midland',
      code: 'PBS-MID',
      phone: '432-555-0142',
      addressLineOne: '500 W Wall St',
      ...texas('Midland', '79701'),
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '75-1234567',
    },
    {
      name: 'Permian Basin Services - Odessa',
      code: 'PBS-ODE',
      phone: '432-555-0178',
      addressLineOne: '1200 N Grant Ave',
      ...texas('Odessa', '79761'),
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '75-1234568',
    },
  ],
  operator: [
    {
      name: 'Red Mesa - Field Operations',
      code: 'RMO-FLD',
      phone: '575-555-0110',
      addressLineOne: '220 Canal St',
      city: 'Carlsbad',
      state: 'NM',
      zipCode: '88220',
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '85-7654321',
    },
    {
      name: 'Red Mesa - Accounting',
      code: 'RMO-ACC',
      phone: '432-555-0199',
      addressLineOne: '300 N Marienfeld St',
      ...texas('Midland', '79701'),
      taxIdentificationType: null,
      taxIdentificationNumber: null,
    },
  ],
  owner: [
    {
      name: 'Hawthorne Royalty Trust - Texas',
      code: 'HRT-TX',
      phone: '214-555-0123',
      addressLineOne: '2001 Ross Ave',
      ...texas('Dallas', '75201'),
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '75-7654321',
    },
    {
      name: 'Hawthorne Royalty Trust - Oklahoma',
      code: 'HRT-OK',
      phone: '405-555-0187',
      addressLineOne: '100 N Broadway Ave',
      city: 'Oklahoma City',
      state: 'OK',
      zipCode: '73102',
      taxIdentificationType: null,
      taxIdentificationNumber: null,
    },
  ],
};

/**
 * Demo profiles, called by the demo seed inside its transaction. Every member of a company is
 * assigned to its first profile and Administrators to both. Idempotent: existing codes are reused.
 */
export async function seedDemoOrgUnits(
  tx: Db,
  companyIdsByKey: ReadonlyMap<string, number>,
  userIdsByEmail: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [key, profiles] of Object.entries(demoProfiles)) {
    const companyId = companyIdsByKey.get(key);
    if (companyId === undefined) continue;
    const ids: number[] = [];
    for (const profile of profiles) ids.push(await findOrCreate(tx, companyId, profile));
    for (const user of demoUsers) {
      const roles = user.memberships[key];
      const userId = userIdsByEmail.get(user.email);
      if (!roles || userId === undefined) continue;
      const assigned = roles.includes(Role.Administrator) ? ids : ids.slice(0, 1);
      await tx
        .insert(userOrgUnits)
        .values(assigned.map((orgUnitId) => ({ companyId, userId, orgUnitId })))
        .onConflictDoNothing();
    }
  }
}

async function findOrCreate(tx: Db, companyId: number, profile: DemoProfile): Promise<number> {
  const [existing] = await tx
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(
      and(eq(orgUnits.companyId, companyId), sql`lower(${orgUnits.code}) = lower(${profile.code})`),
    )
    .limit(1);
  if (existing) return existing.id;
  const values = {
    ...profile,
    country: 'US',
    isTaxIdValid: profile.taxIdentificationNumber !== null,
  };
  const [row] = await tx
    .insert(orgUnits)
    .values({ ...values, companyId })
    .returning({ id: orgUnits.id });
  if (!row) throw new Error(`could not seed profile ${profile.code}`);
  return row.id;
}
