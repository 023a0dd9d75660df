/**
 * Audit-history operations (spec 1 §9: each maps to an icon and a label). The ids are ours and
 * fixed; `category` drives the history filter tabs: Updates (Edit), Workflow, Views (Read).
 */
export type HistoryCategory = 'Edit' | 'Workflow' | 'Read';

export interface HistoryOperationInfo {
  id: number;
  name: string;
  label: string;
  category: HistoryCategory;
  /** Name of the MUI icon the screen shows (mapped to a component in the web app). */
  icon: string;
}

export const HistoryOperation = {
  Create: 1,
  Edit: 2,
  Read: 3,
  Publish: 4,
  Receive: 5,
  CancelPublish: 6,
  Approve: 7,
  Reject: 8,
  RejectToSystem: 9,
  Pay: 10,
  PaymentCancelled: 11,
  Resubmit: 12,
  ReplaceFile: 13,
  Delete: 14,
  Cancel: 15,
  Close: 16,
  AttachmentAdded: 17,
  AttachmentDeleted: 18,
  LineItemAdded: 19,
  LineItemEdited: 20,
  LineItemDeleted: 21,
  ReturnSigned: 22,
  ReturnUnsigned: 23,
  Download: 24,
  AutoExtraction: 25,
  TextExtraction: 26,
  MarkUnread: 27,
  StatusChanged: 28,
  /** Sent although it looked like an invoice already sent (issue 12 item 7). */
  PossibleDuplicate: 29,
  /** One step of an approval chain approved, more to come (issue 29; internal). */
  ApproveStep: 30,
  /** Pulled by the receiving company's ERP through the export feed (issue 30 item 4). */
  ExportedToErp: 40,
  /** The operator reminded the owner of a division order awaiting its response (issue 31). */
  ReminderSent: 41,
  /** Arrived as an e-mail attachment at the company's inbound address (issue 30 item 3). */
  ReceivedByEmail: 46,
  /** The receiver put an invoice on hold / released it (issue 29 item 2; internal). */
  PutOnHold: 42,
  ReleaseHold: 43,
  /** The receiver disputed an invoice (issue 29 item 2; shared: the comment is the vendor's). */
  Dispute: 44,
  /** A waiting approval step escalated to the Administrators / reminded (issue 29; internal). */
  ApprovalEscalated: 47,
  ApprovalReminder: 48,
  /** A waiting approval step assigned to a named user (issue 29 item 5 'Assign to'; internal). */
  ApprovalAssigned: 49,
  /** A field ticket signed at the wellsite by the operator's representative (issue 32 item 2). */
  FieldTicketSigned: 50,
  /** An AR invoice made from field tickets, and each ticket it bills (issue 32 item 3; vendor). */
  InvoicedFromTickets: 51,
  FieldTicketBilled: 52,
  /** The three-way match found exceptions on arrival / a difference was accepted (issue 32;
   * internal to the operator). */
  MatchExceptions: 60,
  MatchAccepted: 61,
  /** The match run again after the operator changed the invoice's coding (internal). */
  MatchRerun: 62,
} as const;
export type HistoryOperationId = (typeof HistoryOperation)[keyof typeof HistoryOperation];

const op = (
  id: HistoryOperationId,
  name: string,
  label: string,
  category: HistoryCategory,
  icon: string,
): HistoryOperationInfo => ({ id, name, label, category, icon });

export const historyOperations: readonly HistoryOperationInfo[] = [
  op(1, 'Create', 'New version created', 'Workflow', 'NoteAdd'),
  op(2, 'Edit', 'Field updated', 'Edit', 'Edit'),
  op(3, 'Read', 'Viewed', 'Read', 'Visibility'),
  op(4, 'Publish', 'Sent', 'Workflow', 'Send'),
  op(5, 'Receive', 'Received', 'Workflow', 'MoveToInbox'),
  op(6, 'CancelPublish', 'Send cancelled', 'Workflow', 'CancelScheduleSend'),
  op(7, 'Approve', 'Approved', 'Workflow', 'CheckCircle'),
  op(8, 'Reject', 'Rejected', 'Workflow', 'Cancel'),
  op(9, 'RejectToSystem', 'Rejected to System', 'Workflow', 'Block'),
  op(10, 'Pay', 'Payment added', 'Workflow', 'Payments'),
  op(11, 'PaymentCancelled', 'Payment cancelled', 'Workflow', 'MoneyOff'),
  op(12, 'Resubmit', 'Resubmitted', 'Workflow', 'Replay'),
  op(13, 'ReplaceFile', 'File replaced', 'Workflow', 'FindReplace'),
  op(14, 'Delete', 'Deleted', 'Workflow', 'Delete'),
  op(15, 'Cancel', 'Cancelled', 'Workflow', 'DoDisturbOn'),
  op(16, 'Close', 'Closed', 'Workflow', 'Close'),
  op(17, 'AttachmentAdded', 'Attachment added', 'Edit', 'AttachFile'),
  op(18, 'AttachmentDeleted', 'Attachment deleted', 'Edit', 'LinkOff'),
  op(19, 'LineItemAdded', 'Line item added', 'Edit', 'PlaylistAdd'),
  op(20, 'LineItemEdited', 'Line item updated', 'Edit', 'EditNote'),
  op(21, 'LineItemDeleted', 'Line item deleted', 'Edit', 'PlaylistRemove'),
  op(22, 'ReturnSigned', 'Returned Signed', 'Workflow', 'Draw'),
  op(23, 'ReturnUnsigned', 'Returned Unsigned', 'Workflow', 'AssignmentReturn'),
  op(24, 'Download', 'Downloaded', 'Read', 'Download'),
  op(25, 'AutoExtraction', 'Values extracted automatically', 'Edit', 'AutoFixHigh'),
  op(26, 'TextExtraction', 'Text extracted', 'Workflow', 'TextSnippet'),
  op(27, 'MarkUnread', 'Marked unread', 'Read', 'MarkEmailUnread'),
  op(28, 'StatusChanged', 'Status changed', 'Workflow', 'Sync'),
  op(29, 'PossibleDuplicate', 'Sent as a possible duplicate', 'Workflow', 'ContentCopy'),
  op(30, 'ApproveStep', 'Approval step approved', 'Workflow', 'TaskAlt'),
  op(40, 'ExportedToErp', 'Exported to ERP', 'Workflow', 'Sync'),
  op(41, 'ReminderSent', 'Reminder sent', 'Workflow', 'Sync'),
  op(46, 'ReceivedByEmail', 'Received by e-mail', 'Workflow', 'Email'),
  op(42, 'PutOnHold', 'Put on hold', 'Workflow', 'PauseCircle'),
  op(43, 'ReleaseHold', 'Hold released', 'Workflow', 'PlayCircle'),
  op(44, 'Dispute', 'Disputed', 'Workflow', 'ReportProblem'),
  op(47, 'ApprovalEscalated', 'Approval escalated', 'Workflow', 'Sync'),
  op(48, 'ApprovalReminder', 'Approval reminder sent', 'Workflow', 'Sync'),
  op(49, 'ApprovalAssigned', 'Approval assigned', 'Workflow', 'AssignmentInd'),
  op(50, 'FieldTicketSigned', 'Signed at the wellsite', 'Workflow', 'Draw'),
  op(51, 'InvoicedFromTickets', 'Created from field tickets', 'Workflow', 'ReceiptLong'),
  op(52, 'FieldTicketBilled', 'Billed', 'Workflow', 'ReceiptLong'),
  op(60, 'MatchExceptions', 'Three-way match exceptions', 'Workflow', 'ReportProblem'),
  op(61, 'MatchAccepted', 'Match difference accepted', 'Workflow', 'TaskAlt'),
  op(62, 'MatchRerun', 'Matched again', 'Workflow', 'Sync'),
];

/**
 * The receiver's internal moves (approval steps, issue 29): only the company that wrote the
 * entry reads it; the other side's history never shows it.
 */
export const internalHistoryOperations: readonly number[] = [
  HistoryOperation.ApproveStep,
  // The receiver's own ERP export (issue 30 item 4) is none of the sender's business.
  HistoryOperation.ExportedToErp,
  // A hold is the receiver's own business (issue 29 item 2): the vendor still sees Received.
  HistoryOperation.PutOnHold,
  HistoryOperation.ReleaseHold,
  // Reminders and escalation of the receiver's approvals (issue 29 item 3).
  HistoryOperation.ApprovalEscalated,
  HistoryOperation.ApprovalReminder,
  // Who the receiver's step is assigned to is its own business (issue 29 item 5).
  HistoryOperation.ApprovalAssigned,
  // Which draft invoice bills a ticket is the vendor's business until the invoice is sent.
  HistoryOperation.FieldTicketBilled,
  // The operator's three-way match and its resolution (issue 32 item 4).
  HistoryOperation.MatchExceptions,
  HistoryOperation.MatchAccepted,
  HistoryOperation.MatchRerun,
];

const byId = new Map(historyOperations.map((o) => [o.id, o]));

export function historyOperationInfo(id: number): HistoryOperationInfo {
  return (
    byId.get(id as HistoryOperationId) ??
    op(id as HistoryOperationId, 'Unknown', 'Unknown', 'Workflow', 'Help')
  );
}

export const historyFilterTabs = [
  { label: 'All', category: null },
  { label: 'Updates', category: 'Edit' },
  { label: 'Workflow', category: 'Workflow' },
  { label: 'Views', category: 'Read' },
] as const;
