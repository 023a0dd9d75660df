import type { z } from 'zod';
import {
  connectionStatusLabels,
  roleNames,
  type RoleId,
  type zAdminAuditExportQuery,
  type zAdminUserExportQuery,
  type zConnectionExportQuery,
  type zSearchExportQuery,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { listAdminAudit } from '../admin-audit/service';
import { genericColumns, presentGenericRow } from '../document-lists/presenter';
import { searchRoutes } from '../document-lists/search-repository';
import { listParties } from '../parties/service';
import { listMembers } from '../users/admin-service';
import type { ExportColumn, ExportSource, ExportValue } from './writer';

/**
 * Exports of the lists that are not document lists (issue 30 item 5, docs/list-exports.md):
 * search results, connections, users and the audit log. Each is read through the list's own
 * paged call — its filters, sort, roles and tenant scope — a page of EXPORT_PAGE rows at a time.
 * The first page is read before the answer starts, so a refusal is a clean 4xx, not a broken file.
 */

const EXPORT_PAGE = 1000;

export type NamedExportSource = ExportSource & { name: string };

async function pagedSource<T>(
  name: string,
  columns: ExportColumn[],
  fetchPage: (page: number) => Promise<T[]>,
  toRow: (item: T) => ExportValue[],
): Promise<NamedExportSource> {
  const first = await fetchPage(1);
  async function* pages(): AsyncGenerator<ExportValue[][]> {
    let items = first;
    for (let page = 1; ; page++) {
      if (page > 1) items = await fetchPage(page);
      if (items.length) yield items.map(toRow);
      if (items.length < EXPORT_PAGE) return;
    }
  }
  return { name, columns, pages: pages() };
}

const text = (name: string): ExportColumn => ({ name, kind: 'text' });

export function searchExport(
  db: Db,
  ctx: TenantContext,
  q: z.output<typeof zSearchExportQuery>,
): Promise<NamedExportSource> {
  const columns = genericColumns();
  return pagedSource(
    'Search results',
    [
      { name: 'Doc #', kind: 'number' },
      ...columns.map((c) => ({
        name: c.name,
        kind:
          c.key === 'amount'
            ? ('money' as const)
            : c.key === 'date'
              ? ('datetime' as const)
              : ('text' as const),
      })),
    ],
    async (page) =>
      (
        await searchRoutes(db, ctx.companyId, q.querySearchTerm, {
          limit: EXPORT_PAGE,
          offset: (page - 1) * EXPORT_PAGE,
        })
      ).rows,
    (row) => {
      const presented = presentGenericRow(row);
      return [presented.id, ...presented.values];
    },
  );
}

export function connectionsExport(
  db: Db,
  ctx: TenantContext,
  q: z.output<typeof zConnectionExportQuery>,
): Promise<NamedExportSource> {
  return pagedSource(
    'Connections',
    [
      text('Type'),
      text('Name'),
      text('Company'),
      text('Number'),
      text('Phone'),
      text('Profiles'),
      { name: 'Effective From Date', kind: 'date' },
      { name: 'Effective Thru Date', kind: 'date' },
      text('Active'),
      text('Status'),
    ],
    async (page) => (await listParties(db, ctx, { ...q, page, itemsPerPage: EXPORT_PAGE })).items,
    (row) => [
      row.partyTypeName,
      row.name,
      row.connectedCompanyName ?? row.suggestedCompanyName ?? null,
      row.number,
      row.phone,
      row.companyOrgUnits.map((o) => o.name).join(', '),
      row.effectiveFromDate,
      row.effectiveThruDate,
      row.isActive ? 'Yes' : 'No',
      connectionStatusLabels[row.partyStatus],
    ],
  );
}

const roleName = (id: number | null) => (id === null ? null : (roleNames[id as RoleId] ?? null));

export function usersExport(
  db: Db,
  ctx: TenantContext,
  q: z.output<typeof zAdminUserExportQuery>,
): Promise<NamedExportSource> {
  return pagedSource(
    'Users',
    [
      text('Email'),
      text('First Name'),
      text('Last Name'),
      text('Role'),
      text('Active'),
      text('Blocked'),
      text('Invitation Pending'),
    ],
    async (page) => (await listMembers(db, ctx, { ...q, page, pageSize: EXPORT_PAGE })).items,
    (user) => [
      user.emailAddress,
      user.firstName,
      user.lastName,
      roleName(user.mainRole),
      user.isActive ? 'Yes' : 'No',
      user.blocked ? 'Yes' : 'No',
      user.invitationPending ? 'Yes' : 'No',
    ],
  );
}

export function auditExport(
  db: Db,
  ctx: TenantContext,
  q: z.output<typeof zAdminAuditExportQuery>,
): Promise<NamedExportSource> {
  return pagedSource(
    'Audit log',
    [
      { name: 'When', kind: 'datetime' },
      text('Who'),
      text('Email'),
      text('Action'),
      text('Entity'),
      text('Entity Id'),
      text('What'),
      text('Changes'),
      text('Request Id'),
    ],
    async (page) => (await listAdminAudit(db, ctx, { ...q, page, pageSize: EXPORT_PAGE })).items,
    (event) => [
      event.createdAt,
      event.actorName,
      event.actorEmail,
      event.action,
      event.entityType,
      event.entityId === null ? null : String(event.entityId),
      event.summary,
      event.changes.length ? JSON.stringify(event.changes) : null,
      event.requestId,
    ],
  );
}
