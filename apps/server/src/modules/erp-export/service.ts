import { stringify } from 'csv-stringify/sync';
import {
  escapeSpreadsheetCell,
  HistoryOperation,
  PIDX_NAMESPACE,
  routeStatusName,
  type ErpExportInvoice,
  type ErpExportPage,
  type ErpExportQuery,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { appendHistory } from '../document-history/repository';
import * as repo from './repository';

/**
 * GET /api/exports/ap (issue 30 item 4; docs/pidx.md 'ERP export feed'): the receiving company's
 * approved invoices after the cursor, in the order their approvals committed, with metadata,
 * lines and the company's coding. Each page marks its approvals exported and writes 'Exported to
 * ERP' history in one transaction; an earlier cursor exports again.
 */

export async function exportApprovedInvoices(
  db: Db,
  ctx: TenantContext,
  query: ErpExportQuery,
  now = new Date(),
): Promise<ErpExportPage> {
  const cursor = Number(query.cursor);
  return db.transaction(async (tx) => {
    const found = await repo.findApprovalsAfter(tx, ctx.companyId, cursor, query.limit + 1);
    const approvals = found.slice(0, query.limit);
    const ids = [...new Set(approvals.map((a) => a.documentId))];
    const [metadata, lines] = await Promise.all([
      repo.findMetadata(tx, ids),
      repo.findCodedLines(tx, ctx.companyId, ids),
    ]);
    const valuesOf = new Map<number, Record<string, string | null>>();
    for (const m of metadata) {
      const values = valuesOf.get(m.documentId) ?? {};
      values[m.key] = m.value;
      valuesOf.set(m.documentId, values);
    }
    const invoices = approvals.map((a): ErpExportInvoice => {
      const values = valuesOf.get(a.documentId) ?? {};
      return {
        seq: String(a.seq),
        documentId: a.documentId,
        documentTypeId: a.documentTypeId,
        documentType: a.documentType,
        approvedAt: a.approvedAt.toISOString(),
        status: routeStatusName(a.routeStatusId),
        vendor: { companyId: a.vendorCompanyId, name: a.vendorName, partyId: a.partyId },
        invoiceNumber: values.docNumber ?? null,
        invoiceDate: values.docInvoiceDate ?? null,
        total: values.docTotal ?? null,
        metadata: values,
        lines: lines
          .filter((l) => l.documentId === a.documentId)
          .map((l) => ({
            lineNumber: l.lineNumber,
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            amount: l.amount,
            coding: {
              afe: l.afe,
              costCenter: l.costCenter,
              accountCode: l.accountCode,
              well: l.well,
              property: l.property,
            },
          })),
        previouslyExported: a.exportedAt !== null,
      };
    });
    await repo.markExported(
      tx,
      ctx.companyId,
      approvals.map((a) => a.seq),
      now,
    );
    await appendHistory(
      tx,
      ids.map((documentId) => ({
        documentId,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.ExportedToErp,
      })),
    );
    const last = approvals[approvals.length - 1];
    return {
      cursor: query.cursor,
      nextCursor: last ? String(last.seq) : query.cursor,
      hasMore: found.length > approvals.length,
      invoices,
    };
  });
}

/** One row per line (an invoice without lines is one row), invoice columns repeated. */
export function exportPageCsv(page: ErpExportPage): string {
  const header = [
    'seq',
    'documentId',
    'approvedAt',
    'status',
    'vendor',
    'invoiceNumber',
    'invoiceDate',
    'total',
    'poNumber',
    'afeNumber',
    'lineNumber',
    'description',
    'quantity',
    'unitPrice',
    'amount',
    'afe',
    'costCenter',
    'accountCode',
    'well',
    'property',
  ];
  const rows = page.invoices.flatMap((inv) => {
    const head = [
      inv.seq,
      inv.documentId,
      inv.approvedAt,
      inv.status,
      inv.vendor.name,
      inv.invoiceNumber,
      inv.invoiceDate,
      inv.total,
      inv.metadata.docPONumber ?? null,
      inv.metadata.docAFE ?? null,
    ];
    if (!inv.lines.length) return [[...head, ...Array<null>(10).fill(null)]];
    return inv.lines.map((l) => [
      ...head,
      l.lineNumber,
      l.description,
      l.quantity,
      l.unitPrice,
      l.amount,
      l.coding.afe,
      l.coding.costCenter,
      l.coding.accountCode,
      l.coding.well,
      l.coding.property,
    ]);
  });
  // A cell starting with = + - @ is prefixed so a spreadsheet does not run it as a formula.
  const safe = (v: unknown) =>
    v === null || v === undefined ? '' : escapeSpreadsheetCell(String(v));
  return stringify([header, ...rows.map((r) => r.map(safe))]);
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** The page as PIDX: one pidx:Invoice per approval, inside a feed element with the cursors. */
export function exportPagePidx(page: ErpExportPage): string {
  const el = (name: string, value: string | null | undefined, attrs = '') =>
    value === null || value === undefined || value === ''
      ? ''
      : `<pidx:${name}${attrs}>${escape(value)}</pidx:${name}>`;
  const ref = (kind: string, value: string | null) =>
    value
      ? `<pidx:ReferenceInformation referenceInformationIndicator="${kind}"><pidx:ReferenceNumber>${escape(value)}</pidx:ReferenceNumber></pidx:ReferenceInformation>`
      : '';
  const invoices = page.invoices.map((inv) => {
    const lines = inv.lines
      .map(
        (l) =>
          `<pidx:InvoiceLineItem>${el('LineItemNumber', String(l.lineNumber))}<pidx:InvoiceQuantity>${el('Quantity', l.quantity ?? '1')}</pidx:InvoiceQuantity><pidx:LineItemInformation>${el('LineItemDescription', l.description)}</pidx:LineItemInformation><pidx:Pricing><pidx:UnitPrice>${el('MonetaryAmount', l.unitPrice ?? l.amount)}</pidx:UnitPrice></pidx:Pricing>${el('LineItemTotal', l.amount)}${ref('AFENumber', l.coding.afe)}${ref('CostCenter', l.coding.costCenter)}${ref('AccountCode', l.coding.accountCode)}${ref('Well', l.coding.well)}${ref('Property', l.coding.property)}</pidx:InvoiceLineItem>`,
      )
      .join('');
    return `<pidx:Invoice pidx:version="1.0" flowline:seq="${inv.seq}" flowline:documentId="${inv.documentId}"><pidx:InvoiceProperties>${el('InvoiceNumber', inv.invoiceNumber)}${el('InvoiceDate', inv.invoiceDate)}<pidx:PartnerInformation partnerRoleIndicator="Seller">${el('PartnerName', inv.vendor.name)}</pidx:PartnerInformation>${
      inv.metadata.docPONumber
        ? `<pidx:PurchaseOrderInformation>${el('PurchaseOrderNumber', inv.metadata.docPONumber)}</pidx:PurchaseOrderInformation>`
        : ''
    }<pidx:PrimaryCurrency><pidx:CurrencyCode>USD</pidx:CurrencyCode></pidx:PrimaryCurrency>${ref('AFENumber', inv.metadata.docAFE ?? null)}${el('Comment', inv.metadata.docDescription)}</pidx:InvoiceProperties><pidx:InvoiceDetails>${lines}</pidx:InvoiceDetails><pidx:InvoiceSummary>${el('TotalLineItems', String(inv.lines.length))}<pidx:InvoiceTotal>${el('MonetaryAmount', inv.total ?? '0.00')}</pidx:InvoiceTotal></pidx:InvoiceSummary></pidx:Invoice>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<flowline:ApprovedInvoices xmlns:flowline="urn:flowline:erp-export" xmlns:pidx="${PIDX_NAMESPACE}" cursor="${page.cursor}" nextCursor="${page.nextCursor}" hasMore="${page.hasMore}">${invoices.join('')}</flowline:ApprovedInvoices>\n`;
}
