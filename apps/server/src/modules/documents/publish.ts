import type { FastifyBaseLogger } from 'fastify';
import {
  DocumentTemplate,
  documentMessages,
  documentScreenMessages as msg,
  duplicateMessages,
  HistoryOperation,
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
import { applyCodingRules, mailAutoApproval } from '../coding-rules/evaluate';
import { appendHistory } from '../document-history/repository';
import { findLineValues } from '../line-items/repository';
import { recipientsWhoWantEmail } from '../preferences/email-recipients';
import { saveMetadataValues } from './metadata-save';
import { loadMetadataView, toValidationField } from './metadata-view';
import { findPossibleDuplicates } from './duplicates';
import { assertDocumentAction, loadDocument } from './policy';
import * as repo from './repository';
import { refreshDocumentIndex } from './search-index';
import { presentForCaller } from './service';

/** The notification kind whose click opens the document (actionData = its id). */
export const OPEN_DOCUMENT_ACTION = 'openDocument';

export interface PublishDeps {
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

const cannotSend = (message: string) => new AppError(409, 'receiver_not_connected', message);

/**
 * PUT /documents/{id}/publish (spec 1 §4 Send): saves the values in the body, validates the whole
 * document, then — in the same transaction, so a refusal leaves nothing written — marks the
 * owner's route Sent, gives the receiving company its route (unread), writes Publish and Receive
 * history, refreshes the list columns and notifies the receiver's users. The 'document received'
 * mails go out after the commit; a failed mail is logged, the send stands.
 */
export async function publishDocument(
  db: Db,
  deps: PublishDeps,
  ctx: TenantContext,
  id: number,
  body: SaveDocumentRequest,
): Promise<DocumentDto> {
  const sent = await db.transaction(async (tx) => {
    let loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, loaded, 'send');
    if (body.metadata.length) {
      await saveMetadataValues(tx, ctx, loaded, body.metadata);
      loaded = await loadDocument(tx, ctx, id);
    }
    const view = await loadMetadataView(tx, loaded);
    const input = {
      templateId: loaded.type.templateId,
      definitions: view.definitions.map(toValidationField),
      values: Object.fromEntries(view.effective),
      // The sender's lines: required cells and the detail total check (spec 1 §5).
      lineItems: loaded.type.lineItemsEnabled
        ? { columns: senderLineColumns, rows: await findLineValues(tx, loaded.document.id) }
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
    if (duplicates.length > 0 && !body.confirmDuplicate) {
      throw new AppError(409, 'possible_duplicate', duplicateMessages.needsConfirmation);
    }

    const now = new Date();
    await repo.updateRoute(tx, ctx.companyId, loaded.route.id, {
      routeStatusId: RouteStatus.Sent,
      partyId: party.id,
      counterpartyCompanyId: receiverId,
    });
    await repo.touchDocument(tx, doc.id, { publishedAt: now, receivingCompanyId: receiverId });
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
      partyId: await repo.findConnectionTo(tx, receiverId, ctx.companyId),
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
    // The receiver's coding rules may approve the invoice on delivery (touchless approval).
    const approval = await applyCodingRules(tx, receiverId, doc.id);
    await refreshDocumentIndex(tx, doc.id);

    const sender = (await repo.findCompanyNames(tx, [ctx.companyId])).get(ctx.companyId) ?? '';
    const numberDef = view.definitions.find((d) => d.key === MetadataKey.number);
    const number = (numberDef && view.effective.get(numberDef.id)) || `#${doc.id}`;
    const memberIds = await repo.findMemberIds(tx, receiverId);
    await repo.insertNotifications(
      tx,
      memberIds.map((userId) => ({
        companyId: receiverId,
        userId,
        sourceCompanyId: ctx.companyId,
        notificationTypeId: NotificationType.Regular,
        title: `New ${loaded.type.name}`,
        message: `${sender} sent you ${loaded.type.name} ${number}`,
        actionId: OPEN_DOCUMENT_ACTION,
        actionData: String(doc.id),
      })),
    );
    // The answer is the document as this send left it, read before the commit: once committed,
    // the receiver may move it at once (a signed return hands its routes to a new version), and
    // reading it again afterwards answered 404 for a send that had happened.
    const dto = await presentForCaller(tx, ctx, await loadDocument(tx, ctx, id));
    await faultPoint('publish:before-commit');
    return { memberIds, sender, number, typeName: loaded.type.name, approval, dto };
  });
  await faultPoint('publish:after-commit');
  await mailAutoApproval(db, deps, sent.approval);

  await mailReceivers(db, deps, id, sent).catch((err: unknown) =>
    deps.log.error({ err, documentId: id }, 'could not send the document received mails'),
  );
  return sent.dto;
}

async function mailReceivers(
  db: Db,
  deps: PublishDeps,
  documentId: number,
  sent: { memberIds: number[]; sender: string; number: string; typeName: string },
) {
  for (const r of await recipientsWhoWantEmail(db, sent.memberIds)) {
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
