import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';
import { documents } from './documents';

/** One chat thread per pair of companies (low id < high id); docs/chat.md, migration 0030. */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: serial('id').primaryKey(),
    lowCompanyId: integer('low_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    highCompanyId: integer('high_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The newest message, kept with every post so the thread list needs no scan. */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_threads_pair_key').on(t.lowCompanyId, t.highCompanyId),
    index('chat_threads_high_idx').on(t.highCompanyId, t.lastMessageId),
    index('chat_threads_low_idx').on(t.lowCompanyId, t.lastMessageId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    senderCompanyId: integer('sender_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** An attached file in the blob store; all four are null without one. */
    fileKey: text('file_key'),
    fileName: varchar('file_name', { length: 255 }),
    fileContentType: varchar('file_content_type', { length: 100 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_thread_idx').on(t.threadId, t.id),
    index('chat_messages_thread_sender_idx').on(t.threadId, t.senderCompanyId, t.id),
    index('chat_messages_file_key_idx')
      .on(t.fileKey)
      .where(sql`${t.fileKey} IS NOT NULL`),
  ],
);

/** How far a user read a thread, and up to which message they hid ("deleted") it. */
export const chatUserMarks = pgTable(
  'chat_user_marks',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readUpToId: integer('read_up_to_id').notNull().default(0),
    hiddenUpToId: integer('hidden_up_to_id').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId], name: 'chat_user_marks_pkey' }),
    index('chat_user_marks_user_idx').on(t.userId),
  ],
);

/** The HS256 secret of chat tokens: one row, created on first use. */
export const chatTokenSecrets = pgTable('chat_token_secrets', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
