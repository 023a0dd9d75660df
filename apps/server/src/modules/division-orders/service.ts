import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import {
  HistoryOperation,
  REMINDER_MIN_INTERVAL_HOURS,
  declineReasonLabels,
  divisionOrderMessages,
  divisionOrderResponseLabels,
  escapeSpreadsheetCell,
  type DivisionOrderListFilter,
  type DivisionOrderPage,
  type DivisionOrderRow,
  type DivisionOrderSettings,
  type RemindResult,
} from '@flowline/shared';
import { assertAdministrator, assertCanChangeData } from '../../auth/policy';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { requireReadableDocument } from '../documents/access';
import { loadArchiver } from '../../platform/heavy-modules';
import { certificateOf } from '../signing/certificate';
import { divisionOrderSettings } from '../../db/schema/index';
import { recordAdminChange } from '../admin-audit/record';
import { appendHistory } from '../document-history/repository';
import {
  mailStatus,
  notifyStatus,
  type StatusNews,
  type WorkflowDeps,
} from '../document-workflow/notify';
import * as documents from '../documents/repository';
import * as repo from './repository';

/**
 * The operator's division-order analyst's view (issue 31 item 4; docs/signing.md "The analyst's
 * view"): the list with its filters, reminders (by hand and by the job), the CSV export and the
 * automatic-reminder setting.
 */

export async function listDivisionOrders(
  db: Db,
  ctx: TenantContext,
  filter: DivisionOrderListFilter,
  now = new Date(),
): Promise<DivisionOrderPage> {
  return repo.findPage(db, ctx.companyId, filter, now);
}

const label = (row: Pick<DivisionOrderRow, 'id' | 'property'>) =>
  `Pending division order #${row.id}${row.property ? ` (${row.property})` : ''}`;

/**
 * One reminder, in one transaction: claimed (at most one a day per order, whoever sends it), a
 * 'Reminder sent' history entry, a notification for each member of the owner company. The mail
 * goes after the commit (mailStatus), like every workflow mail.
 */
async function remindOne(
  db: Db,
  v: {
    row: DivisionOrderRow & { ownerCompanyId: number | null };
    operatorCompanyId: number;
    userId: number | null;
    automatic: boolean;
    now: Date;
  },
): Promise<{ news: StatusNews; memberIds: number[] } | 'tooSoon'> {
  const { row } = v;
  return db.transaction(async (tx) => {
    if (row.ownerCompanyId === null) return 'tooSoon';
    const claimed = await repo.claimReminder(
      tx,
      {
        documentId: row.id,
        operatorCompanyId: v.operatorCompanyId,
        ownerCompanyId: row.ownerCompanyId,
        now: v.now,
      },
      REMINDER_MIN_INTERVAL_HOURS,
    );
    if (!claimed) return 'tooSoon';
    await appendHistory(tx, [
      {
        documentId: row.id,
        companyId: v.operatorCompanyId,
        userId: v.userId,
        objectType: 'document',
        operationId: HistoryOperation.ReminderSent,
        newValue: v.automatic ? 'Automatic reminder' : 'Reminder sent',
        details: null,
      },
    ]);
    const names = await documents.findCompanyNames(tx, [v.operatorCompanyId]);
    const operator = names.get(v.operatorCompanyId) ?? 'The operator';
    const days = row.daysOutstanding ?? 0;
    const news: StatusNews = {
      documentId: row.id,
      toCompanyId: row.ownerCompanyId,
      fromCompanyId: v.operatorCompanyId,
      title: `Reminder: ${label(row)} awaits your response`,
      message: `${operator} reminds you that ${label(row)} awaits your signature or your reason to decline it (sent ${days} day${days === 1 ? '' : 's'} ago).`,
      details: [
        ['Property', row.property ?? ''],
        ['Decimal Interest', row.decimalInterest ?? ''],
        ['Days outstanding', String(days)],
      ],
    };
    return { news, memberIds: await notifyStatus(tx, news) };
  });
}

const refusal = (status: number, code: string, message: string) => ({
  status,
  code,
  message,
});

/** POST /division-orders/remind: each id answered; at most one reminder a day per order. */
export async function remind(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  ids: number[],
  now = new Date(),
): Promise<RemindResult> {
  assertCanChangeData(ctx);
  const rows = await repo.findOwnRows(db, ctx.companyId, ids, now);
  const results: RemindResult['results'] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) {
      results.push({ id, ok: false, error: refusal(404, 'not_found', 'Document not found') });
      continue;
    }
    if (row.response !== 'awaiting') {
      results.push({
        id,
        ok: false,
        error: refusal(409, 'not_awaiting', divisionOrderMessages.notAwaiting),
      });
      continue;
    }
    const done = await remindOne(db, {
      row,
      operatorCompanyId: ctx.companyId,
      userId: ctx.userId,
      automatic: false,
      now,
    });
    if (done === 'tooSoon') {
      results.push({
        id,
        ok: false,
        error: refusal(429, 'reminder_too_soon', divisionOrderMessages.reminderTooSoon),
      });
      continue;
    }
    await mailStatus(db, deps, done.news, done.memberIds);
    results.push({ id, ok: true, error: null });
  }
  const reminded = results.filter((r) => r.ok).length;
  return { results, reminded, refused: results.length - reminded };
}

/**
 * The automatic reminders (the job; `now` is the clock, so tests move it): each due order
 * reminded once, claimed in its own transaction, so two runs — or a run after a restart — never
 * remind an order twice within its interval. Answers how many were sent.
 */
export async function sendAutomaticReminders(
  db: Db,
  deps: WorkflowDeps,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const due of await repo.findDueAutomaticReminders(db, now)) {
    const rows = await repo.findOwnRows(db, due.operatorCompanyId, [due.id], now);
    const row = rows.get(due.id);
    if (!row || row.response !== 'awaiting') continue;
    const done = await remindOne(db, {
      row,
      operatorCompanyId: due.operatorCompanyId,
      userId: null,
      automatic: true,
      now,
    });
    if (done === 'tooSoon') continue;
    await mailStatus(db, deps, done.news, done.memberIds);
    sent += 1;
  }
  return sent;
}

export async function getSettings(db: Db, companyId: number): Promise<DivisionOrderSettings> {
  const [row] = await db
    .select()
    .from(divisionOrderSettings)
    .where(eq(divisionOrderSettings.companyId, companyId));
  return { autoRemindAfterDays: row?.autoRemindAfterDays ?? null };
}

/** PUT /division-orders/settings: Administrators only; recorded in the admin audit. */
export async function setSettings(
  db: Db,
  ctx: TenantContext,
  input: DivisionOrderSettings,
): Promise<DivisionOrderSettings> {
  assertAdministrator(ctx);
  const before = await getSettings(db, ctx.companyId);
  await db.transaction(async (tx) => {
    await tx
      .insert(divisionOrderSettings)
      .values({ companyId: ctx.companyId, autoRemindAfterDays: input.autoRemindAfterDays })
      .onConflictDoUpdate({
        target: divisionOrderSettings.companyId,
        set: { autoRemindAfterDays: input.autoRemindAfterDays, updatedAt: new Date() },
      });
    if (before.autoRemindAfterDays === input.autoRemindAfterDays) return;
    await recordAdminChange(tx, ctx, {
      action: 'divisionorders.settings.updated',
      entityType: 'division_order_settings',
      entityId: ctx.companyId,
      summary: 'Changed the automatic division-order reminders',
      changes: [
        {
          field: 'autoRemindAfterDays',
          old: before.autoRemindAfterDays,
          new: input.autoRemindAfterDays,
        },
      ],
    });
  });
  return getSettings(db, ctx.companyId);
}

const csvHeaders = [
  'Doc #',
  'Owner',
  'Property',
  'Well',
  'Decimal Interest',
  'Effective Date',
  'Sent',
  divisionOrderMessages.response,
  divisionOrderMessages.declineReason,
  'Decline details',
  divisionOrderMessages.daysOutstanding,
  divisionOrderMessages.lastReminded,
  'Reminders',
];

function csvRow(row: DivisionOrderRow): string[] {
  return [
    String(row.id),
    row.owner ?? '',
    row.property ?? '',
    row.well ?? '',
    row.decimalInterest ?? '',
    row.effectiveDate ?? '',
    row.sentAt ?? '',
    divisionOrderResponseLabels[row.response],
    row.declineReason ? declineReasonLabels[row.declineReason] : '',
    row.declineText ?? '',
    row.daysOutstanding === null ? '' : String(row.daysOutstanding),
    row.lastRemindedAt ?? '',
    String(row.reminderCount),
  ];
}

/** GET /division-orders/responses.csv: every row matching the filters, streamed in batches. */
export function exportCsv(
  db: Db,
  ctx: TenantContext,
  filter: Partial<DivisionOrderListFilter>,
  now = new Date(),
): Readable {
  async function* lines() {
    yield `\uFEFF${stringify([csvHeaders])}`;
    for await (const rows of repo.allRows(db, ctx.companyId, filter, now)) {
      yield stringify(rows.map((row) => csvRow(row).map(escapeSpreadsheetCell)));
    }
  }
  return Readable.from(lines());
}

/**
 * POST /division-orders/signed.zip: the selected orders must all be this operator's and returned
 * signed (checked before anything is sent: 404 / 409 naming the order); then one zip streamed
 * with each signed PDF (read from the blob store as a stream) and its certificate of completion.
 */
export async function signedZip(
  db: Db,
  blobStore: BlobStore,
  config: Pick<AppConfig, 'dataDir' | 'dataEncryptionKeys' | 'signing'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  ctx: TenantContext,
  ids: number[],
): Promise<Readable> {
  const rows = await repo.findOwnRows(db, ctx.companyId, ids, new Date());
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) throw notFound(`Division order #${id} was not found.`, 'not_found');
    if (row.response !== 'signed') {
      throw new AppError(409, 'not_signed', `#${id}: ${divisionOrderMessages.notSigned}`);
    }
  }
  const files = await Promise.all(ids.map((id) => requireReadableDocument(db, ctx.companyId, id)));
  // Loaded on first use: a zip is rare, the package need not sit in every idle process.
  const archiver = await loadArchiver();
  const zip = archiver('zip', { zlib: { level: 6 } });
  const used = new Set<string>();
  const entryName = (base: string) => {
    let name = base;
    for (let n = 2; used.has(name); n++) name = base.replace(/(\.pdf)$/i, ` (${n})$1`);
    used.add(name);
    return name;
  };
  // Entries are added one after the other, each file opened only when its turn comes.
  void (async () => {
    try {
      for (const { document } of files) {
        const row = rows.get(document.id)!;
        const stem = safeName(`${document.id} ${row.property ?? ''}`.trim());
        const file = await blobStore.get(document.fileKey);
        zip.append(file, { name: entryName(`${stem}.pdf`) });
        await once(file, 'end');
        const certificate = await certificateOf(db, blobStore, config, ctx, document.id);
        zip.append(Buffer.from(certificate.pdf), {
          name: entryName(`${stem} - certificate of completion.pdf`),
        });
      }
      await zip.finalize();
    } catch (error) {
      log.error({ err: error }, 'the signed division orders zip failed');
      zip.destroy(error as Error);
    }
  })();
  return zip;
}

/** A file name without path separators or control characters, at most 120 characters. */
function safeName(text: string): string {
  return [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}
