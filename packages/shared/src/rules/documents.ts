import { DocumentTemplate, DocumentTypeId, RouteStatus, UserType } from '../ids';
import { canChangeData } from './roles';
import { decideWorkflowMove } from './document-workflow';

/**
 * What a company may do with a document (spec 1 §4, §6; docs/document-screen.md). One rule for
 * the screen (which buttons it shows) and the server (which calls it accepts): the spec's wording
 * first, then our server-side permission layer (ReadOnly members change nothing, only the owner
 * side sends, cancels or edits its own document, Global users cannot sign).
 */

export type DocumentSide = 'sent' | 'received';

/** Templates that are always read-only (the report and statement types of spec 1 §4). */
export const READ_ONLY_TEMPLATES: readonly number[] = [
  DocumentTemplate.Form1099,
  DocumentTemplate.OwnerStatement,
  DocumentTemplate.RunStatement,
  DocumentTemplate.SuspenseReport,
  DocumentTemplate.SummaryByDistribution,
  DocumentTemplate.DivisionOfInterest,
  DocumentTemplate.OutsideOperatorExpense,
];

/** Statuses in which a document can still be changed; a missing status counts as New. */
const EDITABLE_STATUSES: readonly number[] = [
  RouteStatus.New,
  RouteStatus.Rejected,
  RouteStatus.Pending,
];

/** Templates whose screen offers Close (besides rejected AR invoices and read-only documents). */
const CLOSE_TEMPLATES: readonly number[] = [
  DocumentTemplate.PendingDivisionOrder,
  DocumentTemplate.OwnerStatement,
  DocumentTemplate.SuspenseReport,
  DocumentTemplate.SummaryByDistribution,
  DocumentTemplate.DivisionOfInterest,
  DocumentTemplate.OutsideOperatorExpense,
];

export interface DocumentState {
  templateId: number;
  /** Null (or undefined) until the document is sent: shown as New. */
  routeStatusId: number | null | undefined;
}

/** Spec 1 §4 read-only rule. */
export function isDocumentReadOnly({ templateId, routeStatusId }: DocumentState): boolean {
  if (READ_ONLY_TEMPLATES.includes(templateId)) return true;
  return !EDITABLE_STATUSES.includes(routeStatusId ?? RouteStatus.New);
}

/**
 * The sign-and-return flow: a pending division order on the receiving side (the owner signs it
 * and returns it). The sender of a pending division order sends it like any other document.
 */
export function isSignAndReturnFlow(templateId: number, side: DocumentSide): boolean {
  return templateId === DocumentTemplate.PendingDivisionOrder && side === 'received';
}

export interface DocumentActionInput extends DocumentState {
  documentTypeId?: number;
  /** This company's side of the document. */
  side: DocumentSide;
  userType: number;
  roles: readonly number[];
  /** Defaults to isSignAndReturnFlow(templateId, side). */
  isSignAndReturnFlow?: boolean;
  /** The screen is in the middle of a resubmit (a replacement file was chosen). */
  inResubmit?: boolean;
}

export interface DocumentActions {
  cancel: boolean;
  delete: boolean;
  close: boolean;
  send: boolean;
  returnSign: boolean;
  resubmit: boolean;
  replaceFile: boolean;
  edit: boolean;
  uploadAttachment: boolean;
  deleteAttachment: boolean;
}

export type DocumentAction = keyof DocumentActions;

/**
 * Actions that change the sender's document itself: only the company that owns it (the `sent`
 * side) may do them. The receiver's own data about a document (its attachments today; coding,
 * approval, payments later) is kept on its side and is not covered by this list.
 */
export const OWNER_ONLY_DOCUMENT_ACTIONS: readonly DocumentAction[] = [
  'cancel',
  'send',
  'resubmit',
  'replaceFile',
  'edit',
];

export function isOwnerOnlyDocumentAction(action: DocumentAction): boolean {
  return OWNER_ONLY_DOCUMENT_ACTIONS.includes(action);
}

export const noDocumentActions: DocumentActions = {
  cancel: false,
  delete: false,
  close: false,
  send: false,
  returnSign: false,
  resubmit: false,
  replaceFile: false,
  edit: false,
  uploadAttachment: false,
  deleteAttachment: false,
};

function isArInvoice(templateId: number, documentTypeId: number | undefined): boolean {
  return templateId === DocumentTemplate.ArInvoice || documentTypeId === DocumentTypeId.ArInvoice;
}

/** Spec 1 §4 action availability plus the permission layer (docs/document-screen.md matrix). */
export function availableDocumentActions(input: DocumentActionInput): DocumentActions {
  const { templateId, routeStatusId, side } = input;
  const status = routeStatusId ?? null;
  const readOnly = isDocumentReadOnly(input);
  const signAndReturn = input.isSignAndReturnFlow ?? isSignAndReturnFlow(templateId, side);
  const global = input.userType === UserType.Global;
  const mayChange = canChangeData({ roles: input.roles, userType: input.userType });
  const owner = side === 'sent';

  const cancelShown =
    status === null &&
    !READ_ONLY_TEMPLATES.includes(templateId) &&
    templateId !== DocumentTemplate.PendingDivisionOrder;
  const cancel = cancelShown && owner && mayChange;
  // Spec 1 §4 names the invoice type; issue 12 extends Resubmit and Replace file to AR invoices.
  // The transition table (rules/document-workflow.ts) is the one home of the rule.
  const mayResubmit = decideWorkflowMove({
    action: 'resubmit',
    templateId,
    documentTypeId: input.documentTypeId,
    routeStatusId,
    side,
    userType: input.userType,
    roles: input.roles,
  }).allowed;
  const sendShown = !signAndReturn && !readOnly && !(input.inResubmit ?? false);
  // Only a never-sent upload of the owner is sent; a rejected one goes through Resubmit.
  const send = sendShown && owner && status === null && mayChange;
  const close =
    CLOSE_TEMPLATES.includes(templateId) ||
    (isArInvoice(templateId, input.documentTypeId) && status === RouteStatus.Rejected) ||
    readOnly ||
    // The screen hides the navigation: without Cancel or Send, Close is the way out.
    (!cancel && !send);

  return {
    cancel,
    delete: global && !cancel && mayChange,
    // Close only leaves the screen: it changes nothing, so every role may use it.
    close,
    send,
    returnSign: signAndReturn && !readOnly && !global && mayChange,
    resubmit: mayResubmit,
    // Replace file is the first step of a resubmit (the file the new version is sent with).
    replaceFile: mayResubmit,
    // The receiver reads the sender's metadata; it never rewrites it.
    edit: !readOnly && owner && mayChange,
    uploadAttachment: !readOnly && mayChange,
    deleteAttachment: !readOnly && mayChange,
  };
}
