import {
  accountKindNames,
  codingKinds,
  decideLineCoding,
  HistoryOperation,
  lineItemColumnsFor,
  lineItemMessages,
  type AccountCode,
  type AccountKindId,
  type CodingKey,
  type DocumentLineItems,
  type LineItemColumnDto,
  type LineItemRowDto,
  type SaveLineItemsInput,
  type zSaveLineCodingInput,
  type zSaveLineItemsInput,
} from '@flowline/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../errors';
import { appendHistory } from '../document-history/repository';
import {
  actionsFor,
  assertDocumentAction,
  loadDocument,
  type LoadedDocument,
} from '../documents/policy';
import * as repo from './repository';

/** Line items: the sender's lines and the receiver's coding (docs/line-items.md). */

type SaveLines = z.output<typeof zSaveLineItemsInput>;
type SaveCoding = z.output<typeof zSaveLineCodingInput>;
export type { SaveLineItemsInput };

const sideOf = (loaded: LoadedDocument) => (loaded.route.side === 'received' ? 'received' : 'sent');

export function codingDecision(ctx: TenantContext, loaded: LoadedDocument) {
  return decideLineCoding({
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: sideOf(loaded),
    userType: ctx.userType,
    roles: ctx.roles,
    lineItemsEnabled: loaded.type.lineItemsEnabled,
  });
}

function permissions(ctx: TenantContext, loaded: LoadedDocument) {
  return {
    canEditLines: loaded.type.lineItemsEnabled && actionsFor(ctx, loaded).edit,
    canEditCoding: codingDecision(ctx, loaded).allowed,
  };
}

function columnsFor(loaded: LoadedDocument, canEditLines: boolean, canEditCoding: boolean) {
  return lineItemColumnsFor(sideOf(loaded)).map((c): LineItemColumnDto => ({
    key: c.key,
    name: c.name,
    owner: c.owner,
    valueType: c.valueType,
    accountKind: c.accountKind,
    isRequired: c.isRequired ?? false,
    isAmount: c.isAmount ?? false,
    isReadonly: c.owner === 'sender' ? !canEditLines : !canEditCoding,
  }));
}

function codingValue(coding: repo.CodingRow | undefined, key: CodingKey): string | null {
  return coding?.[key] ?? null;
}

/** Rows of cells in column order; the receiving side's rows carry its own coding. */
export function presentRows(
  lines: repo.LineRow[],
  coding: Map<number, repo.CodingRow> | null,
): LineItemRowDto[] {
  return lines.map((line) => ({
    id: line.id,
    lineNumber: line.lineNumber,
    cells: [
      { key: 'description', value: line.description },
      { key: 'quantity', value: line.quantity },
      { key: 'unitPrice', value: line.unitPrice },
      { key: 'amount', value: line.amount },
      ...(coding
        ? codingKinds.map(({ key }) => ({ key, value: codingValue(coding.get(line.id), key) }))
        : []),
    ],
  }));
}

/** The document's lines as the caller's company sees them (the document's `lineItems`). */
export async function loadLineItemRows(
  db: Db,
  companyId: number,
  loaded: LoadedDocument,
): Promise<LineItemRowDto[]> {
  if (!loaded.type.lineItemsEnabled) return [];
  const lines = await repo.findLines(db, loaded.document.id);
  const coding =
    sideOf(loaded) === 'received' ? await repo.findCoding(db, companyId, loaded.document.id) : null;
  return presentRows(lines, coding);
}

/** Rule verdicts are filled by the coding-rules module (issue 12 item 4). */
export type RuleResultsLoader = (
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
) => Promise<DocumentLineItems['ruleResults']>;

export async function presentLineItems(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  ruleResults: RuleResultsLoader | null = null,
): Promise<DocumentLineItems> {
  const { canEditLines, canEditCoding } = permissions(ctx, loaded);
  return {
    documentId: loaded.document.id,
    columns: columnsFor(loaded, canEditLines, canEditCoding),
    rows: await loadLineItemRows(db, ctx.companyId, loaded),
    canEditLines,
    canEditCoding,
    ruleResults:
      ruleResults && sideOf(loaded) === 'received' ? await ruleResults(db, ctx, loaded) : [],
  };
}

const noLineItems = () =>
  new AppError(409, 'action_not_allowed', 'This document type has no line items.');

const summary = (l: repo.LineValues) =>
  [l.description, l.quantity, l.unitPrice, l.amount].map((v) => v ?? '').join(' | ');

const sameLine = (a: repo.LineValues & repo.LineItemRefs, b: repo.LineValues & repo.LineItemRefs) =>
  a.description === b.description &&
  a.quantity === b.quantity &&
  a.unitPrice === b.unitPrice &&
  a.amount === b.amount &&
  (a.itemCode ?? null) === (b.itemCode ?? null) &&
  (a.uom ?? null) === (b.uom ?? null) &&
  (a.serviceDate ?? null) === (b.serviceDate ?? null);

/**
 * Issue 32: the line's item code, unit and service day — as given, else (left out) what the line
 * at that position had while its description is the same, else none.
 */
function withRefs(
  line: SaveLines['lines'][number],
  before: repo.LineRow | undefined,
): repo.LineValues & Required<repo.LineItemRefs> {
  const keep = before !== undefined && before.description === line.description;
  const pick = <K extends 'itemCode' | 'uom' | 'serviceDate'>(key: K) =>
    line[key] !== undefined ? (line[key] ?? null) : keep ? before[key] : null;
  return {
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.amount,
    itemCode: pick('itemCode'),
    uom: pick('uom'),
    serviceDate: pick('serviceDate'),
  };
}

/**
 * PUT /documents/{id}/lineItems: the sender replaces its lines while the document is editable.
 * Lines keep their identity by position (a receiver's coding of line 2 stays on line 2); history
 * records each added, changed and deleted line. One transaction.
 */
export async function saveLineItems(
  db: Db,
  ctx: TenantContext,
  id: number,
  input: SaveLines,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, loaded, 'edit');
    await replaceSenderLines(tx, ctx, loaded, input.lines);
  });
}

/**
 * Replaces the sender's lines of a document the caller may edit, inside the caller's transaction
 * (the line-items save, and the one-step Resubmit for the new version).
 */
export async function replaceSenderLines(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  lines: SaveLines['lines'],
): Promise<void> {
  const id = loaded.document.id;
  const input = { lines };
  if (!loaded.type.lineItemsEnabled) throw noLineItems();
  const old = await repo.findLines(tx, id);
  const history: Parameters<typeof appendHistory>[1] = [];
  const entry = {
    documentId: id,
    companyId: ctx.companyId,
    userId: ctx.userId,
    objectType: 'lineItem',
  } as const;
  const inserts: Parameters<typeof repo.insertLines>[1] = [];
  for (const [i, given] of input.lines.entries()) {
    const lineNumber = i + 1;
    const before = old[i];
    const line = withRefs(given, before);
    if (!before) {
      inserts.push({
        ...line,
        documentId: id,
        ownerCompanyId: loaded.document.ownerCompanyId,
        lineNumber,
      });
      history.push({
        ...entry,
        operationId: HistoryOperation.LineItemAdded,
        rowNumber: lineNumber,
        newValue: summary(line),
      });
    } else if (!sameLine(before, line)) {
      await repo.updateLine(tx, before.id, line);
      history.push({
        ...entry,
        operationId: HistoryOperation.LineItemEdited,
        rowNumber: lineNumber,
        oldValue: summary(before),
        newValue: summary(line),
      });
    }
  }
  const removed = old.slice(input.lines.length);
  await repo.deleteLines(
    tx,
    removed.map((l) => l.id),
  );
  await repo.insertLines(tx, inserts);
  for (const l of removed) {
    history.push({
      ...entry,
      operationId: HistoryOperation.LineItemDeleted,
      rowNumber: l.lineNumber,
      oldValue: summary(l),
    });
  }
  await appendHistory(tx, history);
}

/**
 * PUT /documents/{id}/lineItems/coding: the receiver codes lines on its own side. A coded value
 * must be one of the company's known codes of that kind when it keeps a list for the kind.
 * History says which line was coded, never the codes (the sender reads the same history).
 * Returns the loaded document for the caller (coding rules run on it next).
 */
export async function saveLineCoding(
  tx: Db,
  ctx: TenantContext,
  id: number,
  input: SaveCoding,
): Promise<LoadedDocument> {
  const loaded = await loadDocument(tx, ctx, id, { lock: true });
  const decision = codingDecision(ctx, loaded);
  if (!decision.allowed) {
    if (decision.refusal === 'role') throw forbidden(decision.message);
    throw new AppError(409, 'action_not_allowed', decision.message);
  }
  const lines = await repo.findLines(tx, id);
  const byNumber = new Map(lines.map((l) => [l.lineNumber, l]));
  const seen = new Set<number>();
  for (const l of input.lines) {
    if (seen.has(l.lineNumber)) throw badRequest(lineItemMessages.duplicateLine(l.lineNumber));
    seen.add(l.lineNumber);
    if (!byNumber.has(l.lineNumber)) throw badRequest(lineItemMessages.unknownLine(l.lineNumber));
  }
  const known = await repo.knownCodes(
    tx,
    ctx.companyId,
    codingKinds.map((c) => c.kind),
  );
  const current = await repo.findCoding(tx, ctx.companyId, id);
  const history: Parameters<typeof appendHistory>[1] = [];
  for (const l of input.lines) {
    const line = byNumber.get(l.lineNumber)!;
    const before = current.get(line.id);
    const next = {} as Record<CodingKey, string | null>;
    for (const { kind, key } of codingKinds) {
      const given = l[key];
      let value = given === undefined ? codingValue(before, key) : given;
      const codes = known.get(kind);
      if (value !== null && given !== undefined && codes) {
        const canonical = codes.get(value.toLowerCase());
        if (!canonical) {
          throw badRequest(
            lineItemMessages.unknownCode(
              l.lineNumber,
              accountKindNames[kind as AccountKindId],
              value,
            ),
            'unknown_code',
          );
        }
        value = canonical;
      }
      next[key] = value;
    }
    const changed = codingKinds.some(({ key }) => next[key] !== codingValue(before, key));
    if (!changed) continue;
    await repo.upsertCoding(tx, {
      lineItemId: line.id,
      companyId: ctx.companyId,
      documentId: id,
      ...next,
      updatedByUserId: ctx.userId,
    });
    history.push({
      documentId: id,
      companyId: ctx.companyId,
      userId: ctx.userId,
      objectType: 'lineItem',
      objectName: `Coding (line ${l.lineNumber})`,
      operationId: HistoryOperation.LineItemEdited,
      rowNumber: l.lineNumber,
    });
  }
  await appendHistory(tx, history);
  return loaded;
}

/** GET /accountcodes/{kind}: the company's known codes of a kind, for type-ahead. */
export async function listAccountCodes(
  db: Db,
  ctx: TenantContext,
  kind: number,
  query: string | undefined,
  limit: number,
): Promise<AccountCode[]> {
  return repo.searchAccountCodes(db, ctx.companyId, kind, query, limit);
}
