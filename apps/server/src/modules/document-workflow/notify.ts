import { MetadataKey, NotificationType } from '@flowline/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { documentMetadata, metadataDefinitions } from '../../db/schema/index';
import type { LoadedDocument } from '../documents/policy';
import type { Mailer } from '../../platform/mail/mailer';
import { documentStatusMail } from '../../platform/mail/templates/index';
import * as documents from '../documents/repository';
import { businessMailRecipients } from '../preferences/email-recipients';

export interface WorkflowDeps {
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface StatusNews {
  documentId: number;
  /** The company told (the sender) and the one that acted (the receiver). */
  toCompanyId: number;
  fromCompanyId: number;
  title: string;
  message: string;
  /** Extra lines for the e-mail (reason, remittance). */
  details: [string, string][];
}

/** 'AR Invoice INV-1001' (or '#id' without a number). */
export async function documentLabel(db: Db, loaded: LoadedDocument): Promise<string> {
  const [row] = await db
    .select({ value: documentMetadata.value })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(
      and(
        eq(documentMetadata.documentId, loaded.document.id),
        eq(metadataDefinitions.key, MetadataKey.number),
      ),
    )
    .limit(1);
  return `${loaded.type.name} ${row?.value || `#${loaded.document.id}`}`;
}

/** In the transaction: a notification for each member of the told company (real time by NOTIFY). */
export async function notifyStatus(tx: Db, news: StatusNews): Promise<number[]> {
  const memberIds = await documents.findMemberIds(tx, news.toCompanyId);
  await documents.insertNotifications(
    tx,
    memberIds.map((userId) => ({
      companyId: news.toCompanyId,
      userId,
      sourceCompanyId: news.fromCompanyId,
      notificationTypeId: NotificationType.Regular,
      title: news.title,
      message: news.message,
      actionId: 'openDocument',
      actionData: String(news.documentId),
    })),
  );
  return memberIds;
}

/** After the commit: e-mails to the members who receive e-mails; a failure is logged only. */
export async function mailStatus(
  db: Db,
  deps: WorkflowDeps,
  news: StatusNews,
  memberIds: number[],
) {
  try {
    for (const r of await businessMailRecipients(db, memberIds)) {
      const mail = documentStatusMail({
        publicUrl: deps.config.publicUrl,
        firstName: r.firstName,
        documentId: news.documentId,
        title: news.title,
        message: news.message,
        details: news.details,
      });
      await deps.mailer.send({
        to: [r.emailAddress],
        ...mail,
        companyId: news.toCompanyId,
        digest: {
          userId: r.userId,
          title: news.title,
          link: `${deps.config.publicUrl}/documents/${news.documentId}`,
          message: news.message,
          details: news.details,
        },
      });
    }
  } catch (err) {
    deps.log.error({ err, documentId: news.documentId }, 'could not send the status mails');
  }
}
