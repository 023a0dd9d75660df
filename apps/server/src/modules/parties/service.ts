import {
  canDeleteConnection,
  connectionMessages,
  connectionTaxValid,
  deriveConnectionStatus,
  type Connection,
  type ConnectionInput,
  type ConnectionListQueryParsed,
  type ConnectionPage,
  type ConnectionWithOrgUnits,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { findBillToOrgUnits } from '../document-upload/repository';
import { refreshMatchForParty } from '../network/matching';
import { partyTypeName, presentConnection, presentConnectionRow } from './presenter';
import {
  countPartiesWithStatus,
  deleteParty,
  findCompanyPartyTypeIds,
  findOrgUnitIds,
  findOtherLinkedParty,
  findParty,
  findPartiesOfOrgUnit,
  findPartyPage,
  findProfilesOfParties,
  insertParty,
  lockParty,
  replacePartyOrgUnits,
  updateParty,
  type PartyValues,
} from './repository';

const partyNotFound = () => notFound('Connection not found', 'party_not_found');

/** Reads are for any member of the company (pickers and documents need connections). */
export async function listParties(
  db: Db,
  ctx: TenantContext,
  query: ConnectionListQueryParsed,
  now = new Date(),
): Promise<ConnectionPage> {
  const page = await findPartyPage(db, ctx.companyId, query, now);
  const ids = page.items.map((r) => r.party.id);
  const profiles = await findProfilesOfParties(db, ctx.companyId, ids);
  return {
    items: page.items.map((r) => presentConnectionRow(r, profiles.get(r.party.id) ?? [], now)),
    totalRecords: page.totalRecords,
  };
}

export async function getParty(db: Db, ctx: TenantContext, id: number): Promise<Connection> {
  const row = await findParty(db, ctx.companyId, id);
  if (!row) throw partyNotFound();
  const profiles = await findProfilesOfParties(db, ctx.companyId, [id]);
  return presentConnection(row, profiles.get(id) ?? [], new Date());
}

/**
 * connectedOrgUnits: the profiles of the connection's network company through which it is
 * connected to us — its active profiles assigned to its own connection for our company. They are
 * the Bill To choices of the Send dialog and the AR invoice purchaser rule (spec 1 §4, spec 3 §2;
 * docs/document-upload-and-files.md). None while not connected.
 */
export async function getPartyWithConnectedOrgUnits(
  db: Db,
  ctx: TenantContext,
  id: number,
): Promise<ConnectionWithOrgUnits> {
  const party = await getParty(db, ctx, id);
  const companyId = party.partyStatus === 'connected' ? party.connectedCompanyId : null;
  const units = companyId === null ? [] : await findBillToOrgUnits(db, ctx.companyId, companyId);
  const map = Object.fromEntries(units.map((o) => [String(o.id), o.name]));
  return { ...party, connectedOrgUnits: map };
}

const clean = (v: string | null | undefined) => v?.trim() || null;
const upper = (v: string | null | undefined) => clean(v)?.toUpperCase() ?? null;

/** Stored columns: empty text is null; codes upper-cased; read-only fields are never written. */
function toValues(input: ConnectionInput): PartyValues {
  return {
    partyTypeId: input.partyTypeId,
    name: input.name,
    nameTwo: clean(input.nameTwo),
    number: input.number,
    achRoutingTransitNumber: clean(input.achRoutingTransitNumber),
    wireRoutingTransitNumber: clean(input.wireRoutingTransitNumber),
    effectiveFromDate: clean(input.effectiveFromDate),
    effectiveThruDate: clean(input.effectiveThruDate),
    emails: input.emails,
    phone: clean(input.phone),
    ext: clean(input.ext),
    cell: clean(input.cell),
    addressLineOne: clean(input.addressLineOne),
    addressLineTwo: clean(input.addressLineTwo),
    addressLineThree: clean(input.addressLineThree),
    country: upper(input.country),
    state: upper(input.state),
    city: clean(input.city),
    zipCode: upper(input.zipCode),
    altAddressLineOne: clean(input.altAddressLineOne),
    altAddressLineTwo: clean(input.altAddressLineTwo),
    altAddressLineThree: clean(input.altAddressLineThree),
    altCountry: upper(input.altCountry),
    altState: upper(input.altState),
    altCity: clean(input.altCity),
    altZipCode: upper(input.altZipCode),
    isActive: input.isActive,
    taxTypeId: upper(input.taxTypeId),
    taxIdentifier: input.taxIdentifier,
    isTaxValid: connectionTaxValid(input.taxTypeId, input.taxIdentifier),
    // PIDX identifiers: a form that does not send them leaves them as they are.
    ...(input.dunsNumber !== undefined ? { dunsNumber: clean(input.dunsNumber) } : {}),
    ...(input.buyerAssignedId !== undefined
      ? { buyerAssignedId: clean(input.buyerAssignedId) }
      : {}),
    ...(input.sellerAssignedId !== undefined
      ? { sellerAssignedId: clean(input.sellerAssignedId) }
      : {}),
  };
}

async function assertOwnProfiles(db: Db, ctx: TenantContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const own = await findOrgUnitIds(db, ctx.companyId, unique);
  if (own.size !== unique.length) {
    throw badRequest(connectionMessages.unknownProfiles, 'validation_failed', {
      companyOrgUnitIds: connectionMessages.unknownProfiles,
    });
  }
  return unique;
}

/** Writes are for Administrators (the connections screens are in the admin section). */
export async function createParty(db: Db, ctx: TenantContext, input: ConnectionInput) {
  assertAdministrator(ctx);
  const profileIds = await assertOwnProfiles(db, ctx, input.companyOrgUnitIds);
  const id = await db.transaction(async (tx) => {
    const row = await insertParty(tx, ctx.companyId, toValues(input));
    await replacePartyOrgUnits(tx, ctx.companyId, row.id, profileIds);
    await refreshMatchForParty(tx, ctx.companyId, row.id);
    return row.id;
  });
  return getParty(db, ctx, id);
}

export async function saveParty(db: Db, ctx: TenantContext, id: number, input: ConnectionInput) {
  assertAdministrator(ctx);
  if (!(await findParty(db, ctx.companyId, id))) throw partyNotFound();
  const profileIds = await assertOwnProfiles(db, ctx, input.companyOrgUnitIds);
  await db.transaction(async (tx) => {
    if (!(await updateParty(tx, ctx.companyId, id, toValues(input)))) throw partyNotFound();
    await replacePartyOrgUnits(tx, ctx.companyId, id, profileIds);
    await refreshMatchForParty(tx, ctx.companyId, id);
  });
  return getParty(db, ctx, id);
}

/** Connected, invited and connecting connections stay (spec 2 §4.2, §8). */
export async function removeParty(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const row = await lockParty(tx, ctx.companyId, id);
    if (!row) throw partyNotFound();
    if (!canDeleteConnection(deriveConnectionStatus(row, new Date()))) {
      throw conflict(connectionMessages.deleteRefused, 'party_in_use');
    }
    await deleteParty(tx, ctx.companyId, id);
  });
}

export async function listPartiesOfOrgUnit(db: Db, ctx: TenantContext, orgUnitId: number) {
  const own = await findOrgUnitIds(db, ctx.companyId, [orgUnitId]);
  if (!own.has(orgUnitId)) throw notFound('Profile not found', 'org_unit_not_found');
  const rows = await findPartiesOfOrgUnit(db, ctx.companyId, orgUnitId);
  const profiles = await findProfilesOfParties(
    db,
    ctx.companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, companyOrgUnits: profiles.get(r.id) ?? [] }));
}

/** Only the selected company's own party types can be seen; any other id is 404. */
export async function listPartyTypesOfCompany(db: Db, ctx: TenantContext, companyId: number) {
  if (companyId !== ctx.companyId) throw notFound('Company not found', 'company_not_found');
  const ids = await findCompanyPartyTypeIds(db, ctx.companyId);
  return ids.map((id) => ({ id, name: partyTypeName(id) }));
}

/**
 * Whether the network company this connection points at is already connected — or asked with a
 * connection request — through another connection of ours (then Connect is refused).
 */
export async function checkAlreadyConnected(db: Db, ctx: TenantContext, id: number) {
  const row = await findParty(db, ctx.companyId, id);
  if (!row) throw partyNotFound();
  const target = row.suggestedCompanyId ?? row.connectedCompanyId;
  const other = target === null ? null : await findOtherLinkedParty(db, ctx.companyId, id, target);
  return {
    alreadyConnected: other !== null,
    connectedPartyId: other?.id ?? null,
    connectedPartyName: other?.name ?? null,
  };
}

/** The top bar's badge: connections on the network not yet connected or invited (onNetwork). */
export async function countNetworkMatches(db: Db, ctx: TenantContext) {
  return { count: await countPartiesWithStatus(db, ctx.companyId, 'onNetwork', new Date()) };
}
