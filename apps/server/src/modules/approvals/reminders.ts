import {
  approvableStatuses,
  businessDaysBetween,
  HistoryOperation,
  MetadataKey,
  NotificationType,
  Role,
  awaitingApprovalText,
  withEscalation,
  type ApprovalChain,
} from '@flowline/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTenantScope } from '../../db/tenant-scope';
import { appendHistory } from '../document-history/repository';
import * as documents from '../documents/repository';
import type { WorkflowDeps } from '../document-workflow/notify';
import { rowsOf } from '../document-lists/sql-fragments';
import { membersWithRole } from './delegations';
import { updateChain } from './repository';
import { findWaitingApproval, mailWaitingApproval } from './waiting-mail';

/**
 * Reminders and escalation of waiting approvals (issue 29 item 3; docs/approvals.md): a step that
 * waits N business days (the company's setting) reminds its approvers once; after M days it
 * escalates — the company's Administrators may approve it too, and are told. Run by the job
 * engine every hour with the clock given (tests move it); what was sent is in the chain's row
 * (reminded_at, escalated_at), claimed in a transaction, so a restart or a second worker sends
 * nothing twice. A step that starts waiting starts both clocks again.
 */

interface Due {
  documentId: number;
  companyId: number;
  waitingSince: Date;
  remindAfterDays: number | null;
  escalateAfterDays: number | null;
  reminded: boolean;
  escalated: boolean;
}

/** Chains waiting at least the setting's days in calendar days (the business-day test follows). */
async function findDue(db: Db, now: Date, limit: number): Promise<Due[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    SELECT c.document_id, c.company_id, c.waiting_since, s.remind_after_days, s.escalate_after_days,
      c.reminded_at IS NOT NULL AS reminded, c.escalated_at IS NOT NULL AS escalated
    FROM approval_settings s
    JOIN document_approval_chains c ON c.company_id = s.company_id AND c.waiting_step IS NOT NULL
    JOIN document_routes r ON r.document_id = c.document_id AND r.company_id = c.company_id
      AND r.side = 'received'
      AND r.route_status_id IN (${sql.join(
        approvableStatuses.map((st) => sql`${st}`),
        sql`, `,
      )})
    JOIN documents d ON d.id = c.document_id AND d.deleted_at IS NULL
    WHERE (s.remind_after_days IS NOT NULL AND c.reminded_at IS NULL
        AND c.waiting_since <= ${at}::timestamptz - make_interval(days => s.remind_after_days))
      OR (s.escalate_after_days IS NOT NULL AND c.escalated_at IS NULL
        AND c.waiting_since <= ${at}::timestamptz - make_interval(days => s.escalate_after_days))
    ORDER BY c.waiting_since
    LIMIT ${limit}`);
  return rowsOf<{
    document_id: number;
    company_id: number;
    waiting_since: string | Date;
    remind_after_days: number | null;
    escalate_after_days: number | null;
    reminded: boolean;
    escalated: boolean;
  }>(result).map((r) => ({
    documentId: Number(r.document_id),
    companyId: Number(r.company_id),
    waitingSince: new Date(r.waiting_since),
    remindAfterDays: r.remind_after_days,
    escalateAfterDays: r.escalate_after_days,
    reminded: r.reminded,
    escalated: r.escalated,
  }));
}

type Move = 'remind' | 'escalate';

function moveFor(due: Due, now: Date): Move | null {
  const waited = businessDaysBetween(due.waitingSince, now);
  if (!due.escalated && due.escalateAfterDays !== null && waited >= due.escalateAfterDays) {
    return 'escalate';
  }
  if (!due.reminded && due.remindAfterDays !== null && waited >= due.remindAfterDays) {
    return 'remind';
  }
  return null;
}

/**
 * One due chain in one transaction: lock its row, check it still waits as found, claim the move,
 * write the history and the notifications. The mails go after the commit.
 */
async function handle(db: Db, due: Due, move: Move, now: Date) {
  return db.transaction(async (tx) => {
    const locked = rowsOf<{
      chain: ApprovalChain;
      waiting_user_ids: number[];
      waiting_role_id: number | null;
      waiting_since: string | Date;
    }>(
      await tx.execute(sql`
        SELECT chain, waiting_user_ids, waiting_role_id, waiting_since
        FROM document_approval_chains
        WHERE document_id = ${due.documentId} AND waiting_step IS NOT NULL
          AND ${move === 'escalate' ? sql`escalated_at IS NULL` : sql`reminded_at IS NULL`}
        FOR UPDATE`),
    )[0];
    if (!locked || new Date(locked.waiting_since).getTime() !== due.waitingSince.getTime()) {
      return null;
    }
    let chain = locked.chain;
    if (move === 'escalate') {
      const admins = await membersWithRole(tx, due.companyId, Role.Administrator);
      chain = withEscalation(chain, admins);
      await updateChain(tx, due.documentId, chain);
      // An escalation is also the reminder: the step's approvers hear it once, with the admins.
      await tx.execute(sql`
        UPDATE document_approval_chains
        SET escalated_at = ${now.toISOString()}::timestamptz,
          reminded_at = coalesce(reminded_at, ${now.toISOString()}::timestamptz)
        WHERE document_id = ${due.documentId}`);
    } else {
      await tx.execute(sql`
        UPDATE document_approval_chains SET reminded_at = ${now.toISOString()}::timestamptz
        WHERE document_id = ${due.documentId}`);
    }
    const days = businessDaysBetween(due.waitingSince, now);
    // Who the step waits for now (its users, its role's members, an escalation's Administrators,
    // their delegates): the same people and the same mail as when the step started waiting.
    const waiting = await findWaitingApproval(tx, due.companyId, due.documentId, {
      kind: move === 'escalate' ? 'escalated' : 'reminder',
      waitingDays: days,
      now,
    });
    const awaiting = awaitingApprovalText(chain) ?? '';
    await appendHistory(tx, [
      {
        documentId: due.documentId,
        companyId: due.companyId,
        userId: null,
        objectType: 'document',
        operationId:
          move === 'escalate'
            ? HistoryOperation.ApprovalEscalated
            : HistoryOperation.ApprovalReminder,
        newValue: awaiting,
        details: null,
      },
    ]);
    const label = await documentLabelOf(tx, due.documentId);
    await documents.insertNotifications(
      tx,
      (waiting?.recipients ?? []).map(({ userId }) => ({
        companyId: due.companyId,
        userId,
        sourceCompanyId: due.companyId,
        notificationTypeId: NotificationType.Regular,
        title:
          move === 'escalate'
            ? `Escalated: ${label} waits for approval`
            : `Reminder: ${label} waits for your approval`,
        message:
          move === 'escalate'
            ? `${label} has waited ${days} business days for approval and is escalated to the Administrators. ${awaiting}.`
            : `${label} has waited ${days} business days for your approval. ${awaiting}.`,
        actionId: 'openDocument',
        actionData: String(due.documentId),
      })),
    );
    return { waiting };
  });
}

/** 'AR Invoice INV-1001', from the receiver's list values. */
async function documentLabelOf(db: Db, documentId: number) {
  const [row] = rowsOf<{ type: string; number: string | null }>(
    await db.execute(sql`
      SELECT dt.name AS type, nullif(r.list_values ->> ${MetadataKey.number}::text, '') AS number
      FROM document_routes r JOIN document_types dt ON dt.id = r.document_type_id
      WHERE r.document_id = ${documentId} AND r.side = 'received' LIMIT 1`),
  );
  return `${row?.type ?? 'Document'} ${row?.number ?? `#${documentId}`}`;
}

/**
 * The job's work (the clock is `now`): every due chain reminded or escalated once. Answers how
 * many reminders and escalations went out.
 */
export async function sendApprovalReminders(
  db: Db,
  deps: WorkflowDeps,
  now = new Date(),
): Promise<{ reminded: number; escalated: number }> {
  const counts = { reminded: 0, escalated: 0 };
  for (const due of await findDue(db, now, 500)) {
    const move = moveFor(due, now);
    if (!move) continue;
    const done = await withTenantScope(due.companyId, () => handle(db, due, move, now));
    if (!done) continue;
    await mailWaitingApproval(db, deps, done.waiting);
    if (move === 'escalate') counts.escalated += 1;
    else counts.reminded += 1;
  }
  return counts;
}
