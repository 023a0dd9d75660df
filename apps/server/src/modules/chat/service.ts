import {
  CHAT_MESSAGE_MAX_LENGTH,
  NotificationType,
  chatChannelUrl,
  chatMessages as msg,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSessionToken,
  type ChatThread,
  type ChatThreadList,
} from '@flowline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { badRequest, conflict, notFound, rateLimited } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import type { Mailer } from '../../platform/mail/mailer';
import { countInWindow } from '../../platform/throttle';
import { noticeMail } from '../../platform/mail/templates/index';
import { announceToCompanies } from '../../platform/realtime/hub';
import { assertFlag, companiesWithFlag } from '../feature-flags/service';
import { businessMailRecipients } from '../preferences/email-recipients';
import { assertMaySend, chatNotFound, pairOf, type ChatPair } from './policy';
import { toChatMember, toChatMessage, toChatThread } from './presenter';
import * as repo from './repository';
import { signChatToken } from './token';
import type { StoredChatFile } from './upload-reader';

/** Chat between two connected companies (issue 15 item 1; docs/chat.md). */

export interface ChatDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'featureFlags' | 'rateLimits'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const closedError = () => conflict(msg.closed, 'chat_closed');
const recipientNotFound = () => notFound(msg.openFailed, 'chat_recipient_not_found');
const messagingOffError = () => conflict(msg.recipientMessagingOff, 'chat_recipient_messaging_off');

/**
 * A company with messaging off receives no chat (issue 28 item 7): a post to it is a 409 before
 * anything is written, so it gets no message, notification or digest mail either.
 */
async function assertRecipientsUseMessaging(
  db: Db,
  featureFlags: readonly string[],
  companyIds: number[],
) {
  const on = await companiesWithFlag(db, companyIds, featureFlags, 'messaging');
  if (companyIds.some((id) => !on.has(id))) throw messagingOffError();
}

async function requireMessaging(deps: Pick<ChatDeps, 'db' | 'config'>, ctx: TenantContext) {
  await assertFlag(deps.db, ctx.companyId, deps.config.featureFlags, 'messagingFlag');
}

/**
 * Posts a minute per user (each recipient of the new-message box counts) and per thread (both
 * companies together): 429 rate_limited with Retry-After beyond them (issue 28 item 4). Counted
 * in PostgreSQL, so the limits hold across instances; a refused post counts too.
 */
async function assertPostRate(
  deps: Pick<ChatDeps, 'db' | 'config'>,
  ctx: TenantContext,
  channelUrls: string[],
) {
  const { chatPerUser, chatPerThread } = deps.config.rateLimits;
  const user = await countInWindow(deps.db, `chat-user:${ctx.userId}`, channelUrls.length);
  if (user.count > chatPerUser) throw rateLimited(user.secondsLeft);
  for (const url of channelUrls) {
    const thread = await countInWindow(deps.db, `chat-thread:${url}`);
    if (thread.count > chatPerThread) throw rateLimited(thread.secondsLeft);
  }
}

// ---- Reading -------------------------------------------------------------------------------

/**
 * Threads as the caller sees them: last message, members, unread counts and whether closed, in
 * five queries whatever the number of rows (companies, messages, members, unread, connections).
 */
async function presentThreads(
  db: Db,
  featureFlags: readonly string[],
  ctx: TenantContext,
  rows: repo.ThreadListRow[],
): Promise<ChatThread[]> {
  if (rows.length === 0) return [];
  const otherIds = [...new Set(rows.map((r) => r.otherId))];
  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
  const [own, lastMessages, members, unread, live, messaging] = await Promise.all([
    repo.findCompanies(db, [ctx.companyId]),
    repo.messagesByIds(db, lastIds),
    repo.membersOf(db, [ctx.companyId, ...otherIds]),
    repo.unreadCounts(
      db,
      ctx,
      rows.map((r) => r.id),
    ),
    repo.liveConnections(db, ctx.companyId, otherIds),
    companiesWithFlag(db, otherIds, featureFlags, 'messaging'),
  ]);
  const ownCode = own[0]?.code ?? '';
  const byId = new Map(lastMessages.map((m) => [m.id, m]));
  return rows.map((r) => {
    const channelUrl = chatChannelUrl(ctx.companyId, r.otherId);
    const last = r.lastMessageId === null ? undefined : byId.get(r.lastMessageId);
    return toChatThread({
      ownCompanyId: ctx.companyId,
      ownCode,
      other: { id: r.otherId, name: r.otherName, code: r.otherCode },
      members: members
        .filter((m) => m.companyId === ctx.companyId || m.companyId === r.otherId)
        .map(toChatMember),
      lastMessage: last ? toChatMessage(last, channelUrl, ctx.companyId) : null,
      unreadCount: unread.get(r.id) ?? 0,
      // Closed too when the other company has messaging off: it cannot receive a reply.
      isClosed: !live.has(r.otherId) || !messaging.has(r.otherId),
    });
  });
}

export async function listThreads(
  deps: ChatDeps,
  ctx: TenantContext,
  query: { query?: string; page: number; pageSize: number },
): Promise<ChatThreadList> {
  await requireMessaging(deps, ctx);
  const { rows, total } = await repo.threadPage(deps.db, ctx, query);
  return {
    items: await presentThreads(deps.db, deps.config.featureFlags, ctx, rows),
    totalRecords: total,
  };
}

export async function unreadCount(deps: ChatDeps, ctx: TenantContext) {
  await requireMessaging(deps, ctx);
  return { unreadCount: await repo.totalUnread(deps.db, ctx) };
}

/**
 * The pair's thread row (null while no message was posted) — a 404 for a pair the caller is not
 * in, and for a pair without a thread that is not live-connected either.
 */
async function openPair(db: Db, ctx: TenantContext, channelUrl: string) {
  const pair = pairOf(ctx, channelUrl);
  const thread = await repo.findThread(db, pair.low, pair.high);
  if (!thread) {
    const live = await repo.liveConnections(db, ctx.companyId, [pair.otherId]);
    if (!live.has(pair.otherId)) throw chatNotFound();
  }
  return { pair, thread };
}

export async function getThread(
  deps: ChatDeps,
  ctx: TenantContext,
  channelUrl: string,
): Promise<ChatThread> {
  await requireMessaging(deps, ctx);
  const { pair, thread } = await openPair(deps.db, ctx, channelUrl);
  const [other] = await repo.findCompanies(deps.db, [pair.otherId]);
  if (!other) throw chatNotFound();
  const marks = thread ? await repo.findMarks(deps.db, thread.id, ctx.userId) : null;
  const visibleLast =
    thread?.lastMessageId && thread.lastMessageId > (marks?.hiddenUpToId ?? 0)
      ? thread.lastMessageId
      : null;
  const [presented] = await presentThreads(deps.db, deps.config.featureFlags, ctx, [
    {
      id: thread?.id ?? 0,
      lowCompanyId: pair.low,
      highCompanyId: pair.high,
      lastMessageId: visibleLast,
      lastMessageAt: thread?.lastMessageAt ?? null,
      otherId: other.id,
      otherName: other.name,
      otherCode: other.code,
      hiddenUpToId: marks?.hiddenUpToId ?? 0,
      readUpToId: marks?.readUpToId ?? 0,
    },
  ]);
  if (!presented) throw chatNotFound();
  return presented;
}

export async function listMessages(
  deps: ChatDeps,
  ctx: TenantContext,
  channelUrl: string,
  query: { before?: number; limit: number },
): Promise<ChatMessagePage> {
  await requireMessaging(deps, ctx);
  const { pair, thread } = await openPair(deps.db, ctx, channelUrl);
  if (!thread) return { items: [], hasMore: false };
  const marks = await repo.findMarks(deps.db, thread.id, ctx.userId);
  const page = await repo.messagesPage(deps.db, thread.id, {
    after: marks.hiddenUpToId,
    before: query.before,
    limit: query.limit,
  });
  return {
    items: page.rows.map((m) => toChatMessage(m, pair.channelUrl, ctx.companyId)),
    hasMore: page.hasMore,
  };
}

/** The stored file of a message, for a participant who has not hidden it (else 404). */
export async function openFile(
  deps: ChatDeps & { blobStore: BlobStore },
  ctx: TenantContext,
  channelUrl: string,
  messageId: number,
) {
  await requireMessaging(deps, ctx);
  const { thread } = await openPair(deps.db, ctx, channelUrl);
  const row = thread ? await repo.findMessage(deps.db, thread.id, messageId) : null;
  if (!row?.fileKey || !row.fileName) throw notFound('File not found', 'chat_file_not_found');
  return {
    fileName: row.fileName,
    contentType: row.fileContentType ?? 'application/octet-stream',
    size: row.fileSize ?? 0,
    stream: await deps.blobStore.get(row.fileKey),
  };
}

export async function markRead(deps: ChatDeps, ctx: TenantContext, channelUrl: string) {
  await requireMessaging(deps, ctx);
  const { thread } = await openPair(deps.db, ctx, channelUrl);
  if (thread?.lastMessageId) {
    await repo.setReadMark(deps.db, thread.id, ctx.userId, thread.lastMessageId);
  }
}

/** Manage mode's delete: hides the thread and its history so far, for this user only. */
export async function hideThread(deps: ChatDeps, ctx: TenantContext, channelUrl: string) {
  await requireMessaging(deps, ctx);
  const { thread } = await openPair(deps.db, ctx, channelUrl);
  if (thread?.lastMessageId) {
    await repo.setHiddenMark(deps.db, thread.id, ctx.userId, thread.lastMessageId);
  }
}

export async function sessionToken(
  deps: ChatDeps,
  ctx: TenantContext,
  companyId: number,
): Promise<ChatSessionToken> {
  if (companyId !== ctx.companyId) throw notFound('Company not found', 'company_not_found');
  await requireMessaging(deps, ctx);
  return signChatToken(deps.db, ctx);
}

// ---- Writing -------------------------------------------------------------------------------

export interface NewPost {
  body: string;
  documentId?: number;
  file?: StoredChatFile;
}

interface Posted {
  message: ChatMessage;
  news: ChatNews;
}

/** Who to mail after the commit, and what. */
interface ChatNews {
  toCompanyId: number;
  channelUrl: string;
  title: string;
  text: string;
  userIds: number[];
}

/**
 * One message in the caller's transaction: the thread (created on first use), the message, the
 * `chatMessage` event for both companies, and a notification for each active member of the
 * other company who has no unread one for this thread yet.
 */
async function post(
  tx: Db,
  /** FEATURE_FLAGS, for the recipient's messaging flag; null = the demo seed (flags seeded on). */
  featureFlags: readonly string[] | null,
  ctx: TenantContext,
  pair: ChatPair,
  input: NewPost,
  options: { notify: boolean },
): Promise<Posted> {
  const live = await repo.liveConnections(tx, ctx.companyId, [pair.otherId]);
  if (!live.has(pair.otherId)) {
    const existing = await repo.findThread(tx, pair.low, pair.high);
    throw existing ? closedError() : chatNotFound();
  }
  if (featureFlags) await assertRecipientsUseMessaging(tx, featureFlags, [pair.otherId]);
  if (
    input.documentId !== undefined &&
    !(await repo.isDocumentShared(tx, input.documentId, [pair.low, pair.high]))
  ) {
    throw notFound('Document not found', 'document_not_found');
  }
  const thread = await repo.ensureThread(tx, pair.low, pair.high);
  await repo.lockThread(tx, thread.id);
  const row = await repo.insertMessage(tx, {
    threadId: thread.id,
    senderCompanyId: ctx.companyId,
    senderUserId: ctx.userId,
    body: input.body,
    documentId: input.documentId ?? null,
    fileKey: input.file?.key ?? null,
    fileName: input.file?.fileName ?? null,
    fileContentType: input.file?.contentType ?? null,
    fileSize: input.file?.size ?? null,
  });
  // The sender has read their own thread up to here.
  await repo.setReadMark(tx, thread.id, ctx.userId, row.id);
  await announceToCompanies(tx, {
    type: 'chatMessage',
    companyIds: [pair.low, pair.high],
    channelUrl: pair.channelUrl,
    messageId: row.id,
    senderCompanyId: ctx.companyId,
  });
  const [view] = await repo.messagesByIds(tx, [row.id]);
  if (!view) throw new Error('chat message not found after insert');
  const message = toChatMessage(view, pair.channelUrl, ctx.companyId);
  const news: ChatNews = {
    toCompanyId: pair.otherId,
    channelUrl: pair.channelUrl,
    title: `New message from ${view.senderCompanyName}`,
    text: previewOf(message),
    userIds: [],
  };
  if (options.notify) news.userIds = await notifyMembers(tx, ctx, news);
  return { message, news };
}

function previewOf(m: ChatMessage): string {
  const text = m.message.length > 200 ? `${m.message.slice(0, 197)}...` : m.message;
  if (text) return text;
  if (m.file) return `Sent a file: ${m.file.name}`;
  if (m.document) return `Shared ${m.document.title}`;
  return 'New message';
}

async function notifyMembers(tx: Db, ctx: TenantContext, news: ChatNews): Promise<number[]> {
  const memberIds = (await repo.membersOf(tx, [news.toCompanyId])).map((m) => m.userId);
  const already = await repo.usersWithUnreadChatNotification(
    tx,
    news.toCompanyId,
    news.channelUrl,
    memberIds,
  );
  const userIds = memberIds.filter((id) => !already.has(id));
  if (userIds.length) {
    await tx.insert(notifications).values(
      userIds.map((userId) => ({
        companyId: news.toCompanyId,
        userId,
        sourceCompanyId: ctx.companyId,
        notificationTypeId: NotificationType.Regular,
        title: news.title.slice(0, 200),
        message: news.text,
        actionId: repo.CHAT_NOTIFICATION_ACTION,
        actionData: news.channelUrl,
      })),
    );
  }
  return userIds;
}

/** After the commit: the notified members who receive e-mails get it with the digest. */
async function mailNews(deps: ChatDeps, all: ChatNews[]) {
  for (const news of all) {
    try {
      const link = `${deps.config.publicUrl}/chat?channel=${encodeURIComponent(news.channelUrl)}`;
      for (const r of await businessMailRecipients(deps.db, news.userIds)) {
        await deps.mailer.send({
          to: [r.emailAddress],
          ...noticeMail({
            publicUrl: deps.config.publicUrl,
            firstName: r.firstName,
            title: news.title,
            message: news.text,
            action: { label: 'Open the conversation', url: link },
          }),
          companyId: news.toCompanyId,
          digest: { userId: r.userId, title: news.title, link },
        });
      }
    } catch (err) {
      deps.log.error({ err, channelUrl: news.channelUrl }, 'could not send the chat mails');
    }
  }
}

export async function sendMessage(
  deps: ChatDeps,
  ctx: TenantContext,
  channelUrl: string,
  input: NewPost,
  options: { notify?: boolean } = {},
): Promise<ChatMessage> {
  await requireMessaging(deps, ctx);
  assertMaySend(ctx);
  const pair = pairOf(ctx, channelUrl);
  await assertPostRate(deps, ctx, [pair.channelUrl]);
  const posted = await deps.db.transaction((tx) =>
    post(tx, deps.config.featureFlags, ctx, pair, input, { notify: options.notify ?? true }),
  );
  await mailNews(deps, [posted.news]);
  return posted.message;
}

/** A file message: the upload is already in the blob store; it is removed when the post fails. */
export async function sendFile(
  deps: ChatDeps & { blobStore: BlobStore },
  ctx: TenantContext,
  channelUrl: string,
  receive: () => Promise<{ message: string | undefined; file: StoredChatFile }>,
): Promise<ChatMessage> {
  await requireMessaging(deps, ctx);
  assertMaySend(ctx);
  const pair = pairOf(ctx, channelUrl);
  // Refuse before reading the body when the thread cannot take a message at all.
  const live = await repo.liveConnections(deps.db, ctx.companyId, [pair.otherId]);
  if (!live.has(pair.otherId)) {
    const existing = await repo.findThread(deps.db, pair.low, pair.high);
    throw existing ? closedError() : chatNotFound();
  }
  await assertRecipientsUseMessaging(deps.db, deps.config.featureFlags, [pair.otherId]);
  await assertPostRate(deps, ctx, [pair.channelUrl]);
  const { message, file } = await receive();
  const body = (message ?? '').trim();
  try {
    if (body.length > CHAT_MESSAGE_MAX_LENGTH) throw badRequest(msg.tooLong, 'validation_failed');
    const posted = await deps.db.transaction((tx) =>
      post(tx, deps.config.featureFlags, ctx, pair, { body, file }, { notify: true }),
    );
    await mailNews(deps, [posted.news]);
    return posted.message;
  } catch (error) {
    await deps.blobStore.delete(file.key).catch(() => undefined);
    throw error;
  }
}

/** The new-message box: the text into the thread with each recipient, in one transaction. */
export async function sendToMany(
  deps: ChatDeps,
  ctx: TenantContext,
  input: { recipientCompanyIds: number[]; message: string },
): Promise<ChatThreadList['items']> {
  await requireMessaging(deps, ctx);
  assertMaySend(ctx);
  const ids = [...new Set(input.recipientCompanyIds)];
  if (ids.includes(ctx.companyId)) throw recipientNotFound();
  const live = await repo.liveConnections(deps.db, ctx.companyId, ids);
  if (ids.some((id) => !live.has(id))) throw recipientNotFound();
  await assertRecipientsUseMessaging(deps.db, deps.config.featureFlags, ids);
  await assertPostRate(
    deps,
    ctx,
    ids.map((id) => chatChannelUrl(ctx.companyId, id)),
  );
  const posted = await deps.db.transaction(async (tx) => {
    const out: Posted[] = [];
    for (const id of ids) {
      out.push(
        await post(
          tx,
          deps.config.featureFlags,
          ctx,
          pairOf(ctx, chatChannelUrl(ctx.companyId, id)),
          { body: input.message },
          {
            notify: true,
          },
        ),
      );
    }
    return out;
  });
  await mailNews(
    deps,
    posted.map((p) => p.news),
  );
  const { rows } = await repo.threadPage(deps.db, ctx, {
    page: 1,
    pageSize: ids.length,
    otherIds: ids,
  });
  return presentThreads(deps.db, deps.config.featureFlags, ctx, rows);
}

/**
 * A message written by the demo seed inside its own transaction: the same path as a post, but
 * without notifications or mail (the seeded companies' notification counts stay as they were).
 */
export async function postWithoutNotifying(
  tx: Db,
  ctx: TenantContext,
  connectedCompanyId: number,
  body: string,
): Promise<ChatMessage> {
  assertMaySend(ctx);
  const pair = pairOf(ctx, chatChannelUrl(ctx.companyId, connectedCompanyId));
  return (await post(tx, null, ctx, pair, { body }, { notify: false })).message;
}
