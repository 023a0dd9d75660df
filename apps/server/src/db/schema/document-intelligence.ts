import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ExtractionStatus } from '@flowline/shared';
import { timestamps } from './columns';
import { documents } from './documents';

/** A word read from a page (the reading module's ReadWord), stored in document_pages.words. */
export interface StoredWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  confidence: number;
}

/** What was read from each page of a document (docs/document-intelligence.md). */
export const documentPages = pgTable(
  'document_pages',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    source: varchar('source', { length: 10 }).notNull().$type<'text' | 'ocr'>(),
    words: jsonb('words').notNull().$type<StoredWord[]>(),
    /** The words joined by spaces, for full-text search. */
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'document_pages_pk', columns: [t.documentId, t.pageNumber] })],
);

/** The reading job of a document and, once it is done, what auto-extraction proposed. */
export const documentExtractions = pgTable(
  'document_extractions',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().$type<ExtractionStatus>(),
    pagesRead: integer('pages_read').notNull().default(0),
    pageCount: integer('page_count'),
    error: text('error'),
    /** What the user is told besides the status: the page cap, the hourly quota (issue 28). */
    notice: text('notice'),
    attempts: integer('attempts').notNull().default(0),
    /** Auto-extraction's proposals (helper C's shape). */
    proposals: jsonb('proposals'),
    proposedLineItems: jsonb('proposed_line_items'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('document_extractions_unfinished')
      .on(t.status)
      .where(sql`${t.status} IN ('pending', 'running')`),
  ],
);
