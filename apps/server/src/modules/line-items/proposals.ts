import {
  codingKinds,
  lineItemColumnsFor,
  type CodingKey,
  type LineItemRowDto,
  type ProposedLineItems,
  type SuggestedRow,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { actionsFor, loadDocument, type LoadedDocument } from '../documents/policy';
import { findCompanyParty } from '../documents/repository';
import { documentExtractions } from '../../db/schema/index';
import type { ProposedLine } from '../document-intelligence/proposals/index';
import * as repo from './repository';
import { codingDecision, loadLineItemRows } from './service';

/**
 * GET /documents/{id}/ProposedLineItems/{page}/{pageSize} (spec 1 §3, §7; pageSize -1 = all):
 * the document's lines (one page) and suggested rows from the caller's own past work — nothing
 * is guessed:
 * - the sender, while it may edit: the lines read from the invoice's own table by auto-extraction
 *   (source 'document'), then lines it sent the same receiving company before (distinct
 *   descriptions, most used first, with their latest unit price), to add as new lines;
 * - the receiver, while it may code: for each line with no coding yet, the coding it used most
 *   for the same vendor and the same description, else its most used coding for that vendor.
 */
export async function proposedLineItems(
  db: Db,
  ctx: TenantContext,
  id: number,
  page: number,
  pageSize: number,
): Promise<ProposedLineItems> {
  const loaded = await loadDocument(db, ctx, id);
  if (!loaded.type.lineItemsEnabled) {
    throw new AppError(409, 'action_not_allowed', 'This document type has no line items.');
  }
  const side = loaded.route.side === 'received' ? 'received' : 'sent';
  const columnHeaders = lineItemColumnsFor(side).map((c) => ({ name: c.name, key: c.key }));
  const all = await loadLineItemRows(db, ctx.companyId, loaded);
  const rows = pageSize === -1 ? all : all.slice((page - 1) * pageSize, page * pageSize);
  const suggestedRows =
    side === 'sent'
      ? await senderSuggestions(db, ctx, loaded, all)
      : await receiverSuggestions(db, ctx, loaded, rows);
  return { columnHeaders, rows, suggestedRows, totalRecords: all.length };
}

const valueOf = (row: LineItemRowDto, key: string) =>
  row.cells.find((c) => c.key === key)?.value ?? null;

async function senderSuggestions(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  lines: LineItemRowDto[],
): Promise<SuggestedRow[]> {
  if (!actionsFor(ctx, loaded).edit) return [];
  const doc = loaded.document;
  // Before Send the receiver is known through the chosen connection.
  const party =
    doc.receivingPartyId === null
      ? null
      : await findCompanyParty(db, ctx.companyId, doc.receivingPartyId);
  const receiverId =
    doc.receivingCompanyId ??
    loaded.route.counterpartyCompanyId ??
    party?.connectedCompanyId ??
    null;
  const present = new Set(
    lines.map((l) => (valueOf(l, 'description') ?? '').trim().toLowerCase()).filter(Boolean),
  );
  const fromDocument = (await extractedLines(db, loaded.document.id))
    .filter((l) => !present.has((l.description ?? '').trim().toLowerCase()))
    .map((l): SuggestedRow => ({
      lineNumber: null,
      timesUsed: 0,
      source: 'document',
      cells: [
        { key: 'description', value: l.description },
        { key: 'quantity', value: l.quantity },
        { key: 'unitPrice', value: l.unitPrice },
        { key: 'amount', value: l.amount },
      ],
    }));
  if (receiverId === null) return fromDocument;
  const earlier = await repo.earlierSenderLines(
    db,
    ctx.companyId,
    receiverId,
    loaded.document.id,
    20,
  );
  const fromHistory = earlier
    .filter((e) => !present.has(e.description.trim().toLowerCase()))
    .map((e) => ({
      lineNumber: null,
      timesUsed: e.uses,
      source: 'history' as const,
      cells: [
        { key: 'description', value: e.description },
        { key: 'quantity', value: e.unitPrice === null ? null : '1' },
        { key: 'unitPrice', value: e.unitPrice },
        { key: 'amount', value: e.unitPrice },
      ],
    }));
  return [...fromDocument, ...fromHistory];
}

/** The lines auto-extraction read from the document's own table (document-intelligence). */
async function extractedLines(db: Db, documentId: number): Promise<ProposedLine[]> {
  const [row] = await db
    .select({ lines: documentExtractions.proposedLineItems })
    .from(documentExtractions)
    .where(eq(documentExtractions.documentId, documentId));
  return Array.isArray(row?.lines) ? (row.lines as ProposedLine[]) : [];
}

async function receiverSuggestions(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  rows: LineItemRowDto[],
): Promise<SuggestedRow[]> {
  if (!codingDecision(ctx, loaded).allowed) return [];
  const uncoded = rows.filter((r) => codingKinds.every(({ key }) => valueOf(r, key) === null));
  if (uncoded.length === 0) return [];
  const history = (
    await repo.codingHistory(db, ctx.companyId, loaded.document.ownerCompanyId, loaded.document.id)
  ).filter((h) => codingKinds.some(({ key }) => h[key] !== null));
  if (history.length === 0) return [];
  // The most used coding for this vendor overall (rows come most used first).
  const overall = new Map<string, { coding: Record<CodingKey, string | null>; uses: number }>();
  for (const h of history) {
    const key = codingKinds.map((c) => h[c.key] ?? '').join('\u0000');
    const seen = overall.get(key);
    if (seen) seen.uses += h.uses;
    else overall.set(key, { coding: h, uses: h.uses });
  }
  const top = [...overall.values()].sort((a, b) => b.uses - a.uses)[0]!;
  return uncoded.map((row) => {
    const description = (valueOf(row, 'description') ?? '').trim().toLowerCase();
    const match = history.find((h) => description !== '' && h.description === description);
    const coding = match ?? top.coding;
    return {
      lineNumber: row.lineNumber,
      timesUsed: match ? match.uses : top.uses,
      cells: row.cells.map((c) =>
        codingKinds.some((k) => k.key === c.key)
          ? { key: c.key, value: coding[c.key as CodingKey] ?? null }
          : c,
      ),
    };
  });
}
