import { and, eq } from 'drizzle-orm';
import {
  centsToDecimal,
  HistoryOperation,
  isInvoiceDocument,
  pidxMessages as msg,
  pidxResponseStatus,
  PIDX_NAMESPACE,
  RouteStatus,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documentMetadata, documentRoutes, metadataDefinitions } from '../../db/schema/index';
import { forbidden, notFound } from '../../errors';
import { findLatestEntry } from '../document-history/repository';
import { listPayments } from '../document-workflow/repository';
import { requireVisibleDocument } from '../documents/access';
import * as documents from '../documents/repository';
import { findLines } from '../line-items/repository';
import { findPidxInvoice } from './repository';

/**
 * GET /api/pidx/invoices/{documentId}/response (issue 30 item 2; docs/pidx.md 'Status back'):
 * the receiver's side of the sender's invoice as a `pidx:InvoiceResponse` — Accepted once
 * delivered, Approved, Rejected with the reason, Paid with the payments. Flowline's receivers
 * approve or reject whole invoices (they code lines, never change them), so each line carries the
 * invoice's status.
 */

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** A tiny element writer: `el('Name', text)` or `el('Name', [children], { attr })`. */
function el(name: string, content: string | string[] | null, attrs: Record<string, string> = {}) {
  if (content === null) return '';
  const attributes = Object.entries(attrs)
    .map(([k, v]) => ` pidx:${k}="${escape(v)}"`)
    .join('');
  const inner = Array.isArray(content) ? content.filter(Boolean).join('') : escape(content);
  return `<pidx:${name}${attributes}>${inner}</pidx:${name}>`;
}

async function metadataByKey(db: Db, documentId: number) {
  const rows = await db
    .select({ key: metadataDefinitions.key, value: documentMetadata.value })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(eq(documentMetadata.documentId, documentId));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function pidxInvoiceResponse(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  now = new Date(),
): Promise<string> {
  const visible = await requireVisibleDocument(db, ctx.companyId, documentId);
  if (visible.document.ownerCompanyId !== ctx.companyId)
    throw forbidden(msg.notSender, 'not_document_owner');
  const type = await documents.findDocumentType(db, visible.document.documentTypeId);
  if (!isInvoiceDocument(type.templateId, type.id)) throw notFound('Document not found');

  const [receiverRoute] = await db
    .select({ routeStatusId: documentRoutes.routeStatusId, companyId: documentRoutes.companyId })
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, documentId), eq(documentRoutes.side, 'received')))
    .limit(1);
  const status = pidxResponseStatus(
    receiverRoute ? (receiverRoute.routeStatusId ?? RouteStatus.Received) : null,
  );
  const [values, lines, pidx, payments, rejection] = await Promise.all([
    metadataByKey(db, documentId),
    findLines(db, documentId),
    findPidxInvoice(db, documentId),
    status === 'Paid' || status === 'Approved' ? listPayments(db, documentId) : Promise.resolve([]),
    status === 'Rejected'
      ? findLatestEntry(db, documentId, HistoryOperation.Reject)
      : Promise.resolve(null),
  ]);
  const names = await documents.findCompanyNames(
    db,
    [ctx.companyId, receiverRoute?.companyId ?? visible.document.receivingCompanyId].filter(
      (id): id is number => typeof id === 'number',
    ),
  );
  const receiverId = receiverRoute?.companyId ?? visible.document.receivingCompanyId;
  const reason = rejection?.newValue ?? null;
  const details = new Map((pidx?.details.lines ?? []).map((l) => [l.lineNumber, l]));
  const paidCents = payments.reduce(
    (sum, p) => sum + (p.isCancellation ? -p.amountCents : p.amountCents),
    0,
  );
  const lineStatus = status === 'Pending' ? 'Pending' : status;

  const body = el(
    'InvoiceResponse',
    [
      el('InvoiceResponseProperties', [
        el('InvoiceNumber', pidx?.invoiceNumber ?? values.get('docNumber') ?? `#${documentId}`),
        el('InvoiceDate', values.get('docInvoiceDate') ?? null),
        el('InvoiceResponseDate', now.toISOString().slice(0, 19) + 'Z'),
        el('PartnerInformation', [el('PartnerName', names.get(ctx.companyId) ?? '')], {
          partnerRoleIndicator: 'Seller',
        }),
        receiverId
          ? el('PartnerInformation', [el('PartnerName', names.get(receiverId) ?? '')], {
              partnerRoleIndicator: 'BillTo',
            })
          : '',
        el('InvoiceStatusCode', status),
        reason ? el('ReasonDescription', reason) : '',
        el('ReferenceInformation', [el('ReferenceNumber', String(documentId))], {
          referenceInformationIndicator: 'DocumentIdentifier',
        }),
        ...payments
          .filter((p) => !p.isCancellation)
          .map((p) =>
            el('PaymentInformation', [
              el('PaymentAmount', [
                el('MonetaryAmount', centsToDecimal(p.amountCents)),
                el('CurrencyCode', pidx?.currency ?? 'USD'),
              ]),
              el('PaymentDate', p.transactionDate ?? null),
              el('PaymentReference', p.paymentReference ?? p.checkNumber ?? null),
            ]),
          ),
      ]),
      el(
        'InvoiceResponseDetails',
        lines.map((line) => {
          const detail = details.get(line.lineNumber);
          return el('InvoiceResponseLineItem', [
            el('LineItemNumber', detail?.pidxLineNumber ?? String(line.lineNumber)),
            el('LineItemStatusCode', lineStatus),
            lineStatus === 'Rejected' && reason ? el('ReasonDescription', reason) : '',
            el('LineItemTotal', [el('MonetaryAmount', line.amount ?? '0.00')]),
          ]);
        }),
      ),
      el('InvoiceResponseSummary', [
        el('TotalLineItems', String(lines.length)),
        el('InvoiceTotal', [el('MonetaryAmount', values.get('docTotal') ?? '0.00')]),
        paidCents ? el('PaidAmount', [el('MonetaryAmount', centsToDecimal(paidCents))]) : '',
      ]),
    ],
    { version: '1.0' },
  ).replace('<pidx:InvoiceResponse ', `<pidx:InvoiceResponse xmlns:pidx="${PIDX_NAMESPACE}" `);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
