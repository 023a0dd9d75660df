import {
  DocumentTemplate,
  DocumentTypeId,
  RouteStatus,
  UserType,
  type RouteStatusId,
} from '../ids';
import { routeStatusName } from '../schemas/documents';
import { canChangeData } from './roles';

/**
 * The route-status transition table (issue 12 item 1; docs/document-workflow.md). Each company
 * holds its own route to a document; a move by either side sets the status on both routes, so
 * the sender sees the receiver's status. One table for the screen (which actions it offers) and
 * the server (which calls it accepts: 403 for a role, 409 for a move the status does not allow).
 */

export type WorkflowSide = 'sent' | 'received';

/** Which documents a move applies to. */
type Applies = 'invoice' | 'invoiceOrTicket' | 'arInvoice' | 'pendingDivisionOrder' | 'any';

export type WorkflowAction =
  | 'send'
  | 'view'
  | 'approve'
  | 'reject'
  | 'recordPayment'
  | 'resubmit'
  | 'return'
  | 'hold'
  | 'releaseHold'
  | 'dispute'
  | 'assign';

export interface WorkflowTransition {
  action: WorkflowAction;
  side: WorkflowSide;
  applies: Applies;
  /** Statuses the move starts from; null is a document never sent (shown as New). */
  from: readonly (RouteStatusId | null)[];
  /** The status after the move ('computed': decided by the move, e.g. a payment). */
  to: RouteStatusId | 'computed';
  /** False: any member may cause it (opening a document); true: not ReadOnly members. */
  changesData: boolean;
  /** Global (support) users act for Flowline, never for the company: not allowed when false. */
  globalAllowed: boolean;
}

const {
  Sent,
  Received,
  Approved,
  Paid,
  Rejected,
  Resubmitted,
  New,
  Pending,
  Returned,
  Viewed,
  OnHold,
  Disputed,
} = RouteStatus;

export const WORKFLOW_TRANSITIONS: readonly WorkflowTransition[] = [
  // The owner sends a new upload: Sent on its side, Received (pending division orders: New) on
  // the receiver's.
  {
    action: 'send',
    side: 'sent',
    applies: 'any',
    from: [null, New, Pending],
    to: Sent,
    changesData: true,
    globalAllowed: true,
  },
  // The receiver's first open by one of its own users.
  {
    action: 'view',
    side: 'received',
    applies: 'invoiceOrTicket',
    from: [Received],
    to: Viewed,
    changesData: false,
    globalAllowed: false,
  },
  // Approving a disputed invoice resolves the dispute (issue 29 item 2); a held one is released
  // first ('Release hold'), so a hold really stops the chain. A received field ticket is approved
  // (the work was done) or disputed the same way (issue 32; docs/field-tickets.md).
  {
    action: 'approve',
    side: 'received',
    applies: 'invoiceOrTicket',
    from: [Received, Viewed, Disputed],
    to: Approved,
    changesData: true,
    globalAllowed: false,
  },
  {
    action: 'reject',
    side: 'received',
    applies: 'invoice',
    from: [Received, Viewed, Approved, OnHold, Disputed],
    to: Rejected,
    changesData: true,
    globalAllowed: false,
  },
  // Put on hold (issue 29 item 2): the receiver's route only; the sender keeps Received/Viewed.
  {
    action: 'hold',
    side: 'received',
    applies: 'invoice',
    from: [Received, Viewed],
    to: OnHold,
    changesData: true,
    globalAllowed: false,
  },
  // Release hold: back to the status the sender's route kept (Received or Viewed).
  {
    action: 'releaseHold',
    side: 'received',
    applies: 'invoice',
    from: [OnHold],
    to: 'computed',
    changesData: true,
    globalAllowed: false,
  },
  // Dispute (a comment is required): both routes, the vendor sees 'Disputed' and the comment.
  {
    action: 'dispute',
    side: 'received',
    applies: 'invoiceOrTicket',
    from: [Received, Viewed, OnHold],
    to: Disputed,
    changesData: true,
    globalAllowed: false,
  },
  // Assign to (issue 29 item 5): the waiting approval step goes to a named user; the status stays
  // (a held invoice may be assigned too: whoever gets it releases the hold).
  {
    action: 'assign',
    side: 'received',
    applies: 'invoice',
    from: [Received, Viewed, Disputed, OnHold],
    to: 'computed',
    changesData: true,
    globalAllowed: false,
  },
  // Payments (and their cancellations) on an approved invoice: Paid once they cover the total,
  // back to Approved when a cancellation uncovers it.
  {
    action: 'recordPayment',
    side: 'received',
    applies: 'invoice',
    from: [Approved, Paid],
    to: 'computed',
    changesData: true,
    globalAllowed: false,
  },
  // The sender resubmits a rejected invoice in one step (issue 27 item 5): the old version's
  // routes become Resubmitted and its corrected next version is sent at once (validated like
  // Send: Sent for the sender, Received for the receiver). Replace file is its first step.
  {
    action: 'resubmit',
    side: 'sent',
    applies: 'invoice',
    // A disputed invoice may be answered with a corrected version too (issue 29 item 2).
    from: [Rejected, Disputed],
    to: Resubmitted,
    changesData: true,
    globalAllowed: true,
  },
  // The owner returns a pending division order, signed or unsigned (issue 13).
  {
    action: 'return',
    side: 'received',
    applies: 'pendingDivisionOrder',
    from: [New, null],
    to: Returned,
    changesData: true,
    globalAllowed: false,
  },
];

export const workflowMessages = {
  roleRefused: 'Your role does not allow this action.',
  globalRefused: 'Support users cannot act for the company.',
  approveNotAllowed: (status: string) => `A document in status ${status} cannot be approved.`,
  rejectNotAllowed: (status: string) => `A document in status ${status} cannot be rejected.`,
  holdNotAllowed: (status: string) => `A document in status ${status} cannot be put on hold.`,
  releaseNotAllowed: 'This invoice is not on hold.',
  disputeNotAllowed: (status: string) => `A document in status ${status} cannot be disputed.`,
  assignNotAllowed: (status: string) =>
    `The approval of a document in status ${status} cannot be assigned.`,
  commentRequired: 'A comment is required',
  heldOn: 'Invoice put on hold',
  released: 'Hold released',
  disputed: 'Invoice disputed',
  paymentNotAllowed: 'Payments can be recorded only for an approved invoice.',
  notApplicable: 'This action does not apply to this document.',
  notYourSide: 'Only the receiving company can do this.',
  reasonRequired: 'A reason is required',
  approved: 'Document Approved',
  rejected: 'Document Rejected',
  bulkApproved: (n: number) => `${n} ${n === 1 ? 'document' : 'documents'} approved`,
  bulkPartly: (ok: number, refused: number) => `${ok} approved, ${refused} could not be approved`,
  bulkHeld: (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'} put on hold`,
  bulkHeldPartly: (ok: number, refused: number) =>
    `${ok} put on hold, ${refused} could not be put on hold`,
  bulkAssigned: (n: number, name: string) =>
    `${n} ${n === 1 ? 'invoice' : 'invoices'} assigned to ${name}`,
  bulkAssignedPartly: (ok: number, refused: number, name: string) =>
    `${ok} assigned to ${name}, ${refused} could not be assigned`,
  paymentAdded: 'Payment added',
  amountRequired: 'Amount is required',
  amountNumeric: 'Amount must be numeric',
  cancellationTooLarge: 'A cancellation cannot exceed what was paid.',
} as const;

export function isInvoiceDocument(templateId: number, documentTypeId?: number): boolean {
  return (
    templateId === DocumentTemplate.Invoice ||
    templateId === DocumentTemplate.ArInvoice ||
    documentTypeId === DocumentTypeId.ArInvoice
  );
}

/** A vendor's field ticket (issue 32 item 2): approved or disputed by the operator. */
export function isFieldTicketDocument(templateId: number, documentTypeId?: number): boolean {
  return (
    templateId === DocumentTemplate.FieldTicket || documentTypeId === DocumentTypeId.FieldTicket
  );
}

function applies(kind: Applies, templateId: number, documentTypeId?: number): boolean {
  switch (kind) {
    case 'any':
      return true;
    case 'invoice':
      return isInvoiceDocument(templateId, documentTypeId);
    case 'invoiceOrTicket':
      return (
        isInvoiceDocument(templateId, documentTypeId) ||
        isFieldTicketDocument(templateId, documentTypeId)
      );
    case 'arInvoice':
      return (
        templateId === DocumentTemplate.ArInvoice || documentTypeId === DocumentTypeId.ArInvoice
      );
    case 'pendingDivisionOrder':
      return templateId === DocumentTemplate.PendingDivisionOrder;
  }
}

export interface WorkflowInput {
  action: WorkflowAction;
  templateId: number;
  documentTypeId?: number;
  /** This company's route status (null: never sent). */
  routeStatusId: number | null | undefined;
  side: WorkflowSide;
  userType: number;
  roles: readonly number[];
}

export type WorkflowDecision =
  | { allowed: true; to: RouteStatusId | 'computed' }
  /** 'role': 403 (who is asking); 'state': 409 (what the document is). */
  | { allowed: false; refusal: 'role' | 'state'; message: string };

function stateMessage(action: WorkflowAction, status: number | null | undefined): string {
  const name = routeStatusName(status);
  switch (action) {
    case 'approve':
      return workflowMessages.approveNotAllowed(name);
    case 'reject':
      return workflowMessages.rejectNotAllowed(name);
    case 'recordPayment':
      return workflowMessages.paymentNotAllowed;
    case 'hold':
      return workflowMessages.holdNotAllowed(name);
    case 'releaseHold':
      return workflowMessages.releaseNotAllowed;
    case 'dispute':
      return workflowMessages.disputeNotAllowed(name);
    case 'assign':
      return workflowMessages.assignNotAllowed(name);
    default:
      return workflowMessages.notApplicable;
  }
}

/** Whether this user of this side may make this move now, and where it leads. */
export function decideWorkflowMove(input: WorkflowInput): WorkflowDecision {
  const transition = WORKFLOW_TRANSITIONS.find((t) => t.action === input.action);
  if (!transition || !applies(transition.applies, input.templateId, input.documentTypeId)) {
    return { allowed: false, refusal: 'state', message: workflowMessages.notApplicable };
  }
  if (transition.side !== input.side) {
    return { allowed: false, refusal: 'role', message: workflowMessages.notYourSide };
  }
  if (!transition.globalAllowed && input.userType === UserType.Global) {
    return { allowed: false, refusal: 'role', message: workflowMessages.globalRefused };
  }
  if (transition.changesData && !canChangeData({ roles: input.roles, userType: input.userType })) {
    return { allowed: false, refusal: 'role', message: workflowMessages.roleRefused };
  }
  const status = (input.routeStatusId ?? null) as RouteStatusId | null;
  if (!transition.from.includes(status)) {
    return { allowed: false, refusal: 'state', message: stateMessage(input.action, status) };
  }
  return { allowed: true, to: transition.to };
}

export type ReceiverWorkflowActions = Record<
  'approve' | 'reject' | 'recordPayment' | 'hold' | 'releaseHold' | 'dispute',
  boolean
>;

/** What the receiving side's screen offers (the owner's actions live in availableDocumentActions). */
export function availableReceiverActions(
  input: Omit<WorkflowInput, 'action'>,
): ReceiverWorkflowActions {
  const may = (action: WorkflowAction) => decideWorkflowMove({ ...input, action }).allowed;
  return {
    approve: may('approve'),
    reject: may('reject'),
    recordPayment: may('recordPayment'),
    hold: may('hold'),
    releaseHold: may('releaseHold'),
    dispute: may('dispute'),
  };
}

/**
 * The receiver's status after Release hold, read from the sender's route (a hold never touches
 * it): Viewed when the sender's says Viewed, otherwise (Sent) the invoice was never opened and is
 * Received again.
 */
export function statusAfterRelease(senderStatus: number | null | undefined): RouteStatusId {
  return senderStatus === Viewed ? Viewed : Received;
}

/** Whether the payments tab exists (spec 1 §2: AR invoice types only). */
export function hasPaymentsTab(templateId: number, documentTypeId?: number): boolean {
  return applies('arInvoice', templateId, documentTypeId);
}

/**
 * The status after a payment or cancellation: Paid once the payments cover the total (compared
 * in cents), otherwise Approved. Without a total, any positive balance counts as paid.
 */
export function statusAfterPayments(paidCents: number, totalCents: number | null): RouteStatusId {
  if (totalCents === null) return paidCents > 0 ? Paid : Approved;
  return paidCents >= totalCents && paidCents > 0 ? Paid : Approved;
}
