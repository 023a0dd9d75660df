import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import { noticeMail } from '../../platform/mail/templates/index';
import { documentLabel, notifyStatus, type StatusNews } from '../document-workflow/notify';
import type { LoadedDocument } from '../documents/policy';
import * as documents from '../documents/repository';
import { mailUsers } from '../invitations/notify';

/**
 * The events that had no notification or mail of their own (docs/notifications.md). Document
 * events reuse the workflow's notifyStatus (in the transaction) and mailStatus (after it);
 * connection events mail the Administrators notifyAdministrators already told.
 */

export interface DocumentNews {
  news: StatusNews;
  memberIds: number[];
}

async function companyName(db: Db, id: number): Promise<string> {
  return (await documents.findCompanyNames(db, [id])).get(id) ?? '';
}

/** The receiver opened the document for the first time: the sender's members are told. */
export async function documentViewed(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
): Promise<DocumentNews> {
  const [label, receiver] = await Promise.all([
    documentLabel(tx, loaded),
    companyName(tx, ctx.companyId),
  ]);
  const news: StatusNews = {
    documentId: loaded.document.id,
    toCompanyId: loaded.document.ownerCompanyId,
    fromCompanyId: ctx.companyId,
    title: `${label} viewed`,
    message: `${receiver} viewed ${label}.`,
    details: [],
  };
  return { news, memberIds: await notifyStatus(tx, news) };
}

/** Connected / disconnected: a mail to the Administrators the notification told (after commit). */
export async function mailConnectionNotice(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  adminIds: number[],
  notice: { title: string; message: string },
): Promise<void> {
  const link = `${deps.publicUrl}/admin/parties`;
  await mailUsers(
    deps.db,
    deps.mailer,
    adminIds,
    (firstName) =>
      noticeMail({
        publicUrl: deps.publicUrl,
        firstName,
        ...notice,
        action: { label: 'Open your connections', url: link },
      }),
    { title: notice.message, link },
  );
}
