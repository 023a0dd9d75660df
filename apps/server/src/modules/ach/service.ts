import type { Ach, AchAvailableParty, AchInput, AchPage, AchRef } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { KeyRing } from '../../platform/crypto/envelope';
import { openAchNumbers, sealAchNumbers } from './numbers';
import { presentAch, presentAchListItem } from './presenter';
import { achChange } from '../admin-audit/ach';
import { recordAdminChange } from '../admin-audit/record';
import * as repo from './repository';

/** ACH forms are company banking data: every use case is for Administrators only (deny by default). */

const achNotFound = () => notFound('ACH not found', 'ach_not_found');
const unique = (ids: number[]) => [...new Set(ids)];

export async function listAchs(db: Db, ctx: TenantContext, q: repo.AchPageQuery): Promise<AchPage> {
  assertAdministrator(ctx);
  const page = await repo.findAchPage(db, ctx.companyId, q);
  const links = await repo.findAchLinks(
    db,
    ctx.companyId,
    page.items.map((a) => a.id),
  );
  return {
    items: page.items.map((row) => presentAchListItem(row, links)),
    totalRecords: page.totalRecords,
  };
}

/** The form's read: the only read that decrypts the numbers (docs/secrets-at-rest.md). */
export async function getAch(db: Db, keys: KeyRing, ctx: TenantContext, id: number): Promise<Ach> {
  assertAdministrator(ctx);
  const row = await repo.findAch(db, ctx.companyId, id);
  if (!row) throw achNotFound();
  const links = await repo.findAchLinks(db, ctx.companyId, [id]);
  return presentAch(row, links, openAchNumbers(keys, row));
}

export async function createAch(
  db: Db,
  keys: KeyRing,
  ctx: TenantContext,
  input: AchInput,
): Promise<Ach> {
  assertAdministrator(ctx);
  const id = await db.transaction(async (tx) => {
    const links = await resolveLinks(tx, ctx.companyId, input);
    const achId = await repo.nextAchId(tx);
    const row = await repo.insertAch(tx, ctx.companyId, achId, achFields(keys, achId, input));
    await repo.replaceAchLinks(tx, ctx.companyId, row.id, links.orgUnitIds, links.parties);
    await recordAdminChange(tx, ctx, achChange('created', row.id, null, input));
    return row.id;
  });
  return getAch(db, keys, ctx, id);
}

export async function updateAch(
  db: Db,
  keys: KeyRing,
  ctx: TenantContext,
  id: number,
  input: AchInput,
): Promise<Ach> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const old = await repo.findAch(tx, ctx.companyId, id);
    if (!old) throw achNotFound();
    const links = await resolveLinks(tx, ctx.companyId, input);
    await repo.updateAch(tx, ctx.companyId, id, achFields(keys, id, input));
    await repo.replaceAchLinks(tx, ctx.companyId, id, links.orgUnitIds, links.parties);
    await recordAdminChange(tx, ctx, achChange('updated', id, old, input));
  });
  return getAch(db, keys, ctx, id);
}

export async function removeAch(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const old = await repo.findAch(tx, ctx.companyId, id);
    if (!old || !(await repo.deleteAch(tx, ctx.companyId, id))) throw achNotFound();
    await recordAdminChange(tx, ctx, achChange('deleted', id, old, null));
  });
}

export async function listAvailableProfiles(db: Db, ctx: TenantContext): Promise<AchRef[]> {
  assertAdministrator(ctx);
  return repo.findActiveOrgUnits(db, ctx.companyId);
}

/** Active connections of the chosen profiles, each with the chosen profiles it belongs to. */
export async function listAvailableParties(
  db: Db,
  ctx: TenantContext,
  orgUnitIds: number[],
): Promise<AchAvailableParty[]> {
  assertAdministrator(ctx);
  const rows = await repo.findActivePartiesOfOrgUnits(db, ctx.companyId, orgUnitIds);
  const byId = new Map<number, AchAvailableParty>();
  for (const row of rows) {
    const party = byId.get(row.id) ?? { id: row.id, name: row.name, orgUnitIds: [] };
    party.orgUnitIds.push(row.orgUnitId);
    byId.set(row.id, party);
  }
  return [...byId.values()];
}

function achFields(keys: KeyRing, achId: number, input: AchInput): repo.AchFields {
  const { bankName, country, routingNumber, accountNumber, accountTypeId, isActive } = input;
  const sealed = sealAchNumbers(keys, achId, { routingNumber, accountNumber });
  return { bankName, country, accountTypeId, isActive, ...sealed };
}

/**
 * Checks the chosen profiles and connections against the company and links each connection to
 * every chosen profile it belongs to. Messages never say which ids exist elsewhere.
 */
async function resolveLinks(db: Db, companyId: number, input: AchInput) {
  const orgUnitIds = unique(input.orgUnitIds);
  const partyIds = unique(input.partyIds);
  const profiles = await repo.findOrgUnits(db, companyId, orgUnitIds);
  if (profiles.length !== orgUnitIds.length || profiles.some((p) => !p.isActive)) {
    const message = 'One or more selected Profiles were not found or are inactive';
    throw badRequest(message, 'ach_profile_invalid', { orgUnitIds: message });
  }
  const found = await repo.findPartiesWithOrgUnits(db, companyId, partyIds);
  if (found.length !== partyIds.length || found.some((p) => !p.isActive)) {
    const message = 'One or more selected Connections were not found or are inactive';
    throw badRequest(message, 'ach_connection_invalid', { partyIds: message });
  }
  const chosen = new Set(orgUnitIds);
  const links: repo.AchPartyLink[] = [];
  for (const party of found) {
    const shared = party.orgUnitIds.filter((id) => chosen.has(id));
    if (shared.length === 0) {
      const message = `Connection ${party.name} does not belong to any of the selected Profiles`;
      throw badRequest(message, 'ach_connection_not_in_profile', { partyIds: message });
    }
    for (const orgUnitId of shared) links.push({ orgUnitId, partyId: party.id });
  }
  return { orgUnitIds, parties: links };
}
