import {
  orgUnitMessages,
  orgUnitTaxIdValid,
  type OrgUnit,
  type OrgUnitInput,
  type OrgUnitPage,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { diffFields, maskAccountNumber, recordAdminChange } from '../admin-audit/record';
import { presentOrgUnit, presentOrgUnitListItem } from './presenter';
import {
  countOrgUnitDependents,
  deleteOrgUnit,
  findMemberIds,
  findOrgUnit,
  findOrgUnitPage,
  findOrgUnitTerm,
  findOrgUnitUserIds,
  insertOrgUnit,
  isCodeTaken,
  lockOrgUnit,
  replaceOrgUnitUsers,
  updateOrgUnit,
  type OrgUnitPageQuery,
  type OrgUnitValues,
} from './repository';
import { isUniqueViolation } from './unique-violation';

const orgUnitNotFound = () => notFound('Profile not found', 'org_unit_not_found');

/** Any member lists profiles: pickers on other screens need them. */
export async function listOrgUnits(
  db: Db,
  ctx: TenantContext,
  query: OrgUnitPageQuery,
): Promise<OrgUnitPage> {
  const page = await findOrgUnitPage(db, ctx.companyId, query);
  return { items: page.items.map(presentOrgUnitListItem), totalRecords: page.totalRecords };
}

export async function getOrgUnit(db: Db, ctx: TenantContext, id: number): Promise<OrgUnit> {
  const row = await findOrgUnit(db, ctx.companyId, id);
  if (!row) throw orgUnitNotFound();
  return presentOrgUnit(row, await findOrgUnitUserIds(db, ctx.companyId, id));
}

const clean = (v: string | null | undefined) => v?.trim() || null;
const upper = (v: string | null | undefined) => clean(v)?.toUpperCase() ?? null;

/** The stored columns: empty text is null; codes (zip, country, state, tax type) upper-cased. */
export function toOrgUnitValues(input: OrgUnitInput): OrgUnitValues & { isTaxIdValid: boolean } {
  return {
    name: input.name.trim(),
    code: input.code.trim(),
    knownAs: clean(input.knownAs),
    phone: clean(input.phone),
    addressLineOne: clean(input.addressLineOne),
    addressLineTwo: clean(input.addressLineTwo),
    addressLineThree: clean(input.addressLineThree),
    city: clean(input.city),
    country: upper(input.country),
    state: upper(input.state),
    zipCode: upper(input.zipCode),
    paymentAddressLineOne: clean(input.paymentAddressLineOne),
    paymentAddressLineTwo: clean(input.paymentAddressLineTwo),
    paymentAddressLineThree: clean(input.paymentAddressLineThree),
    paymentAddressCity: clean(input.paymentAddressCity),
    paymentAddressCountry: upper(input.paymentAddressCountry),
    paymentAddressState: upper(input.paymentAddressState),
    paymentAddressZipCode: upper(input.paymentAddressZipCode),
    taxAddressLineOne: clean(input.taxAddressLineOne),
    taxAddressLineTwo: clean(input.taxAddressLineTwo),
    taxAddressLineThree: clean(input.taxAddressLineThree),
    taxAddressCity: clean(input.taxAddressCity),
    taxAddressCountry: upper(input.taxAddressCountry),
    taxAddressState: upper(input.taxAddressState),
    taxAddressZipCode: upper(input.taxAddressZipCode),
    taxIdentificationType: upper(input.taxIdentificationType),
    taxIdentificationNumber: clean(input.taxIdentificationNumber),
    isTaxIdValid: orgUnitTaxIdValid(input.taxIdentificationType, input.taxIdentificationNumber),
    isActive: input.isActive,
  };
}

/** Checks that need the database: a unique code and users who belong to the company. */
async function assertStorable(db: Db, ctx: TenantContext, input: OrgUnitInput, id?: number) {
  const userIds = [...new Set(input.users)];
  const members = await findMemberIds(db, ctx.companyId, userIds);
  if (members.size !== userIds.length) {
    throw badRequest(orgUnitMessages.unknownUsers, 'validation_failed', {
      users: orgUnitMessages.unknownUsers,
    });
  }
  if (await isCodeTaken(db, ctx.companyId, input.code.trim(), id)) {
    throw conflict(
      orgUnitMessages.codeTaken(await findOrgUnitTerm(db, ctx.companyId)),
      'code_taken',
    );
  }
  return userIds;
}

/** A concurrent save with the same code loses at the unique index: same 409 as the pre-check. */
async function codeConflict(db: Db, ctx: TenantContext, error: unknown): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  throw conflict(orgUnitMessages.codeTaken(await findOrgUnitTerm(db, ctx.companyId)), 'code_taken');
}

/** A profile's fields as the audit keeps them: the tax id masked to its last four digits. */
function auditable(values: Partial<OrgUnitValues> & { isTaxIdValid?: boolean }, users: number[]) {
  const { taxIdentificationNumber, ...rest } = values;
  const kept: Record<string, unknown> = { ...rest, users: [...users].sort((a, b) => a - b) };
  kept.taxIdentificationNumber = maskAccountNumber(taxIdentificationNumber ?? null);
  delete kept.id;
  delete kept.companyId;
  delete kept.createdAt;
  delete kept.updatedAt;
  return kept;
}
const fieldsOf = (...objects: Record<string, unknown>[]) => [
  ...new Set(objects.flatMap((o) => Object.keys(o))),
];

export async function createOrgUnit(db: Db, ctx: TenantContext, input: OrgUnitInput) {
  assertAdministrator(ctx);
  const userIds = await assertStorable(db, ctx, input);
  const id = await db
    .transaction(async (tx) => {
      const values = toOrgUnitValues(input);
      const row = await insertOrgUnit(tx, ctx.companyId, values);
      await replaceOrgUnitUsers(tx, ctx.companyId, row.id, userIds);
      const after = auditable(values, userIds);
      await recordAdminChange(tx, ctx, {
        action: 'orgunit.created',
        entityType: 'org_unit',
        entityId: row.id,
        summary: `Created the profile ${values.name} (${values.code})`,
        changes: diffFields(null, after, fieldsOf(after)),
      });
      return row.id;
    })
    .catch((error: unknown) => codeConflict(db, ctx, error));
  return getOrgUnit(db, ctx, id);
}

export async function saveOrgUnit(db: Db, ctx: TenantContext, id: number, input: OrgUnitInput) {
  assertAdministrator(ctx);
  if (!(await findOrgUnit(db, ctx.companyId, id))) throw orgUnitNotFound();
  const userIds = await assertStorable(db, ctx, input, id);
  // Its two reads run side by side, so not on the transaction's one client.
  const oldUsers = await findOrgUnitUserIds(db, ctx.companyId, id);
  await db
    .transaction(async (tx) => {
      if (!(await lockOrgUnit(tx, ctx.companyId, id))) throw orgUnitNotFound();
      const old = await findOrgUnit(tx, ctx.companyId, id);
      const values = toOrgUnitValues(input);
      if (!old || !(await updateOrgUnit(tx, ctx.companyId, id, values))) throw orgUnitNotFound();
      await replaceOrgUnitUsers(tx, ctx.companyId, id, userIds);
      const before = auditable(old, oldUsers);
      const after = auditable(values, userIds);
      const changes = diffFields(before, after, fieldsOf(after));
      if (changes.length === 0) return;
      await recordAdminChange(tx, ctx, {
        action: 'orgunit.updated',
        entityType: 'org_unit',
        entityId: id,
        summary: `Changed the profile ${values.name} (${values.code})`,
        changes,
      });
    })
    .catch((error: unknown) => codeConflict(db, ctx, error));
  return getOrgUnit(db, ctx, id);
}

/** Refused while connections, ACH forms or users are assigned: deleting would silently unassign them. */
export async function removeOrgUnit(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertAdministrator(ctx);
  const term = await findOrgUnitTerm(db, ctx.companyId);
  await db.transaction(async (tx) => {
    // The row lock makes new assignments wait, so none slips in between the count and the delete.
    if (!(await lockOrgUnit(tx, ctx.companyId, id))) throw orgUnitNotFound();
    const dependents = await countOrgUnitDependents(tx, ctx.companyId, id);
    if (dependents.connections + dependents.achForms + dependents.users > 0) {
      throw conflict(orgUnitMessages.inUse(term), 'org_unit_in_use');
    }
    const old = await findOrgUnit(tx, ctx.companyId, id);
    await deleteOrgUnit(tx, ctx.companyId, id);
    if (!old) return;
    const before = auditable(old, []);
    await recordAdminChange(tx, ctx, {
      action: 'orgunit.deleted',
      entityType: 'org_unit',
      entityId: id,
      summary: `Deleted the profile ${old.name} (${old.code})`,
      changes: diffFields(before, null, fieldsOf(before)),
    });
  });
}
