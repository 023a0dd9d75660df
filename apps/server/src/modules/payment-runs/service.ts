import {
  HistoryOperation,
  earlyPayDiscountCents,
  earlyPayDiscountFor,
  NotificationType,
  PAYMENT_RUN_MAX_INVOICES,
  formatUsd,
  paymentMethodLabels,
  paymentRunMessages,
  statusAfterPayments,
  type PaymentRun,
  type PaymentRunCandidate,
  type PaymentRunInput,
  type zPaymentRunInput,
} from '@flowline/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  formatMailDate,
  listUnsubscribeHeaders,
  unsubscribeUrl,
} from '../../platform/mail/templates/index';
import { renderMail } from '../../platform/mail/templates/render-mail';
import { appendHistory } from '../document-history/repository';
import { loadDocument } from '../documents/policy';
import * as documents from '../documents/repository';
import { assertMove } from '../document-workflow/service';
import * as payments from '../document-workflow/repository';
import type { WorkflowDeps } from '../document-workflow/notify';
import { announceToCompanies } from '../../platform/realtime/hub';
import { businessMailRecipients } from '../preferences/email-recipients';
import { findParty } from '../parties/repository';
import * as repo from './repository';
import { agreementCovering } from './terms';

type ParsedInput = z.output<typeof zPaymentRunInput>;

const toAmount = (c: number) => Math.round(c) / 100;

/** Approved invoices of the connection's company not yet paid in full, with their balance. */
export async function listCandidates(
  db: Db,
  ctx: TenantContext,
  partyId: number,
): Promise<{ items: PaymentRunCandidate[] }> {
  const connection = await findConnection(db, ctx.companyId, partyId);
  const [rows, offer] = await Promise.all([
    repo.findCandidates(db, ctx.companyId, partyId, PAYMENT_RUN_MAX_INVOICES),
    connection.connectedCompanyId
      ? repo.findOffer(db, connection.connectedCompanyId, ctx.companyId)
      : null,
  ]);
  const items = rows
    .map((row): PaymentRunCandidate => {
      const total = payments.toCents(row.total);
      const paid = Number(row.paidCents);
      const offered = earlyPayDiscountFor({
        terms: row.terms,
        invoiceDate: row.invoiceDate,
        agreement: agreementCovering(offer, row.publishedAt),
      });
      // The discount is for paying the whole invoice at once: offered while nothing is paid.
      const discount =
        offered && total !== null && paid === 0
          ? {
              percent: offered.percent,
              amount: toAmount(earlyPayDiscountCents(total, offered.percent)),
              until: offered.until,
              source: offered.source,
            }
          : null;
      return {
        documentId: row.documentId,
        docNumber: row.docNumber,
        invoiceDate: row.invoiceDate,
        dueDate: row.dueDate,
        total: total === null ? null : toAmount(total),
        paid: toAmount(paid),
        balance: total === null ? null : toAmount(total - paid),
        discount,
      };
    })
    .filter((c) => c.balance === null || c.balance > 0);
  return { items };
}

/**
 * POST /payment-runs: pays each listed invoice (its own payment row, status and history, as the
 * single payment does) and records the run — all in one transaction, all or nothing. Then one
 * notification and one remittance mail to the vendor's members.
 */
export async function createPaymentRun(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  input: ParsedInput,
): Promise<PaymentRun> {
  const connection = await findConnection(db, ctx.companyId, input.partyId);
  if (!connection.connectedCompanyId)
    throw new AppError(409, 'not_connected', paymentRunMessages.noConnectedCompany);
  const payeeCompanyId = connection.connectedCompanyId;
  const offer = await repo.findOffer(db, payeeCompanyId, ctx.companyId);
  /** The early-pay discount a line takes, checked as a careful clerk would; 409 otherwise. */
  const discountFor = async (
    tx: Db,
    documentId: number,
    number: string,
    at: { paid: number; total: number | null; amountCents: number; publishedAt: Date | null },
  ): Promise<number> => {
    const offered = earlyPayDiscountFor({
      terms: await repo.documentValue(tx, documentId, 'docPaymentTerms'),
      invoiceDate: await repo.documentValue(tx, documentId, 'docInvoiceDate'),
      agreement: agreementCovering(offer, at.publishedAt),
    });
    if (!offered || at.total === null)
      throw new AppError(409, 'no_discount', paymentRunMessages.noDiscountOffered(number));
    if (at.paid !== 0)
      throw new AppError(
        409,
        'discount_not_allowed',
        paymentRunMessages.discountOnPartlyPaid(number),
      );
    const until = offered.until;
    if (input.paymentDate > until)
      throw new AppError(
        409,
        'discount_window_ended',
        paymentRunMessages.discountWindowEnded(number, until),
      );
    const discount = earlyPayDiscountCents(at.total, offered.percent);
    if (at.amountCents !== at.total - discount)
      throw new AppError(
        409,
        'discounted_amount',
        paymentRunMessages.discountedAmount(number, formatUsd(at.total - discount)),
      );
    return discount;
  };
  const { runId, news } = await db.transaction(async (tx) => {
    const run = await repo.insertRun(tx, {
      companyId: ctx.companyId,
      payeeCompanyId,
      partyId: input.partyId,
      paymentDate: input.paymentDate,
      method: input.method,
      reference: input.reference,
      totalCents: 1,
      invoiceCount: input.lines.length,
      createdByUserId: ctx.userId,
    });
    let totalCents = 0;
    let discountTotalCents = 0;
    // In id order: two runs paying overlapping invoices lock them in the same order.
    const lines = [...input.lines].sort((a, b) => a.documentId - b.documentId);
    for (const line of lines) {
      const loaded = await loadDocument(tx, ctx, line.documentId, { lock: true });
      const number = (await repo.documentNumber(tx, line.documentId)) ?? `#${line.documentId}`;
      if (loaded.route.side !== 'received' || loaded.document.ownerCompanyId !== payeeCompanyId)
        throw new AppError(409, 'not_from_vendor', paymentRunMessages.notFromVendor(number));
      try {
        assertMove(ctx, loaded, 'recordPayment');
      } catch (error) {
        if (error instanceof AppError && error.status === 409)
          throw new AppError(409, 'action_not_allowed', paymentRunMessages.notPayable(number));
        throw error;
      }
      const amountCents = Math.round(Number(line.amount) * 100);
      const paid = await payments.paidCents(tx, line.documentId);
      const total = await payments.documentTotalCents(tx, line.documentId);
      const discountCents = line.takeDiscount
        ? await discountFor(tx, line.documentId, number, {
            paid,
            total,
            amountCents,
            publishedAt: loaded.document.publishedAt,
          })
        : 0;
      if (total !== null && paid + amountCents + discountCents > total)
        throw new AppError(
          409,
          'over_balance',
          paymentRunMessages.overBalance(number, formatUsd(total - paid)),
        );
      await payments.insertPayment(tx, {
        documentId: line.documentId,
        companyId: ctx.companyId,
        amountCents,
        discountCents,
        transactionDate: input.paymentDate,
        paymentReference: input.reference,
        checkNumber: input.method === 'check' ? input.reference.slice(0, 50) : null,
        description: `Payment run PR-${run.id}`,
        isCancellation: false,
        createdByUserId: ctx.userId,
        paymentRunId: run.id,
      });
      const status = statusAfterPayments(paid + amountCents + discountCents, total);
      if (status !== loaded.route.routeStatusId)
        await documents.setStatusOfAllRoutes(tx, line.documentId, status);
      const amountText = formatUsd(amountCents);
      await appendHistory(tx, [
        {
          documentId: line.documentId,
          companyId: ctx.companyId,
          userId: ctx.userId,
          objectType: 'payment',
          operationId: HistoryOperation.Pay,
          newValue: amountText,
          details: {
            amount: amountText,
            paymentId: input.reference,
            transactionDate: input.paymentDate,
            paymentRun: `PR-${run.id}`,
            method: paymentMethodLabels[input.method],
            ...(discountCents ? { earlyPayDiscount: formatUsd(discountCents) } : {}),
          },
        },
      ]);
      totalCents += amountCents;
      discountTotalCents += discountCents;
    }
    await repo.setRunTotals(tx, run.id, {
      totalCents,
      discountTotalCents,
      invoiceCount: lines.length,
    });
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [payeeCompanyId, ctx.companyId],
      documentId: lines[0]!.documentId,
      change: 'paid',
    });
    const names = await repo.companyNames(tx, [ctx.companyId]);
    const memberIds = await documents.findMemberIds(tx, payeeCompanyId);
    const title = `Payment PR-${run.id} from ${names.get(ctx.companyId) ?? ''}`;
    const message = `${names.get(ctx.companyId) ?? ''} paid ${formatUsd(totalCents)} for ${lines.length} invoice${lines.length === 1 ? '' : 's'} (${paymentMethodLabels[input.method]} ${input.reference}).`;
    await documents.insertNotifications(
      tx,
      memberIds.map((userId) => ({
        companyId: payeeCompanyId,
        userId,
        sourceCompanyId: ctx.companyId,
        notificationTypeId: NotificationType.Regular,
        title,
        message,
        actionId: 'openPaymentRun',
        actionData: String(run.id),
      })),
    );
    return { runId: run.id, news: { memberIds, title, message } };
  });
  const run = await getPaymentRun(db, ctx, runId);
  await mailRemittance(db, deps, run, payeeCompanyId, news);
  return run;
}

async function mailRemittance(
  db: Db,
  deps: WorkflowDeps,
  run: PaymentRun,
  payeeCompanyId: number,
  news: { memberIds: number[]; title: string; message: string },
) {
  const link = `${deps.config.publicUrl}/payment-runs/${run.id}`;
  try {
    for (const r of await businessMailRecipients(db, news.memberIds)) {
      const mail = renderMail({
        subject: news.title,
        preheader: news.message,
        heading: news.title,
        firstName: r.firstName,
        blocks: [
          { kind: 'paragraph', text: news.message },
          {
            kind: 'details',
            rows: [
              ['Payment date', formatMailDate(new Date(`${run.paymentDate}T00:00:00Z`))],
              ['Method', paymentMethodLabels[run.method]],
              ['Reference', run.reference],
              ['Total', formatUsd(Math.round(run.total * 100))],
              ...(run.lines ?? []).map((l): [string, string] => [
                l.docNumber ?? `#${l.documentId}`,
                formatUsd(Math.round(l.amount * 100)) + (l.paidInFull ? '' : ' (part)'),
              ]),
            ],
          },
          { kind: 'action', label: 'Open the remittance advice', url: link },
        ],
        footer: { kind: 'unsubscribe', url: unsubscribeUrl(deps.config.publicUrl) },
      });
      await deps.mailer.send({
        to: [r.emailAddress],
        ...mail,
        headers: listUnsubscribeHeaders(deps.config.publicUrl),
        companyId: payeeCompanyId,
      });
    }
  } catch (err) {
    deps.log.error({ err, paymentRunId: run.id }, 'could not send the remittance mails');
  }
}

export async function getPaymentRun(db: Db, ctx: TenantContext, id: number): Promise<PaymentRun> {
  const row = await repo.findRun(db, ctx.companyId, id);
  if (!row) throw notFound('Payment run not found');
  const lines = await repo.findRunLines(db, id);
  // Paid in full: this run's payment took the invoice's payments to its total.
  const paidNow = await repo.paidCentsByDocument(
    db,
    lines.map((l) => l.documentId),
  );
  const [presented] = await present(db, ctx, [row]);
  return {
    ...presented!,
    lines: lines.map((l) => {
      const total = payments.toCents(l.total);
      return {
        documentId: l.documentId,
        docNumber: l.docNumber,
        amount: toAmount(l.amountCents),
        discount: toAmount(l.discountCents),
        invoiceTotal: total === null ? null : toAmount(total),
        paidInFull: total !== null && (paidNow.get(l.documentId) ?? 0) >= total,
      };
    }),
  };
}

export async function listPaymentRuns(
  db: Db,
  ctx: TenantContext,
  query: { page: number; pageSize: number; side?: 'paid' | 'received' },
) {
  const pageSize = Math.min(query.pageSize, 100);
  const { rows, total } = await repo.listRuns(db, ctx.companyId, query.side, {
    offset: (query.page - 1) * pageSize,
    limit: pageSize,
  });
  return { items: await present(db, ctx, rows), totalRecords: total };
}

async function present(
  db: Db,
  ctx: TenantContext,
  rows: Awaited<ReturnType<typeof repo.listRuns>>['rows'],
): Promise<PaymentRun[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.run.companyId, r.run.payeeCompanyId]))];
  const names = ids.length ? await repo.companyNames(db, ids) : new Map<number, string>();
  return rows.map(({ run, createdByFirst, createdByLast }) => ({
    id: run.id,
    side: run.companyId === ctx.companyId ? 'paid' : 'received',
    payerName: names.get(run.companyId) ?? '',
    payeeName: names.get(run.payeeCompanyId) ?? '',
    paymentDate: run.paymentDate,
    method: run.method as PaymentRun['method'],
    reference: run.reference,
    total: toAmount(run.totalCents),
    discountTotal: toAmount(run.discountTotalCents),
    invoiceCount: run.invoiceCount,
    createdAt: run.createdAt.toISOString(),
    // The payer's clerk is named to the payer only.
    createdBy:
      run.companyId === ctx.companyId && createdByFirst !== null
        ? `${createdByFirst} ${createdByLast ?? ''}`.trim()
        : null,
  }));
}

export type { PaymentRunInput };

/** The caller's connection (404 for another company's). */
async function findConnection(db: Db, companyId: number, partyId: number) {
  const party = await findParty(db, companyId, partyId);
  if (!party) throw notFound('Connection not found');
  return party;
}

/** GET /early-pay-offers: the discounts this company offers, and the ones offered to it. */
export async function listOffers(db: Db, ctx: TenantContext) {
  const rows = await repo.listOffers(db, ctx.companyId);
  const customers = await repo.companyNames(db, [
    ...new Set(rows.map((r) => r.offer.customerCompanyId)),
  ]);
  const present = (r: (typeof rows)[number], counterpartyName: string) => ({
    partyId: r.offer.companyId === ctx.companyId ? r.offer.partyId : null,
    counterpartyName,
    discountPercent: Number(r.offer.discountPercent),
    days: r.offer.days,
    updatedAt: r.offer.updatedAt.toISOString(),
    startsAt: r.offer.startsAt.toISOString(),
  });
  return {
    offered: rows
      .filter((r) => r.offer.companyId === ctx.companyId)
      .map((r) => present(r, customers.get(r.offer.customerCompanyId) ?? '')),
    received: rows
      .filter((r) => r.offer.customerCompanyId === ctx.companyId)
      .map((r) => present(r, r.vendorName)),
  };
}

/** PUT /early-pay-offers: sets (or changes) the discount offered to a connected customer. */
export async function saveOffer(
  db: Db,
  ctx: TenantContext,
  input: { partyId: number; discountPercent: number; days: number },
) {
  const connection = await findConnection(db, ctx.companyId, input.partyId);
  if (!connection.connectedCompanyId)
    throw new AppError(409, 'not_connected', paymentRunMessages.noConnectedCompany);
  await repo.upsertOffer(db, {
    companyId: ctx.companyId,
    customerCompanyId: connection.connectedCompanyId,
    partyId: input.partyId,
    discountPercent: input.discountPercent.toFixed(2),
    days: input.days,
    updatedByUserId: ctx.userId,
  });
  return listOffers(db, ctx);
}

/** DELETE /early-pay-offers/{partyId}: the discount is no longer offered (404 when none was). */
export async function removeOffer(db: Db, ctx: TenantContext, partyId: number) {
  const connection = await findConnection(db, ctx.companyId, partyId);
  const removed = connection.connectedCompanyId
    ? await repo.deleteOffer(db, ctx.companyId, connection.connectedCompanyId)
    : false;
  if (!removed) throw notFound('No early-pay discount is offered to this connection');
}
