import type { FastifyBaseLogger } from 'fastify';
import {
  DocumentTemplate,
  documentMessages,
  documentScreenMessages as msg,
  duplicateMessages,
  HistoryOperation,
  isInvoiceDocument,
  MetadataKey,
  NotificationType,
  missingRequiredFields,
  requiredFieldMessage,
  RouteStatus,
  senderLineColumns,
  validateDocumentForSend,
  type DocumentDto,
  type SaveDocumentRequest,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { faultPoint } from '../../platform/fault-points';
import type { Mailer } from '../../platform/mail/mailer';
import { documentReceivedMail } from '../../platform/mail/templates/index';
import { mailAutoApproval } from '../coding-rules/evaluate';
import { applyArrivalRules } from '../three-way-match/arrival';
import { assignApprovalChain } from '../approvals/chain';
import {
  findWaitingApproval,
  mailWaitingApproval,
  withoutWaitingRecipients,
  type WaitingApproval,
} from '../approvals/waiting-mail';
import { appendHistory } from '../document-history/repository';
import { findLineValues, type LineValues } from '../line-items/repository';
import { businessMailRecipients } from '../preferences/email-recipients';
import { saveMetadataValues } from './metadata-save';
import { loadMetadataView, toValidationField } from './metadata-view';
import { findPossibleDuplicates } from './duplicates';
import { assertDocumentAction, loadDocument, type LoadedDocument } from './policy';
import * as repo from './repository';
import { refreshDocumentIndex } from './search-index';
import type { BlobStore } from '../../platform/blob-store/index';
import { detectSignatureField } from '../signing/signature-field-service';
import { presentForCaller } from './service';

/** The notification kind whose click opens the document (actionData = its id). */
export const OPEN_DOCUMENT_ACTION = 'openDocument';

export interface PublishDeps {
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** To look for a pending division order's signature field after the send (issue 31). */
  blobStore?: BlobStore;
}

const cannotSend = (message: string) => new AppError(409, 'receiver_not_connected', message);

/** What a send tells the receiver (a resubmitted invoice says so; docs/document-workflow.md). */
export interface SendNotice {
  title: string;
  message: string;
}

/** What a send inside a transaction leaves for after the commit (mails). */
export interface SentDocument {
  documentId: number;
  receiverId: number;
  memberIds: number[];
  sender: string;
  number: string;
  typeName: string;
  /** The receiver's coding rules' automatic approval, mailed after the commit. */
  approval: Awaited<ReturnType<typeof applyArrivalRules>>;
  /** The approval chain's first waiting step: its approvers' mail, sent after the commit. */
  waiting: WaitingApproval | null;
}

/**
 * Validates the whole document and sends it, inside the caller's transaction (so a refusal leaves
 * nothing of the send written): marks the owner's route Sent, gives the receiving company its
 * route (unread), writes Publish and Receive history, refreshes the list columns and notifies the
 * receiver's users. The caller has checked that the document may be sent. Used by Send and by the
 * one-step Resubmit (which sends the new version).
 */
export async function sendDocumentInTransaction(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  opts: {
    confirmDuplicate?: boolean | undefined;
    notice?: (number: string, sender: string) => SendNotice;
    /** Writes the receiver's side before its coding rules run (a PIDX invoice's coding). */
    beforeReceiverRules?: (receiverId: number) => Promise<void>;
    /**
     * The sender's lines as this transaction has just written them, in line order (a PIDX
     * invoice): the send check uses them instead of reading them back.
     */
    lineValues?: LineValues[];
  },
): Promise<SentDocument> {
  const view = await loadMetadataView(tx, loaded);
  const input = {
    templateId: loaded.type.templateId,
    definitions: view.definitions.map(toValidationField),
    values: Object.fromEntries(view.effective),
    // The sender's lines: required cells and the detail total check (spec 1 §5).
    lineItems: loaded.type.lineItemsEnabled
      ? {
          columns: senderLineColumns,
          rows: opts.lineValues ?? (await findLineValues(tx, loaded.document.id)),
        }
      : null,
  };
  const problem = validateDocumentForSend(input);
  if (problem) {
    // The message as the validator says it, and each missing field by key for the form.
    const fields = Object.fromEntries(
      missingRequiredFields(input).map((d) => [d.key, requiredFieldMessage(d.name)]),
    );
    throw badRequest(
      problem,
      'document_incomplete',
      Object.keys(fields).length ? fields : undefined,
    );
  }

  const doc = loaded.document;
  if (doc.receivingPartyId === null) throw cannotSend(msg.noReceiver);
  const party = await repo.findCompanyParty(tx, ctx.companyId, doc.receivingPartyId);
  const receiverId = party?.connectedCompanyId ?? null;
  if (!party || !party.isActive || party.isDisconnected || receiverId === null) {
    throw cannotSend(documentMessages.partyNotConnected);
  }
  const receiver = await repo.findCompany(tx, receiverId);
  if (!receiver?.isActive || receiverId === ctx.companyId) throw cannotSend(msg.receiverInactive);
  if (await repo.routeExists(tx, doc.id, receiverId)) {
    throw new AppError(409, 'action_not_allowed', msg.alreadySent);
  }

  // Issue 12 item 7: an invoice that looks like one already sent needs the sender's confirmation.
  const numberField = view.definitions.find((d) => d.key === MetadataKey.number);
  const duplicates = await findPossibleDuplicates(
    tx,
    loaded,
    (numberField && view.effective.get(numberField.id)) || null,
  );
  if (duplicates.length > 0 && !opts.confirmDuplicate) {
    throw new AppError(409, 'possible_duplicate', duplicateMessages.needsConfirmation);
  }

  const now = new Date();
  await repo.updateRoute(tx, ctx.companyId, loaded.route.id, {
    routeStatusId: RouteStatus.Sent,
    partyId: party.id,
    counterpartyCompanyId: receiverId,
  });
  await repo.touchDocument(tx, doc.id, { publishedAt: now, receivingCompanyId: receiverId });
  const receiverPartyId = await repo.findConnectionTo(tx, receiverId, ctx.companyId);
  await repo.insertRoute(tx, {
    documentId: doc.id,
    companyId: receiverId,
    side: 'received',
    documentTypeId: doc.documentTypeId,
    // A pending division order waits for the owner's signature: New until Returned.
    routeStatusId:
      loaded.type.templateId === DocumentTemplate.PendingDivisionOrder
        ? RouteStatus.New
        : RouteStatus.Received,
    isRead: false,
    partyId: receiverPartyId,
    counterpartyCompanyId: ctx.companyId,
  });
  const entry = { documentId: doc.id, userId: ctx.userId, objectType: 'document' } as const;
  await appendHistory(tx, [
    { ...entry, companyId: ctx.companyId, operationId: HistoryOperation.Publish },
    { ...entry, companyId: receiverId, operationId: HistoryOperation.Receive },
    ...(duplicates.length > 0
      ? [
          {
            ...entry,
            companyId: ctx.companyId,
            operationId: HistoryOperation.PossibleDuplicate,
            newValue: duplicates.map((d) => d.number ?? `#${d.documentId}`).join(', '),
            details: { possibleDuplicates: duplicates },
          },
        ]
      : []),
  ]);
  await opts.beforeReceiverRules?.(receiverId);
  // The receiver's approval policy gives the invoice its chain (docs/approvals.md), from the
  // coding written just above; the three-way match (docs/three-way-match.md) or its coding rules
  // may then approve it, or the steps they replace, on delivery (touchless approval).
  const invoice = isInvoiceDocument(loaded.type.templateId, loaded.type.id);
  if (invoice) await assignApprovalChain(tx, receiverId, doc.id, receiverPartyId);
  const approval = await applyArrivalRules(tx, receiverId, doc.id);
  await refreshDocumentIndex(tx, doc.id);
  // The step that now waits (after any the coding rules replaced) tells its approvers.
  const waiting = invoice && !approval ? await findWaitingApproval(tx, receiverId, doc.id) : null;

  const sender = (await repo.findCompanyNames(tx, [ctx.companyId])).get(ctx.companyId) ?? '';
  const number = (numberField && view.effective.get(numberField.id)) || `#${doc.id}`;
  const notice = opts.notice?.(number, sender) ?? {
    title: `New ${loaded.type.name}`,
    message: `${sender} sent you ${loaded.type.name} ${number}`,
  };
  const memberIds = await repo.findMemberIds(tx, receiverId);
  await repo.insertNotifications(
    tx,
    memberIds.map((userId) => ({
      companyId: receiverId,
      userId,
      sourceCompanyId: ctx.companyId,
      notificationTypeId: NotificationType.Regular,
      title: notice.title,
      message: notice.message,
      actionId: OPEN_DOCUMENT_ACTION,
      actionData: String(doc.id),
    })),
  );
  return {
    documentId: doc.id,
    receiverId,
    memberIds,
    sender,
    number,
    typeName: loaded.type.name,
    approval,
    waiting,
  };
}

/**
 * PUT /documents/{id}/publish (spec 1 §4 Send). What the user typed (the body's values) is saved
 * first, in its own transaction: a send refused afterwards (missing fields, the receiver, a
 * possible duplicate) only stops the sending, the values stay (issue 27 item 7). A refused role
 * or a bad value writes nothing. Then, in one transaction, sendDocumentInTransaction. The
 * 'document received' mails go out after the commit; a failed mail is logged, the send stands.
 */
export async function publishDocument(
  db: Db,
  deps: PublishDeps,
  ctx: TenantContext,
  id: number,
  body: SaveDocumentRequest,
): Promise<DocumentDto> {
  if (body.metadata.length) {
    await db.transaction(async (tx) => {
      const loaded = await loadDocument(tx, ctx, id, { lock: true });
      assertDocumentAction(ctx, loaded, 'send');
      await saveMetadataValues(tx, ctx, loaded, body.metadata);
    });
  }
  const sent = await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, loaded, 'send');
    const done = await sendDocumentInTransaction(tx, ctx, loaded, {
      confirmDuplicate: body.confirmDuplicate,
    });
    // The answer is the document as this send left it, read before the commit: once committed,
    // the receiver may move it at once (a signed return hands its routes to a new version), and
    // reading it again afterwards answered 404 for a send that had happened.
    const dto = await presentForCaller(tx, ctx, await loadDocument(tx, ctx, id));
    await faultPoint('publish:before-commit');
    const pending = loaded.type.templateId === DocumentTemplate.PendingDivisionOrder;
    return { ...done, dto, fieldDocument: pending ? loaded.document : null };
  });
  await faultPoint('publish:after-commit');
  // Issue 31 item 1: a pending division order's signature field is found from its words (unless
  // the operator drew one). After the commit, and never failing the send: none found is no field.
  if (sent.fieldDocument && deps.blobStore) {
    await detectSignatureField(db, deps.blobStore, sent.fieldDocument, deps.log).catch(
      (err: unknown) =>
        deps.log.warn({ err, documentId: id }, 'could not store the signature field'),
    );
  }
  await mailAutoApproval(db, deps, sent.approval);
  await mailWaitingApproval(db, deps, sent.waiting);

  await mailReceivers(db, deps, id, sent).catch((err: unknown) =>
    deps.log.error({ err, documentId: id }, 'could not send the document received mails'),
  );
  return sent.dto;
}

/**
 * After the commit: the 'document received' mails to the receiver's members — but for the
 * approvers the invoice waits for, whose 'waiting for your approval' mail says it all.
 */
export async function mailReceivers(
  db: Db,
  deps: PublishDeps,
  documentId: number,
  sent: {
    memberIds: number[];
    sender: string;
    number: string;
    typeName: string;
    waiting?: WaitingApproval | null;
  },
) {
  const memberIds = withoutWaitingRecipients(sent.memberIds, sent.waiting ?? null);
  for (const r of await businessMailRecipients(db, memberIds)) {
    const mail = documentReceivedMail({
      publicUrl: deps.config.publicUrl,
      firstName: r.firstName,
      documentId,
      documentTypeName: sent.typeName,
      documentNumber: sent.number,
      senderCompanyName: sent.sender,
    });
    await deps.mailer.send({
      to: [r.emailAddress],
      ...mail,
      digest: {
        userId: r.userId,
        title: `${sent.typeName} ${sent.number} from ${sent.sender}`,
        link: `${deps.config.publicUrl}/documents/${documentId}`,
      },
    });
  }
}
