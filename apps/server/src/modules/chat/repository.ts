import { MetadataKey, UserType } from '@flowline/shared';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  chatMessages,
  chatThreads,
  chatTokenSecrets,
  chatUserMarks,
  companies,
  documentMetadata,
  documentRoutes,
  documentTypes,
  documents,
  memberships,
  metadataDefinitions,
  notifications,
  parties,
  users,
} from '../../db/schema/index';

/**
 * Chat queries (docs/chat.md). Every list is a fixed number of queries whatever the number of
 * threads: the page of threads, then their last messages, members, unread counts and connection
 * states each in one query over the page's ids.
 */

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findThread(db: Db, low: number, high: number): Promise<ThreadRow | null> {
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.lowCompanyId, low), eq(chatThreads.highCompanyId, high)));
  return row ?? null;
}

/** The pair's thread, created when there is none (concurrent posts meet at the unique key). */
export async function ensureThread(db: Db, low: number, high: number): Promise<ThreadRow> {
  await db
    .insert(chatThreads)
    .values({ lowCompanyId: low, highCompanyId: high })
    .onConflictDoNothing();
  const row = await findThread(db, low, high);
  if (!row) throw new Error('chat thread not created');
  return row;
}

/** Locks the thread row: posts to one thread are serialised (last message id stays the newest). */
export async function lockThread(db: Db, threadId: number): Promise<void> {
  await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(eq(chatThreads.id, threadId))
    .for('update');
}

export async function findCompanies(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: companies.id,
      name: companies.name,
      code: companies.code,
      isActive: companies.isActive,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
}

/**
 * Of `otherIds`, the companies `companyId` is live-connected with: BOTH sides hold an active,
 * not disconnected party row naming the other (one query).
 */
export async function liveConnections(
  db: Db,
  companyId: number,
  otherIds: number[],
): Promise<Set<number>> {
  if (otherIds.length === 0) return new Set();
  const live = and(
    isNotNull(parties.connectedCompanyId),
    eq(parties.isDisconnected, false),
    eq(parties.isActive, true),
  );
  // Row-level security escape: a live connection is both companies' records of each other.
  const rows = await withoutTenantScope(() =>
    db
      .selectDistinct({
        companyId: parties.companyId,
        connectedCompanyId: parties.connectedCompanyId,
      })
      .from(parties)
      .where(
        and(
          live,
          or(
            and(eq(parties.companyId, companyId), inArray(parties.connectedCompanyId, otherIds)),
            and(inArray(parties.companyId, otherIds), eq(parties.connectedCompanyId, companyId)),
          ),
        ),
      ),
  );
  const mine = new Set<number>();
  const theirs = new Set<number>();
  for (const r of rows) {
    if (r.companyId === companyId && r.connectedCompanyId !== null) mine.add(r.connectedCompanyId);
    else theirs.add(r.companyId);
  }
  return new Set(otherIds.filter((id) => mine.has(id) && theirs.has(id)));
}

export async function insertMessage(db: Db, values: typeof chatMessages.$inferInsert) {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message not inserted');
  await db
    .update(chatThreads)
    .set({ lastMessageId: row.id, lastMessageAt: row.createdAt })
    .where(eq(chatThreads.id, row.threadId));
  return row;
}

// ---- Reading -------------------------------------------------------------------------------

const otherCompanyOf = (companyId: number) =>
  sql<number>`CASE WHEN ${chatThreads.lowCompanyId} = ${companyId} THEN ${chatThreads.highCompanyId} ELSE ${chatThreads.lowCompanyId} END`;

export interface ThreadListRow {
  id: number;
  lowCompanyId: number;
  highCompanyId: number;
  lastMessageId: number | null;
  lastMessageAt: Date | null;
  otherId: number;
  otherName: string;
  otherCode: string;
  hiddenUpToId: number;
  readUpToId: number;
}

/** The user's visible threads of the company, newest activity first, and how many there are. */
export async function threadPage(
  db: Db,
  who: { companyId: number; userId: number },
  q: { query?: string; page: number; pageSize: number; otherIds?: number[] },
): Promise<{ rows: ThreadListRow[]; total: number }> {
  const hidden = sql<number>`coalesce(${chatUserMarks.hiddenUpToId}, 0)`;
  const conditions: (SQL | undefined)[] = [
    or(eq(chatThreads.lowCompanyId, who.companyId), eq(chatThreads.highCompanyId, who.companyId)),
    isNotNull(chatThreads.lastMessageId),
    sql`${chatThreads.lastMessageId} > ${hidden}`,
  ];
  if (q.otherIds) conditions.push(inArray(companies.id, q.otherIds));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const m = alias(chatMessages, 'm');
    conditions.push(
      or(
        ilike(companies.name, pattern),
        ilike(companies.code, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(m)
            .where(and(eq(m.threadId, chatThreads.id), gt(m.id, hidden), ilike(m.body, pattern))),
        ),
      ),
    );
  }
  const rows = await db
    .select({
      id: chatThreads.id,
      lowCompanyId: chatThreads.lowCompanyId,
      highCompanyId: chatThreads.highCompanyId,
      lastMessageId: chatThreads.lastMessageId,
      lastMessageAt: chatThreads.lastMessageAt,
      otherId: companies.id,
      otherName: companies.name,
      otherCode: companies.code,
      hiddenUpToId: hidden,
      readUpToId: sql<number>`coalesce(${chatUserMarks.readUpToId}, 0)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(chatThreads)
    .innerJoin(companies, eq(companies.id, otherCompanyOf(who.companyId)))
    .leftJoin(
      chatUserMarks,
      and(eq(chatUserMarks.threadId, chatThreads.id), eq(chatUserMarks.userId, who.userId)),
    )
    .where(and(...conditions))
    .orderBy(desc(chatThreads.lastMessageId), desc(chatThreads.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = rows[0]?.total ?? (q.page > 1 ? await countThreads(db, conditions) : 0);
  return {
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      hiddenUpToId: Number(r.hiddenUpToId),
      readUpToId: Number(r.readUpToId),
    })),
    total,
  };

  async function countThreads(d: Db, where: (SQL | undefined)[]) {
    const [row] = await d
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatThreads)
      .innerJoin(companies, eq(companies.id, otherCompanyOf(who.companyId)))
      .leftJoin(
        chatUserMarks,
        and(eq(chatUserMarks.threadId, chatThreads.id), eq(chatUserMarks.userId, who.userId)),
      )
      .where(and(...where));
    return row?.n ?? 0;
  }
}

/** The user's marks of one thread (0 when none). */
export async function findMarks(db: Db, threadId: number, userId: number) {
  const [row] = await db
    .select({ readUpToId: chatUserMarks.readUpToId, hiddenUpToId: chatUserMarks.hiddenUpToId })
    .from(chatUserMarks)
    .where(and(eq(chatUserMarks.threadId, threadId), eq(chatUserMarks.userId, userId)));
  return row ?? { readUpToId: 0, hiddenUpToId: 0 };
}

export interface MessageView {
  id: number;
  threadId: number;
  body: string;
  createdAt: Date;
  senderCompanyId: number;
  senderCompanyName: string;
  senderUserId: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  documentId: number | null;
  documentTitle: string | null;
  fileName: string | null;
  fileContentType: string | null;
  fileSize: number | null;
}

/** A document's title: its type and number ('AR Invoice INV-1001', '#id' without a number). */
const documentTitle = sql<string | null>`CASE WHEN ${documents.id} IS NULL THEN NULL ELSE
  ${documentTypes.name} || ' ' || coalesce((
    SELECT nullif(${documentMetadata.value}, '') FROM ${documentMetadata}
    JOIN ${metadataDefinitions} ON ${metadataDefinitions.id} = ${documentMetadata.metadataDefinitionId}
    WHERE ${documentMetadata.documentId} = ${documents.id} AND ${metadataDefinitions.key} = ${MetadataKey.number}
    LIMIT 1), '#' || ${documents.id}) END`;

function selectMessages(db: Db) {
  return db
    .select({
      id: chatMessages.id,
      threadId: chatMessages.threadId,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
      senderCompanyId: chatMessages.senderCompanyId,
      senderCompanyName: companies.name,
      senderUserId: chatMessages.senderUserId,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      documentId: chatMessages.documentId,
      documentTitle,
      fileName: chatMessages.fileName,
      fileContentType: chatMessages.fileContentType,
      fileSize: chatMessages.fileSize,
    })
    .from(chatMessages)
    .innerJoin(companies, eq(companies.id, chatMessages.senderCompanyId))
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .leftJoin(documents, eq(documents.id, chatMessages.documentId))
    .leftJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId));
}

export async function messagesByIds(db: Db, ids: number[]): Promise<MessageView[]> {
  if (ids.length === 0) return [];
  return selectMessages(db).where(inArray(chatMessages.id, ids));
}

/** Up to `limit` messages before `before` newer than the hide mark, oldest first; hasMore. */
export async function messagesPage(
  db: Db,
  threadId: number,
  opts: { after: number; before?: number; limit: number },
): Promise<{ rows: MessageView[]; hasMore: boolean }> {
  const rows = await selectMessages(db)
    .where(
      and(
        eq(chatMessages.threadId, threadId),
        gt(chatMessages.id, opts.after),
        opts.before === undefined ? undefined : lt(chatMessages.id, opts.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  return { rows: rows.slice(0, opts.limit).reverse(), hasMore };
}

export async function findMessage(db: Db, threadId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.id, messageId)));
  return row ?? null;
}

/** Active, unblocked people (not API keys) of the companies, by company then name. */
export async function membersOf(db: Db, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: memberships.companyId,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(memberships.companyId, companyIds),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        ne(users.userTypeId, UserType.ApiKey),
      ),
    )
    .orderBy(asc(memberships.companyId), asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Unread = the other company's messages after max(read mark, hide mark), per thread (one query). */
export async function unreadCounts(
  db: Db,
  who: { companyId: number; userId: number },
  threadIds: number[],
): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({
      threadId: chatMessages.threadId,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(chatMessages)
    .leftJoin(
      chatUserMarks,
      and(eq(chatUserMarks.threadId, chatMessages.threadId), eq(chatUserMarks.userId, who.userId)),
    )
    .where(
      and(
        inArray(chatMessages.threadId, threadIds),
        ne(chatMessages.senderCompanyId, who.companyId),
        sql`${chatMessages.id} > greatest(coalesce(${chatUserMarks.readUpToId}, 0), coalesce(${chatUserMarks.hiddenUpToId}, 0))`,
      ),
    )
    .groupBy(chatMessages.threadId);
  return new Map(rows.map((r) => [r.threadId, r.n]));
}

/** The badge: unread messages over all the company's threads for the user (one query). */
export async function totalUnread(db: Db, who: { companyId: number; userId: number }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .leftJoin(
      chatUserMarks,
      and(eq(chatUserMarks.threadId, chatMessages.threadId), eq(chatUserMarks.userId, who.userId)),
    )
    .where(
      and(
        or(
          eq(chatThreads.lowCompanyId, who.companyId),
          eq(chatThreads.highCompanyId, who.companyId),
        ),
        ne(chatMessages.senderCompanyId, who.companyId),
        sql`${chatMessages.id} > greatest(coalesce(${chatUserMarks.readUpToId}, 0), coalesce(${chatUserMarks.hiddenUpToId}, 0))`,
      ),
    );
  return row?.n ?? 0;
}

export async function setReadMark(db: Db, threadId: number, userId: number, upTo: number) {
  await db
    .insert(chatUserMarks)
    .values({ threadId, userId, readUpToId: upTo })
    .onConflictDoUpdate({
      target: [chatUserMarks.threadId, chatUserMarks.userId],
      set: {
        readUpToId: sql`greatest(${chatUserMarks.readUpToId}, ${upTo})`,
        updatedAt: sql`now()`,
      },
    });
}

/** Hides everything up to `upTo` (and reads it: a hidden message is not unread). */
export async function setHiddenMark(db: Db, threadId: number, userId: number, upTo: number) {
  await db
    .insert(chatUserMarks)
    .values({ threadId, userId, readUpToId: upTo, hiddenUpToId: upTo })
    .onConflictDoUpdate({
      target: [chatUserMarks.threadId, chatUserMarks.userId],
      set: {
        readUpToId: sql`greatest(${chatUserMarks.readUpToId}, ${upTo})`,
        hiddenUpToId: sql`greatest(${chatUserMarks.hiddenUpToId}, ${upTo})`,
        updatedAt: sql`now()`,
      },
    });
}

/** Whether both companies reach the document through their own route rows (sent between them). */
export async function isDocumentShared(db: Db, documentId: number, companyIds: [number, number]) {
  const rows = await db
    .selectDistinct({ companyId: documentRoutes.companyId })
    .from(documentRoutes)
    .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
    .where(
      and(
        eq(documentRoutes.documentId, documentId),
        inArray(documentRoutes.companyId, companyIds),
        sql`${documents.deletedAt} IS NULL`,
        eq(documents.isTemporary, false),
      ),
    );
  return rows.length === 2;
}

// ---- Notifications -------------------------------------------------------------------------

export const CHAT_NOTIFICATION_ACTION = 'openChat';

/** Of the users, those who already have an unread chat notification for the thread. */
export async function usersWithUnreadChatNotification(
  db: Db,
  companyId: number,
  channelUrl: string,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  // Row-level security escape: the other company's unread chat notifications (one per thread).
  const rows = await withoutTenantScope(() =>
    db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.companyId, companyId),
          inArray(notifications.userId, userIds),
          eq(notifications.isRead, false),
          eq(notifications.actionId, CHAT_NOTIFICATION_ACTION),
          eq(notifications.actionData, channelUrl),
        ),
      ),
  );
  return new Set(rows.map((r) => r.userId));
}

// ---- Token secret --------------------------------------------------------------------------

/** The chat token secret, created once (instances meet at the primary key). */
export async function chatTokenSecret(db: Db, fresh: () => string): Promise<string> {
  await db.insert(chatTokenSecrets).values({ id: 1, secret: fresh() }).onConflictDoNothing();
  const [row] = await db.select().from(chatTokenSecrets).where(eq(chatTokenSecrets.id, 1));
  if (!row) throw new Error('chat token secret missing');
  return row.secret;
}
