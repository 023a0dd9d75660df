import {
  accountingReportTypeIds,
  canEditListView,
  isAdministrator,
  listViewMessages as msg,
  type ListView,
  type ListViewInput,
  type ListViewUpdate,
  type zListViewInput,
} from '@flowline/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { findTypeDefinitions } from '../document-lists/repository';
import { typeSortKey } from '../document-lists/sort-keys';
import { typeViewFilter } from '../document-lists/service';
import { assertFlag } from '../feature-flags/service';
import { isUniqueViolation } from '../org-units/unique-violation';
import * as repo from './repository';

/**
 * Saved views of the document lists (issue 30 item 6, docs/list-views.md): a member's named
 * columns, filters and sort for one type's list, private or shared with the company. Only the
 * owner changes or deletes a view; an Administrator also a shared one. A view the caller cannot
 * see (another member's private view, another company's) is not found.
 */

type Parsed = z.output<typeof zListViewInput>;
type FeatureFlags = AppConfig['featureFlags'];

function present(row: repo.ListViewRow, ctx: TenantContext): ListView {
  return {
    id: row.id,
    documentTypeId: row.documentTypeId,
    name: row.name,
    shared: row.shared,
    columns: row.columns ?? null,
    filters: row.filters,
    orderBy: row.orderBy,
    orderByDirection: row.orderByDirection,
    owner: { id: row.ownerUserId, name: row.ownerName },
    canEdit: canEditListView(row, { userId: ctx.userId, isAdministrator: isAdministrator(ctx) }),
  };
}

async function requireListType(db: Db, ctx: TenantContext, flags: FeatureFlags, typeId: number) {
  const definitions = await findTypeDefinitions(db, typeId);
  if (definitions.length === 0)
    throw notFound('Document type not found', 'document_type_not_found');
  if (accountingReportTypeIds.includes(typeId)) {
    await assertFlag(db, ctx.companyId, flags, 'accountingReportFlag');
  }
  return definitions;
}

/** Columns, filters and sort checked against the type's fields; 400 with each problem located. */
async function checkedValues(
  db: Db,
  ctx: TenantContext,
  flags: FeatureFlags,
  documentTypeId: number,
  input: Omit<Parsed, 'documentTypeId'>,
): Promise<repo.ListViewValues> {
  const definitions = await requireListType(db, ctx, flags, documentTypeId);
  typeViewFilter(definitions, { columns: input.columns ?? undefined, filters: input.filters });
  if (typeSortKey(input.orderBy, definitions) === undefined) {
    const message = `Cannot sort by '${input.orderBy}'`;
    throw badRequest(message, 'invalid_order_by', { orderBy: message });
  }
  return {
    name: input.name,
    shared: input.shared,
    columns: input.columns,
    filters: input.filters,
    orderBy: input.orderBy,
    orderByDirection: input.orderByDirection,
  };
}

export async function listViews(
  db: Db,
  ctx: TenantContext,
  flags: FeatureFlags,
  documentTypeId: number,
) {
  await requireListType(db, ctx, flags, documentTypeId);
  const rows = await repo.findVisibleViews(db, ctx.companyId, ctx.userId, documentTypeId);
  return { items: rows.map((r) => present(r, ctx)) };
}

async function requireView(db: Db, ctx: TenantContext, id: number) {
  const row = await repo.findVisibleView(db, ctx.companyId, ctx.userId, id);
  if (!row) throw notFound(msg.notFound, 'list_view_not_found');
  return row;
}

const nameTaken = (error: unknown) =>
  isUniqueViolation(error) ? conflict(msg.nameTaken, 'list_view_name_taken') : error;

export async function createView(
  db: Db,
  ctx: TenantContext,
  flags: FeatureFlags,
  input: ListViewInput,
): Promise<ListView> {
  const parsed = input as Parsed;
  const values = await checkedValues(db, ctx, flags, parsed.documentTypeId, parsed);
  let id: number;
  try {
    id = await repo.insertView(db, {
      ...values,
      companyId: ctx.companyId,
      ownerUserId: ctx.userId,
      documentTypeId: parsed.documentTypeId,
    });
  } catch (error) {
    throw nameTaken(error);
  }
  return present(await requireView(db, ctx, id), ctx);
}

export async function updateView(
  db: Db,
  ctx: TenantContext,
  flags: FeatureFlags,
  id: number,
  input: ListViewUpdate,
): Promise<ListView> {
  const view = await requireView(db, ctx, id);
  if (!canEditListView(view, { userId: ctx.userId, isAdministrator: isAdministrator(ctx) })) {
    throw forbidden(msg.forbidden, 'list_view_forbidden');
  }
  const values = await checkedValues(db, ctx, flags, view.documentTypeId, input as Parsed);
  try {
    await repo.updateView(db, ctx.companyId, id, values);
  } catch (error) {
    throw nameTaken(error);
  }
  return present(await requireView(db, ctx, id), ctx);
}

export async function deleteView(db: Db, ctx: TenantContext, id: number): Promise<void> {
  const view = await requireView(db, ctx, id);
  if (!canEditListView(view, { userId: ctx.userId, isAdministrator: isAdministrator(ctx) })) {
    throw forbidden(msg.forbidden, 'list_view_forbidden');
  }
  await repo.deleteView(db, ctx.companyId, id);
}
