import { PRODUCT_NAME, documentActionPath, formatUsd, stepOfText } from '@flowline/shared';
import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type MailBlock,
  type RenderedMail,
} from './render-mail';

export interface ApprovalWaitingMailInput {
  publicUrl: string;
  firstName?: string | null;
  documentId: number;
  /** 'waiting': a step starts waiting; 'reminder' / 'escalated': the reminders job. */
  kind: 'waiting' | 'reminder' | 'escalated';
  documentTypeName: string;
  /** The invoice number, or '#id'. */
  documentNumber: string;
  senderCompanyName: string;
  /** The invoice total in cents; null: the invoice has none. */
  totalCents: number | null;
  stepIndex: number;
  stepCount: number;
  /** Who the step waits for, as the chain names them ('Ana Clerk or any Administrator'). */
  approverLabel: string;
  /** The delegators the recipient approves for ('Out of office'), by name. */
  onBehalfOf: string[];
  /** Business days waited (reminder, escalation). */
  waitingDays?: number;
}

/**
 * 'Waiting for your approval' (issue 29 item 4; docs/approvals.md): the invoice, its step, and
 * three buttons — Approve, Reject, Open. The buttons only open Flowline at the document with the
 * action's dialog ready; nothing happens until the signed-in user confirms there. The reminders
 * and the escalation of a waiting step use this template too.
 */
export function approvalWaitingMail(input: ApprovalWaitingMailInput): RenderedMail {
  const label = `${input.documentTypeName} ${input.documentNumber}`;
  const step = stepOfText(input.stepIndex, input.stepCount);
  const link = (action?: 'approve' | 'reject') =>
    `${input.publicUrl}${documentActionPath(input.documentId, action)}`;
  const subject =
    input.kind === 'escalated'
      ? `Escalated: ${label} waits for approval`
      : input.kind === 'reminder'
        ? `Reminder: ${label} waits for your approval`
        : `${label} from ${input.senderCompanyName} waits for your approval`;
  const days = input.waitingDays ?? 0;
  const daysText = `${days} business ${days === 1 ? 'day' : 'days'}`;
  const intro =
    input.kind === 'escalated'
      ? `${label} from ${input.senderCompanyName} has waited ${daysText} for approval and is escalated to the Administrators. You may approve it.`
      : input.kind === 'reminder'
        ? `${label} from ${input.senderCompanyName} has waited ${daysText} for your approval.`
        : `${label} from ${input.senderCompanyName} waits for your approval (${step.toLowerCase()}).`;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    ...(input.onBehalfOf.length
      ? [
          {
            kind: 'paragraph' as const,
            text: `You approve for ${input.onBehalfOf.join(', ')} while they are out of office.`,
          },
        ]
      : []),
    {
      kind: 'details',
      rows: [
        ['Type', input.documentTypeName],
        ['Number', input.documentNumber],
        ['From', input.senderCompanyName],
        ['Amount', input.totalCents === null ? 'No total' : formatUsd(input.totalCents)],
        ['Step', step],
        ['Approvers', input.approverLabel],
      ],
    },
    {
      kind: 'buttons',
      items: [
        { label: 'Approve', url: link('approve'), primary: true },
        { label: 'Reject', url: link('reject') },
        { label: 'Open', url: link() },
      ],
    },
    {
      kind: 'paragraph',
      text: `These links open the invoice in ${PRODUCT_NAME}; nothing is approved or rejected until you confirm there.`,
    },
  ];
  return {
    ...renderMail({
      subject,
      preheader: intro,
      heading: input.kind === 'escalated' ? 'Escalated approval' : 'Waiting for your approval',
      firstName: input.firstName,
      blocks,
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
