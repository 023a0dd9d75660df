import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  DocumentTypeId,
  HistoryOperation,
  describeLineException,
  describeTotalException,
  isInvoiceDocument,
  matchInvoice,
  matchMessages,
  reasonKindsOf,
  RouteStatus,
  versionInForce,
  type InvoiceLineToMatch,
  type InvoiceMatch,
  type MatchTolerances,
  type PriceBookVersionToMatch,
  type TicketLineToMatch,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  documentLineItems,
  documentMetadata,
  fieldTicketBillings,
  invoiceMatches,
  metadataDefinitions,
  parties,
  pidxInvoices,
  priceBookItems,
  priceBookVersions,
  priceBooks,
  type StoredLineMatch,
} from '../../db/schema/index';
import { withTenantScope } from '../../db/tenant-scope';
import { rowsOf } from '../document-lists/sql-fragments';
import { findVisibleDocument } from '../documents/access';
import * as documents from '../documents/repository';
import { findCoding, findLines } from '../line-items/repository';
import {
  applyCodingRules,
  approveAutomatically,
  outcomeFor,
  type AutoApproval,
} from '../coding-rules/evaluate';
import { applicableRules } from '../coding-rules/repository';
import { toDefinition } from '../coding-rules/service';
import { getMatchTolerances } from '../match-tolerances/service';
import { appendHistory } from '../document-history/repository';
import { findChain } from '../approvals/repository';

/**
 * The three-way match on arrival (issue 32 item 4; docs/three-way-match.md). Runs inside the
 * transaction that delivers an invoice to the operator (send, PIDX, e-mail, resubmit), under the
 * operator's row-level-security scope, so the stored match and any automatic approval are
 * committed with the arrival or not at all — the screen never sees an invoice without its match.
 */

/** The automatic approver's name in the history and on approval-chain steps. */
export const MATCH_APPROVER = 'Three-way match';

const META_KEYS = ['docNumber', 'docAFE', 'docServiceDate', 'docTotal'] as const;

/** Some metadata values of several documents, by document and key (one query). */
async function metadataOf(db: Db, documentIds: number[]) {
  const out = new Map<number, Partial<Record<(typeof META_KEYS)[number], string>>>();
  if (documentIds.length === 0) return out;
  const rows = await db
    .select({
      documentId: documentMetadata.documentId,
      key: metadataDefinitions.key,
      value: documentMetadata.value,
    })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(
      and(
        inArray(documentMetadata.documentId, documentIds),
        inArray(metadataDefinitions.key, [...META_KEYS]),
      ),
    );
  for (const r of rows) {
    if (r.value === null) continue;
    const entry = out.get(r.documentId) ?? {};
    entry[r.key as (typeof META_KEYS)[number]] = r.value;
    out.set(r.documentId, entry);
  }
  return out;
}

/**
 * The tickets an invoice bills: its billing rows (the flip); without any, the vendor's approved,
 * unbilled tickets whose numbers the invoice references (PIDX FieldTicketNumber references) and
 * that no other live invoice was matched to.
 */
async function ticketsOf(
  db: Db,
  invoiceId: number,
  receiverId: number,
  vendorId: number | null,
  referencesGiven?: string[],
): Promise<{ ids: number[]; byReference: boolean }> {
  const billed = await db
    .select({ id: fieldTicketBillings.ticketDocumentId })
    .from(fieldTicketBillings)
    .where(eq(fieldTicketBillings.invoiceDocumentId, invoiceId));
  if (billed.length > 0) return { ids: billed.map((b) => b.id), byReference: false };
  // A resubmitted version bills the tickets its first version was flipped from (the billing rows
  // name the version the flip made; index documents_version_root_idx).
  const earlier = rowsOf<{ id: number }>(
    await db.execute(sql`
      WITH root AS (SELECT v.version_root_id AS id FROM documents v
                    WHERE v.id = ${invoiceId} AND v.version_root_id IS NOT NULL)
      SELECT b.ticket_document_id AS id FROM field_ticket_billings b
      JOIN documents d ON d.id = b.invoice_document_id, root
      WHERE (d.version_root_id = root.id OR d.id = root.id) AND b.invoice_document_id <> ${invoiceId}`),
  );
  if (earlier.length > 0) {
    return { ids: earlier.map((b) => Number(b.id)), byReference: false };
  }
  const none = { ids: [], byReference: false };
  if (vendorId === null) return none;
  // The numbers the PIDX lines name: stored with a PIDX invoice sent through the API; given by
  // the caller for one e-mailed to the operator (which keeps no pidx_invoices row).
  const [pidx] = referencesGiven
    ? [null]
    : await db
        .select({ details: pidxInvoices.details })
        .from(pidxInvoices)
        .where(eq(pidxInvoices.documentId, invoiceId));
  const numbers = [
    ...new Set(
      (
        referencesGiven ??
        (pidx?.details.lines ?? []).map(
          (l) => (l as { fieldTicketNumber?: string | null }).fieldTicketNumber,
        )
      )
        .map((n) => n?.trim())
        .filter((n): n is string => !!n),
    ),
  ];
  if (numbers.length === 0) return none;
  // The operator's received, approved tickets of that vendor by number (index
  // document_routes_field_ticket_number_idx) — then, by primary key and GIN, the ones billed by
  // an invoice or matched to another live invoice (a duplicate bill). Three small statements: as
  // one, the planner misjudged the expression's rows and anti-joined every match (74 ms at
  // 100,000 tickets, docs/three-way-match.md).
  const found = rowsOf<{ document_id: number }>(
    await db.execute(sql`
      SELECT r.document_id FROM document_routes r
      WHERE r.company_id = ${receiverId} AND r.counterparty_company_id = ${vendorId}
        AND r.document_type_id = ${DocumentTypeId.FieldTicket}
        AND (r.list_values ->> 'docNumber') IN (${sql.join(
          numbers.map((n) => sql`${n}`),
          sql`, `,
        )})
        AND r.route_status_id = ${RouteStatus.Approved}`),
  ).map((r) => Number(r.document_id));
  if (found.length === 0) return none;
  const list = sql.raw(`ARRAY[${found.join(',')}]::int[]`);
  const taken = new Set(
    [
      ...rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT ticket_document_id AS id FROM field_ticket_billings
          WHERE ticket_document_id = ANY (${list})`),
      ),
      ...rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT unnest(m.ticket_document_ids) AS id FROM invoice_matches m
          JOIN document_routes ir ON ir.document_id = m.document_id AND ir.company_id = m.company_id
          WHERE m.company_id = ${receiverId} AND m.ticket_document_ids && ${list}
            AND m.document_id <> ${invoiceId} AND ir.route_status_id <> ${RouteStatus.Rejected}`),
      ),
    ].map((r) => Number(r.id)),
  );
  return { ids: found.filter((id) => !taken.has(id)), byReference: true };
}

/**
 * The price book between the two companies: the operator's contract prices when it published
 * some to the vendor, else the vendor's book for the operator. Only the versions in force on the
 * given days are read with their items.
 */
async function findPriceBook(
  db: Db,
  receiverId: number,
  vendorId: number,
): Promise<{ id: number; companyId: number } | null> {
  const books = await db
    .select({ id: priceBooks.id, companyId: priceBooks.companyId })
    .from(priceBooks)
    .where(
      or(
        and(eq(priceBooks.companyId, receiverId), eq(priceBooks.counterpartyCompanyId, vendorId)),
        and(eq(priceBooks.companyId, vendorId), eq(priceBooks.counterpartyCompanyId, receiverId)),
      ),
    );
  return books.find((b) => b.companyId === receiverId) ?? books[0] ?? null;
}

/** The book's versions, with their items for the versions in force on the given days. */
async function priceBookFor(
  db: Db,
  book: { id: number } | null,
  days: string[],
): Promise<{ exists: boolean; versions: PriceBookVersionToMatch[] }> {
  if (!book) return { exists: false, versions: [] };
  const versions = await db
    .select({
      id: priceBookVersions.id,
      priceBookId: priceBookVersions.priceBookId,
      versionNumber: priceBookVersions.versionNumber,
      effectiveFrom: priceBookVersions.effectiveFrom,
      effectiveTo: priceBookVersions.effectiveTo,
    })
    .from(priceBookVersions)
    .where(eq(priceBookVersions.priceBookId, book.id));
  const needed = new Set<number>();
  for (const day of days) {
    const v = versionInForce(versions, day);
    if (v) needed.add(v.id);
  }
  const items =
    needed.size === 0
      ? []
      : await db
          .select({
            versionId: priceBookItems.versionId,
            itemCode: priceBookItems.itemCode,
            uom: priceBookItems.uom,
            unitPrice: priceBookItems.unitPrice,
            tiers: priceBookItems.tiers,
            effectiveFrom: priceBookItems.effectiveFrom,
            effectiveTo: priceBookItems.effectiveTo,
          })
          .from(priceBookItems)
          .where(inArray(priceBookItems.versionId, [...needed]));
  return {
    exists: true,
    // Versions not in force on any of the days keep no items: versionInForce still sees them.
    versions: versions.map((v) => ({
      ...v,
      items: items.filter((i) => i.versionId === v.id),
    })),
  };
}

export interface MatchComputation {
  match: InvoiceMatch;
  /** The tickets were found by the numbers the invoice names (no billing rows yet). */
  byReference: boolean;
  stored: typeof invoiceMatches.$inferInsert;
  ticketNumbers: string[];
  versionNumbers: number[];
}

/**
 * Gathers the invoice, its tickets, the price book and the operator's tolerances and matches them
 * (pure rule `matchInvoice`). Null when the match does not apply: no ticket billed or referenced
 * and no price book between the two companies (an ordinary invoice flows as before).
 */
export async function computeMatch(
  db: Db,
  receiverId: number,
  invoiceId: number,
  vendorId: number | null,
  tolerancesGiven?: MatchTolerances,
  given: { ticketIds?: number[]; ticketNumbers?: string[] } = {},
): Promise<MatchComputation | null> {
  const tickets =
    given.ticketIds === undefined
      ? await ticketsOf(db, invoiceId, receiverId, vendorId, given.ticketNumbers)
      : { ids: given.ticketIds, byReference: false };
  const ticketIds = tickets.ids;
  // Without tickets only a price book makes a match: looked for before the invoice's lines,
  // coding and values are read, so an ordinary invoice (neither) costs one query here.
  const priceBook = vendorId === null ? null : await findPriceBook(db, receiverId, vendorId);
  if (ticketIds.length === 0 && !priceBook) return null;
  const [lines, coding, meta] = await Promise.all([
    findLines(db, invoiceId),
    findCoding(db, receiverId, invoiceId),
    metadataOf(db, [invoiceId, ...ticketIds]),
  ]);
  const invoiceMeta = meta.get(invoiceId) ?? {};
  const invoiceDay = invoiceMeta.docServiceDate ?? null;
  const ticketRows = ticketIds.length
    ? await db
        .select({
          documentId: documentLineItems.documentId,
          itemCode: documentLineItems.itemCode,
          uom: documentLineItems.uom,
          quantity: documentLineItems.quantity,
          serviceDate: documentLineItems.serviceDate,
        })
        .from(documentLineItems)
        .where(inArray(documentLineItems.documentId, ticketIds))
    : [];
  const ticketLines: TicketLineToMatch[] = ticketRows
    .filter((r) => (r.itemCode ?? '').trim() !== '')
    .map((r) => {
      const m = meta.get(r.documentId) ?? {};
      return {
        ticketNumber: m.docNumber ?? `#${r.documentId}`,
        itemCode: r.itemCode!,
        uom: r.uom ?? '',
        quantity: r.quantity ?? '0',
        afe: m.docAFE ?? null,
        serviceDate: r.serviceDate ?? m.docServiceDate ?? invoiceDay ?? '',
      };
    });
  const invoiceLines: InvoiceLineToMatch[] = lines.map((l) => ({
    lineNumber: l.lineNumber,
    itemCode: l.itemCode,
    uom: l.uom,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    // The operator's coding of the line, else the AFE the invoice names.
    afe: coding.get(l.id)?.afe ?? invoiceMeta.docAFE ?? null,
    serviceDate: l.serviceDate ?? null,
  }));
  const days = [
    ...new Set(
      [
        ...invoiceLines.map((l) => l.serviceDate),
        ...ticketLines.map((t) => t.serviceDate),
        invoiceDay,
      ].filter((d): d is string => !!d),
    ),
  ];
  const book = await priceBookFor(db, priceBook, days);
  const tolerances = tolerancesGiven ?? (await getMatchTolerances(db, receiverId));
  // A line without its own service day takes its ticket's, else the invoice's.
  const withDays = invoiceLines.map((l) => ({
    ...l,
    serviceDate:
      l.serviceDate ??
      ticketLines.find((t) => t.itemCode.trim().toUpperCase() === l.itemCode?.trim().toUpperCase())
        ?.serviceDate ??
      invoiceDay,
  }));
  const match = matchInvoice({
    lines: withDays,
    ticketLines,
    priceBook: book.versions,
    tolerances,
    invoiceTotal: invoiceMeta.docTotal ?? null,
    withTickets: true,
  });
  const versionNumber = new Map(book.versions.map((v) => [v.id, v.versionNumber]));
  const storedLines: StoredLineMatch[] = match.lines.map((m, i) => {
    const line = withDays[i]!;
    const number = m.versionId === null ? null : (versionNumber.get(m.versionId) ?? null);
    return {
      lineNumber: m.lineNumber,
      verdict: m.verdict,
      reason: describeLineException(
        {
          match: m,
          itemCode: line.itemCode,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          versionNumber: number,
          ticketQuantity: m.ticketQuantity ?? null,
          serviceDate: line.serviceDate,
          afe: line.afe,
        },
        tolerances,
      ),
      itemCode: line.itemCode,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      expectedUnitPrice: m.expectedUnitPrice,
      priceBookVersionId: m.versionId,
      priceBookVersionNumber: number,
      ticketNumbers: m.ticketNumbers,
    };
  });
  const totalDiffers =
    match.verdict === 'exceptions' && match.lines.every((l) => l.verdict === 'matched');
  const reasons = [
    ...storedLines.filter((l) => l.verdict !== 'matched').map((l) => l.reason),
    ...(totalDiffers
      ? [describeTotalException(invoiceMeta.docTotal ?? null, match.expectedTotal, tolerances)]
      : []),
  ];
  const versionIds = [
    ...new Set(match.lines.map((l) => l.versionId).filter((v): v is number => v !== null)),
  ];
  const ticketNumbers = [
    ...new Set(ticketIds.map((id) => meta.get(id)?.docNumber ?? `#${id}`)),
  ].sort();
  return {
    match,
    byReference: tickets.byReference && ticketIds.length > 0,
    ticketNumbers,
    versionNumbers: versionIds.map((id) => versionNumber.get(id)!),
    stored: {
      documentId: invoiceId,
      companyId: receiverId,
      counterpartyCompanyId: vendorId,
      verdict: match.verdict,
      reasonKinds: reasonKindsOf(match.lines, totalDiffers),
      reasons,
      lines: storedLines,
      ticketDocumentIds: ticketIds,
      ticketNumbers,
      priceBookVersionIds: versionIds,
      expectedTotal: match.expectedTotal,
      touchless: false,
    },
  };
}

type Visible = NonNullable<Awaited<ReturnType<typeof findVisibleDocument>>>;
type DocumentType = Awaited<ReturnType<typeof documents.findDocumentType>>;

/**
 * A matched invoice approved by the match: the coding rules still apply (required coding, PO —
 * any that fails leaves it for people), and the match counts as the approval-chain steps the
 * receiver's automatic-approval rule replaces (every step without one). Marks the match touchless
 * when the invoice became Approved.
 */
async function approveByMatch(
  tx: Db,
  receiverId: number,
  invoiceId: number,
  found: { visible: Visible; type: DocumentType },
  computed: MatchComputation,
): Promise<AutoApproval | null> {
  const rules = (await applicableRules(tx, receiverId, found.visible.route.partyId)).map(
    toDefinition,
  );
  const evaluated = await outcomeFor(tx, receiverId, invoiceId);
  const failing = (evaluated?.outcome.results ?? []).filter(
    (r) => !r.passed && r.rule.kind !== 'amountLimit',
  );
  if (failing.length > 0) return null;
  const approving = rules
    .filter((r) => r.kind === 'amountLimit' && r.autoApprove)
    .sort((a, b) => (a.limitCents ?? 0) - (b.limitCents ?? 0))[0];
  const approval = await approveAutomatically(tx, receiverId, invoiceId, found, {
    name: MATCH_APPROVER,
    objectType: 'match',
    replacesApprovalSteps: approving ? (approving.replacesApprovalSteps ?? null) : null,
    message: matchMessages.approvedAutomatically(computed.ticketNumbers, computed.versionNumbers),
    stepsMessage: (steps) => matchMessages.stepsApprovedAutomatically(steps),
    details: [
      { name: 'Rule', newValue: MATCH_APPROVER },
      { name: 'Tickets', newValue: computed.ticketNumbers.join(', ') },
      {
        name: 'Price book',
        newValue: computed.versionNumbers.map((n) => `v${n}`).join(', '),
      },
    ],
  });
  if (approval) {
    await tx
      .update(invoiceMatches)
      .set({ touchless: true })
      .where(eq(invoiceMatches.documentId, invoiceId));
  }
  return approval;
}

/** The received invoice and its type, when the company holds the receiving route to an invoice. */
async function receivedInvoice(tx: Db, receiverId: number, invoiceId: number) {
  const visible = await findVisibleDocument(tx, receiverId, invoiceId);
  if (!visible || visible.route.side !== 'received') return null;
  const type = await documents.findDocumentType(tx, visible.document.documentTypeId);
  if (!isInvoiceDocument(type.templateId, type.id)) return null;
  let vendorId =
    visible.route.counterpartyCompanyId ??
    (visible.document.ownerCompanyId !== receiverId ? visible.document.ownerCompanyId : null);
  // An invoice e-mailed to the operator (its own document, no counterparty on the route) comes
  // from the connection its sender's address belongs to: the vendor is that connection's company.
  if (vendorId === null && visible.route.partyId !== null) {
    const [party] = await tx
      .select({ companyId: parties.connectedCompanyId })
      .from(parties)
      .where(and(eq(parties.id, visible.route.partyId), eq(parties.companyId, receiverId)));
    vendorId = party?.companyId ?? null;
  }
  return { visible, type, vendorId };
}

/** The match's own history entry (no user): its verdict's message and one detail per exception. */
const matchHistory = (
  documentId: number,
  companyId: number,
  operationId: number,
  newValue: string,
  reasons: string[],
) => ({
  documentId,
  companyId,
  userId: null,
  objectType: 'match',
  objectName: MATCH_APPROVER,
  operationId,
  newValue,
  details: reasons.map((r) => ({ name: 'Exception', newValue: r })),
});

/**
 * On arrival: the match, stored; a fully matched invoice approved by the match (the steps its
 * coding rule allows); an invoice with exceptions left for people (coding rules do not approve
 * it); without a match the coding rules as before. Returns the automatic approval to mail.
 */
export async function applyArrivalRules(
  tx: Db,
  receiverId: number,
  invoiceId: number,
  /** The field-ticket numbers an e-mailed PIDX invoice's lines name (no pidx_invoices row). */
  ticketNumbers?: string[],
): Promise<AutoApproval | null> {
  // The received invoice as read here, handed to the coding rules when no match applies (nothing
  // was written in between): one read of the document and its type instead of two.
  const read: { found?: NonNullable<Awaited<ReturnType<typeof receivedInvoice>>> } = {};
  const handled = await withTenantScope(receiverId, async () => {
    const found = await receivedInvoice(tx, receiverId, invoiceId);
    if (!found) return null;
    read.found = found;
    const { vendorId } = found;
    const computed = await computeMatch(tx, receiverId, invoiceId, vendorId, undefined, {
      ticketNumbers,
    });
    if (!computed) return null;
    // An e-mailed invoice (its sender's address is not proof of who sent it) bills the tickets it
    // names only when it matches them fully: a mail naming a vendor's tickets must not block the
    // vendor's own bill of them with a mismatched one.
    const emailed = ticketNumbers !== undefined;
    const bill =
      computed.byReference &&
      vendorId !== null &&
      !(emailed && computed.match.verdict === 'exceptions')
        ? { vendorId, ticketIds: computed.stored.ticketDocumentIds ?? [] }
        : null;
    await tx
      .insert(invoiceMatches)
      .values(computed.stored)
      .onConflictDoUpdate({
        target: invoiceMatches.documentId,
        set: { ...computed.stored, matchedAt: new Date(), acceptedAt: null, acceptComment: null },
      });
    if (computed.match.verdict === 'exceptions') {
      await appendHistory(tx, [
        matchHistory(
          invoiceId,
          receiverId,
          HistoryOperation.MatchExceptions,
          matchMessages.exceptions(computed.stored.reasons!.length),
          computed.stored.reasons!,
        ),
      ]);
      return { approval: null, bill };
    }
    const approval = await approveByMatch(tx, receiverId, invoiceId, found, computed);
    return { approval, bill };
  });
  // Tickets found by the numbers a PIDX invoice names are billed by it, as the flip bills them: a
  // ticket is billed once across flip and PIDX (the vendor's list no longer offers it, a later
  // flip is refused with 'already billed'). The billing rows are the vendor's
  // (field_ticket_billings: company_id = the vendor), so they are written in the vendor's scope
  // inside the arrival's transaction — PIDX through the API is the vendor's own send; an e-mailed
  // PIDX invoice was accepted by the operator as that vendor's bill of those tickets.
  if (handled?.bill && handled.bill.ticketIds.length > 0) {
    const { vendorId, ticketIds } = handled.bill;
    await withTenantScope(vendorId, () =>
      tx
        .insert(fieldTicketBillings)
        .values(
          ticketIds.map((ticketDocumentId) => ({
            ticketDocumentId,
            invoiceDocumentId: invoiceId,
            companyId: vendorId,
            counterpartyCompanyId: receiverId,
          })),
        )
        .onConflictDoNothing(),
    );
  }
  if (handled) return handled.approval;
  return applyCodingRules(tx, receiverId, invoiceId, read.found);
}

/**
 * Whether a person already acted on the invoice's match or approval: accepted the difference,
 * approved a step of its chain, or moved it out of Received / Viewed. The match run again after a
 * coding change then only updates what the panel shows — it never approves over a person.
 */
function personActed(
  row: typeof invoiceMatches.$inferSelect,
  routeStatusId: number | null,
  chain: Awaited<ReturnType<typeof findChain>>,
): boolean {
  if (row.acceptedAt !== null) return true;
  if (routeStatusId !== RouteStatus.Received && routeStatusId !== RouteStatus.Viewed) return true;
  return (chain?.chain.steps ?? []).some((s) => s.approval !== null && !s.approval.byRule);
}

/**
 * After the operator changed the coding of an invoice that has a match (PUT lineItems/coding), in
 * the same transaction: the match is run again with the same tickets (those matched on arrival)
 * and the operator's tolerances; the stored verdict, lines and reasons follow (an acceptance
 * stays: a person resolved it). History 'Three-way match after a coding change: …' when the
 * verdict or reasons changed. A full match approves automatically as on arrival (the usual
 * history line) unless a person already acted (`personActed`). An invoice with exceptions is not
 * approved by the coding rules. Without a match: the coding rules as before.
 */
export async function applyCodingEditRules(
  tx: Db,
  receiverId: number,
  invoiceId: number,
): Promise<AutoApproval | null> {
  const handled = await withTenantScope(receiverId, async () => {
    const [previous] = await tx
      .select()
      .from(invoiceMatches)
      .where(
        and(eq(invoiceMatches.documentId, invoiceId), eq(invoiceMatches.companyId, receiverId)),
      );
    if (!previous) return null;
    const found = await receivedInvoice(tx, receiverId, invoiceId);
    if (!found) return null;
    const vendorId = previous.counterpartyCompanyId ?? found.vendorId;
    const computed = await computeMatch(tx, receiverId, invoiceId, vendorId, undefined, {
      ticketIds: previous.ticketDocumentIds,
    });
    if (!computed) return null;
    const { acceptedAt: _a, acceptComment: _c, touchless: _t, ...values } = computed.stored;
    await tx
      .update(invoiceMatches)
      .set({ ...values, matchedAt: new Date() })
      .where(eq(invoiceMatches.documentId, invoiceId));
    const reasons = computed.stored.reasons ?? [];
    const changed =
      previous.verdict !== computed.match.verdict ||
      JSON.stringify(previous.reasons) !== JSON.stringify(reasons);
    if (changed) {
      await appendHistory(tx, [
        matchHistory(
          invoiceId,
          receiverId,
          HistoryOperation.MatchRerun,
          matchMessages.rerun(computed.match.verdict === 'matched' ? 0 : reasons.length),
          reasons,
        ),
      ]);
    }
    if (computed.match.verdict === 'exceptions') return { approval: null };
    const chain = await findChain(tx, invoiceId);
    if (personActed(previous, found.visible.route.routeStatusId, chain)) return { approval: null };
    return { approval: await approveByMatch(tx, receiverId, invoiceId, found, computed) };
  });
  if (handled) return handled.approval;
  return applyCodingRules(tx, receiverId, invoiceId);
}
