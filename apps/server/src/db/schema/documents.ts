import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { companies } from './companies';
import { documentTypes } from './document-types';
import { parties } from './parties';

/**
 * Documents (docs/documents.md). A document belongs to the company that uploaded it; every company
 * that sees it (the sender, and after Send the receiver) has one `document_routes` row with its own
 * status, read flag and denormalised list/search columns, so every list, count and search is a
 * query over one company's rows through an index that starts with `company_id`.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The metadata fields of a document type (seeded from packages/shared document-fields.ts). */
export const metadataDefinitions = pgTable(
  'metadata_definitions',
  {
    id: integer('id').primaryKey(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    key: varchar('key', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    fieldTypeId: integer('field_type_id').notNull(),
    isReadonly: boolean('is_readonly').notNull().default(false),
    isDocumentProperty: boolean('is_document_property').notNull().default(false),
    isDollarTotal: boolean('is_dollar_total').notNull().default(false),
    isMultiple: boolean('is_multiple').notNull().default(false),
    isThirdParty: boolean('is_third_party').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    /** Position among the type's list columns; null = not a list column. */
    listColumnOrder: integer('list_column_order'),
  },
  (t) => [uniqueIndex('metadata_definitions_type_key').on(t.documentTypeId, t.key)],
);

/** Allowed values of List fields (GET /metadata/{id}/lookupvalues). */
export const metadataLookupValues = pgTable(
  'metadata_lookup_values',
  {
    id: integer('id').primaryKey(),
    metadataDefinitionId: integer('metadata_definition_id')
      .notNull()
      .references(() => metadataDefinitions.id),
    lookupValue: varchar('lookup_value', { length: 255 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('metadata_lookup_values_definition_idx').on(t.metadataDefinitionId)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    /** The company that uploaded (and sends) the document. */
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    batchName: varchar('batch_name', { length: 100 }),
    /** The receiving connection chosen at upload (a party of the owner company). */
    receivingPartyId: integer('receiving_party_id').references(() => parties.id, {
      onDelete: 'set null',
    }),
    receivingCompanyId: integer('receiving_company_id').references(() => companies.id),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Blob key derived from the content hash, never from the user's file name. */
    fileKey: text('file_key').notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    pageCount: integer('page_count'),
    /** Versions: a resubmit or replace creates a new document pointing at the one it replaces. */
    previousVersionId: integer('previous_version_id'),
    /** The first document of the version chain (itself for a first version). */
    versionRootId: integer('version_root_id'),
    /** A replace-file upload not yet used (spec 1 §4 Replace file). */
    isTemporary: boolean('is_temporary').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // Unique (migration 0077): the key line items refer to with their owner copy.
    uniqueIndex('documents_owner_idx').on(t.ownerCompanyId, t.id),
    index('documents_batch_idx').on(t.ownerCompanyId, t.batchName, t.createdByUserId),
    index('documents_version_root_idx').on(t.versionRootId),
    index('documents_file_sha_idx').on(t.fileSha256),
    index('documents_owner_receiver_published_idx').on(
      t.ownerCompanyId,
      t.receivingCompanyId,
      t.publishedAt,
    ),
    // Lists exclude deleted and temporary documents with NOT EXISTS against this small index.
    index('documents_not_live_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} IS NOT NULL OR ${t.isTemporary}`),
  ],
);

/**
 * Metadata values (source of truth). `value` is the canonical text form: dates ISO yyyy-mm-dd,
 * date-times ISO 8601, currency and numbers as plain decimals, multiple values as a JSON array.
 */
export const documentMetadata = pgTable(
  'document_metadata',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    metadataDefinitionId: integer('metadata_definition_id')
      .notNull()
      .references(() => metadataDefinitions.id),
    value: text('value'),
    autoExtracted: boolean('auto_extracted').notNull().default(false),
    lookupValueId: integer('lookup_value_id').references(() => metadataLookupValues.id),
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.metadataDefinitionId] })],
);

/** One row per company that sees a document: its side, status, read flag and list columns. */
export const documentRoutes = pgTable(
  'document_routes',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'sent' for the owner company (also before sending), 'received' for the receiver. */
    side: varchar('side', { length: 10 }).notNull(),
    documentTypeId: integer('document_type_id').notNull(),
    /** Null until the document is sent (shown as New). */
    routeStatusId: integer('route_status_id'),
    isRead: boolean('is_read').notNull().default(false),
    /** The counterparty as this company knows it (its connection) and the company behind it. */
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'set null' }),
    counterpartyCompanyId: integer('counterparty_company_id').references(() => companies.id),
    /** Denormalised metadata for lists: metadata key → canonical value (refreshed on every save). */
    listValues: jsonb('list_values').$type<Record<string, string | null>>().notNull().default({}),
    /** Type-ahead haystack: doc number, type name, file name and metadata values, lower-cased. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('document_routes_document_company_key').on(t.documentId, t.companyId),
    index('document_routes_company_type_status_idx').on(
      t.companyId,
      t.documentTypeId,
      t.routeStatusId,
      t.documentId,
    ),
    // Migration 0010 adds INCLUDE (document_type_id, route_status_id): index-only counts.
    index('document_routes_company_side_idx').on(t.companyId, t.side, t.documentId),
    // The default sort (id desc) of one company's rows.
    index('document_routes_company_document_idx').on(t.companyId, t.documentId),
    index('document_routes_search_idx').using('gin', t.companyId, t.searchVector),
    index('document_routes_typeahead_idx').using(
      'gin',
      t.companyId,
      sql`${t.searchText} gin_trgm_ops`,
    ),
  ],
);

/**
 * Append-only audit history (a trigger refuses UPDATE and DELETE). Operations are the ids of
 * packages/shared HistoryOperation.
 */
export const documentHistory = pgTable(
  'document_history',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    operationId: integer('operation_id').notNull(),
    objectType: varchar('object_type', { length: 50 }),
    objectName: varchar('object_name', { length: 255 }),
    metadataDefinitionId: integer('metadata_definition_id'),
    metadataTypeId: integer('metadata_type_id'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    rowNumber: integer('row_number'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_history_document_idx').on(t.documentId, t.id)],
);

export const documentAttachments = pgTable(
  'document_attachments',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The company whose user attached it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileKey: text('file_key').notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_attachments_document_idx').on(t.documentId),
    index('document_attachments_file_sha_idx').on(t.fileSha256),
  ],
);
