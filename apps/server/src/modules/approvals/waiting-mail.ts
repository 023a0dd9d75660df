import {
  chainApproverIds,
  MetadataKey,
  NotificationType,
  stepOfText,
  type ApprovalChain,
} from '@flowline/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTenantScope } from '../../db/tenant-scope';
import { approvalWaitingMail } from '../../platform/mail/templates/index';
import { rowsOf } from '../document-lists/sql-fragments';
import { documentTotalCents } from '../document-workflow/repository';
import type { WorkflowDeps } from '../document-workflow/notify';
import * as documents from '../documents/repository';
import { businessMailRecipients } from '../preferences/email-recipients';
import { approvingPeople, delegationsFrom, membersWithRole } from './delegations';

/**
 * 'Waiting for your approval' (issue 29 item 4; docs/approvals.md). When a step of an invoice's
 * approval chain starts waiting — the invoice arrives, or the step before is approved (by a
 * person or a coding rule) — the people it waits for get a mail with Approve / Reject / Open;
 * the reminders and the escalation of the step send the same mail. Who and what is read inside
 * the move's transaction (findWaitingApproval); the mails go after the commit
 * (mailWaitingApproval), to those who receive business mail.
 */

export type WaitingKind = 'waiting' | 'reminder' | 'escalated';

export interface WaitingRecipient {
  userId: number;
  /** The delegators this recipient approves for today ('Out of office'), by name. */
  onBehalfOf: string[];
}

export interface WaitingApproval {
  documentId: number;
  companyId: number;
  kind: WaitingKind;
  typeName: string;
  number: string;
  sender: string;
  totalCents: number | null;
  stepIndex: number;
  stepCount: number;
  approverLabel: string;
  waitingDays?: number;
  recipients: WaitingRecipient[];
}

interface ChainRow {
  chain: ApprovalChain;
  waiting_step: number | null;
  waiting_user_ids: number[];
  waiting_role_id: number | null;
}

interface DocumentRow {
  type: string;
  number: string | null;
  sender: string | null;
  created_by_user_id: number | null;
}

/**
 * The people the waiting step waits for now: its users and its role's members (active people
 * who may approve), plus `extraUserIds` (an escalation's Administrators), then the delegates of
 * those who are out of office today. Nobody who already approved a step of this chain (one person
 * never approves two) and not the invoice's submitter (a user in both companies).
 */
async function recipientsOf(
  db: Db,
  companyId: number,
  row: ChainRow,
  excluded: Set<number>,
  extraUserIds: number[],
  now: Date,
): Promise<WaitingRecipient[]> {
  const byRole =
    row.waiting_role_id === null ? [] : await membersWithRole(db, companyId, row.waiting_role_id);
  const named = await approvingPeople(db, companyId, [
    ...row.waiting_user_ids,
    ...byRole,
    ...extraUserIds,
  ]);
  const approvers = named.filter((m) => !excluded.has(m.userId));
  const recipients = new Map<number, WaitingRecipient>(
    approvers.map((m) => [m.userId, { userId: m.userId, onBehalfOf: [] }]),
  );
  const names = new Map(approvers.map((m) => [m.userId, m.name]));
  const delegations = await delegationsFrom(
    db,
    companyId,
    approvers.map((m) => m.userId),
    now,
  );
  const delegates = await approvingPeople(
    db,
    companyId,
    delegations.map((d) => d.toUserId),
  );
  const mayDelegate = new Set(delegates.map((m) => m.userId).filter((id) => !excluded.has(id)));
  for (const d of delegations) {
    if (!mayDelegate.has(d.toUserId)) continue;
    const r = recipients.get(d.toUserId) ?? { userId: d.toUserId, onBehalfOf: [] };
    const name = names.get(d.fromUserId);
    if (name && !r.onBehalfOf.includes(name)) r.onBehalfOf.push(name);
    recipients.set(d.toUserId, r);
  }
  return [...recipients.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * Inside the move's transaction (any scope: it acts for the receiver): the invoice's waiting
 * step and who it waits for, or null when no step waits or it waits for nobody in particular
 * (a step open to any user, no policy).
 */
export async function findWaitingApproval(
  tx: Db,
  companyId: number,
  documentId: number,
  opts: { kind?: WaitingKind; extraUserIds?: number[]; waitingDays?: number; now?: Date } = {},
): Promise<WaitingApproval | null> {
  return withTenantScope(companyId, async () => {
    const [row] = rowsOf<ChainRow>(
      await tx.execute(sql`
        SELECT chain, waiting_step, waiting_user_ids, waiting_role_id
        FROM document_approval_chains
        WHERE document_id = ${documentId} AND company_id = ${companyId}`),
    );
    if (!row || row.waiting_step === null) return null;
    const step = row.chain.steps[row.waiting_step];
    if (!step) return null;
    const [doc] = rowsOf<DocumentRow>(
      await tx.execute(sql`
        SELECT dt.name AS type, nullif(r.list_values ->> ${MetadataKey.number}::text, '') AS number,
          c.name AS sender, d.created_by_user_id
        FROM document_routes r
        JOIN document_types dt ON dt.id = r.document_type_id
        JOIN documents d ON d.id = r.document_id
        LEFT JOIN companies c ON c.id = d.owner_company_id
        WHERE r.document_id = ${documentId} AND r.company_id = ${companyId}
          AND r.side = 'received'
        LIMIT 1`),
    );
    if (!doc) return null;
    const excluded = chainApproverIds(row.chain);
    if (doc.created_by_user_id !== null) excluded.add(doc.created_by_user_id);
    const recipients = await recipientsOf(
      tx,
      companyId,
      row,
      excluded,
      opts.extraUserIds ?? [],
      opts.now ?? new Date(),
    );
    if (recipients.length === 0) return null;
    return {
      documentId,
      companyId,
      kind: opts.kind ?? 'waiting',
      typeName: doc.type,
      number: doc.number ?? `#${documentId}`,
      sender: doc.sender ?? '',
      totalCents: await documentTotalCents(tx, documentId),
      stepIndex: row.waiting_step,
      stepCount: row.chain.steps.length,
      approverLabel: step.approverLabel,
      ...(opts.waitingDays === undefined ? {} : { waitingDays: opts.waitingDays }),
      recipients,
    };
  });
}

/** 'AR Invoice INV-1001 waits for your approval (step 2 of 2)', for the notification bell. */
export function waitingTitle(w: WaitingApproval) {
  return `${w.typeName} ${w.number} waits for your approval`;
}

/**
 * In the transaction: a notification for each recipient (a step moved on; on arrival the
 * 'New …' notification already tells every member).
 */
export async function notifyWaitingApproval(tx: Db, w: WaitingApproval | null) {
  if (!w) return;
  await withTenantScope(w.companyId, () =>
    documents.insertNotifications(
      tx,
      w.recipients.map((r) => ({
        companyId: w.companyId,
        userId: r.userId,
        sourceCompanyId: w.companyId,
        notificationTypeId: NotificationType.Regular,
        title: waitingTitle(w),
        message: `${w.typeName} ${w.number} from ${w.sender}: ${stepOfText(w.stepIndex, w.stepCount).toLowerCase()} waits for your approval.`,
        actionId: 'openDocument',
        actionData: String(w.documentId),
      })),
    ),
  );
}

/**
 * After the commit: the mail to each recipient who receives business mail (people who signed in,
 * not opted out). Sent at once, not held for the notification digest: a digest line has one
 * link, and this mail is the approver's task with its three buttons. A failure is logged only.
 */
export async function mailWaitingApproval(
  db: Db,
  deps: WorkflowDeps,
  w: WaitingApproval | null,
): Promise<void> {
  if (!w) return;
  try {
    const onBehalfOf = new Map(w.recipients.map((r) => [r.userId, r.onBehalfOf]));
    for (const r of await businessMailRecipients(db, [...onBehalfOf.keys()])) {
      const mail = approvalWaitingMail({
        publicUrl: deps.config.publicUrl,
        firstName: r.firstName,
        documentId: w.documentId,
        kind: w.kind,
        documentTypeName: w.typeName,
        documentNumber: w.number,
        senderCompanyName: w.sender,
        totalCents: w.totalCents,
        stepIndex: w.stepIndex,
        stepCount: w.stepCount,
        approverLabel: w.approverLabel,
        onBehalfOf: onBehalfOf.get(r.userId) ?? [],
        ...(w.waitingDays === undefined ? {} : { waitingDays: w.waitingDays }),
      });
      await deps.mailer.send({ to: [r.emailAddress], ...mail, companyId: w.companyId });
    }
  } catch (err) {
    deps.log.error({ err, documentId: w.documentId }, 'could not send the approval mails');
  }
}

/** The members a 'document received' mail still goes to: the approvers have theirs. */
export function withoutWaitingRecipients(memberIds: number[], w: WaitingApproval | null) {
  if (!w) return memberIds;
  const mailed = new Set(w.recipients.map((r) => r.userId));
  return memberIds.filter((id) => !mailed.has(id));
}
