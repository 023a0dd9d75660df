import {
  availableDocumentActions,
  availableReceiverActions,
  canChangeData,
  documentScreenMessages as msg,
  isDocumentReadOnly,
  isGlobalUser,
  isOwnerOnlyDocumentAction,
  isSignAndReturnFlow,
  type DocumentAction,
  type DocumentActions,
  type DocumentSide,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { requireReadableDocument, requireVisibleDocument, type VisibleDocument } from './access';
import { findDocumentType, lockDocument, type DocumentTypeRow } from './repository';

/**
 * The document policy: the shared rule (packages/shared rules/documents.ts) decides, deny by
 * default. A refused role is a 403, an action the document's state does not allow a 409.
 */
export interface LoadedDocument extends VisibleDocument {
  type: DocumentTypeRow;
}

/** The caller's document (404 unless its company has a route to it) with its type. */
export async function loadDocument(
  db: Db,
  ctx: TenantContext,
  id: number,
  /** `readOnly`: a read that may also open a version a signed return replaced (access.ts). */
  opts: { lock?: boolean; readOnly?: boolean } = {},
): Promise<LoadedDocument> {
  let visible = opts.readOnly
    ? await requireReadableDocument(db, ctx.companyId, id)
    : await requireVisibleDocument(db, ctx.companyId, id);
  if (opts.lock) {
    // Lock only a document the caller can see, then read it again as the lock holder.
    await lockDocument(db, id);
    visible = await requireVisibleDocument(db, ctx.companyId, id);
  }
  return { ...visible, type: await findDocumentType(db, visible.document.documentTypeId) };
}

const sideOf = (loaded: LoadedDocument): DocumentSide =>
  loaded.route.side === 'received' ? 'received' : 'sent';

export function documentStateOf(loaded: LoadedDocument) {
  const state = { templateId: loaded.type.templateId, routeStatusId: loaded.route.routeStatusId };
  return {
    isReadOnly: isDocumentReadOnly(state),
    isSignAndReturnFlow: isSignAndReturnFlow(state.templateId, sideOf(loaded)),
  };
}

/** The receiver's Approve, Reject and payments (the transition table, rules/document-workflow.ts). */
export function workflowActionsFor(ctx: TenantContext, loaded: LoadedDocument) {
  return availableReceiverActions({
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: sideOf(loaded),
    userType: ctx.userType,
    roles: ctx.roles,
  });
}

export function actionsFor(ctx: TenantContext, loaded: LoadedDocument): DocumentActions {
  return availableDocumentActions({
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: sideOf(loaded),
    userType: ctx.userType,
    roles: ctx.roles,
  });
}

const notAllowed = (message: string) => new AppError(409, 'action_not_allowed', message);

function refusal(loaded: LoadedDocument, action: DocumentAction): string {
  switch (action) {
    case 'send':
      if (loaded.route.routeStatusId !== null) return msg.alreadySent;
      return msg.notSendable;
    case 'cancel':
      return msg.notCancellable;
    case 'delete':
      return msg.notDeletable;
    case 'resubmit':
    case 'replaceFile':
      return msg.notResubmittable;
    case 'deleteAttachment':
    case 'uploadAttachment':
      return msg.attachmentReadOnly;
    default:
      return msg.notEditable;
  }
}

/**
 * Throws unless the caller may do `action` on the document now: 403 for a ReadOnly role or a
 * receiver changing the sender's document, 409 for a state that does not allow it.
 */
export function assertDocumentAction(
  ctx: TenantContext,
  loaded: LoadedDocument,
  action: DocumentAction,
): void {
  if (action !== 'close' && !canChangeData(ctx)) throw forbidden(msg.readOnlyRole, 'read_only');
  if (sideOf(loaded) === 'received' && isOwnerOnlyDocumentAction(action)) {
    throw forbidden(action === 'send' ? msg.onlySenderSends : msg.notOwner, 'not_document_owner');
  }
  if (action === 'delete' && !isGlobalUser(ctx.userType)) {
    throw forbidden(msg.globalOnlyDelete, 'global_user_required');
  }
  if (!actionsFor(ctx, loaded)[action]) throw notAllowed(refusal(loaded, action));
}
