import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { bytea, timestamps } from './columns';
import { companies } from './companies';
import { parties } from './parties';

/** The company logo, already resized to 250×50 PNG: small enough to live in the database. */
export const companyLogos = pgTable('company_logos', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  originalFileName: varchar('original_file_name', { length: 175 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** W9s and insurance certificates of a company; the file itself is in the blob store. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    legalDocumentTypeId: integer('legal_document_type_id').notNull(),
    privacySettingId: integer('privacy_setting_id').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    fileKey: text('file_key').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Insurance certificates: the optional expiry day (issue 27 item 26). */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** When the Administrators were reminded of the expiry; null: not yet (a new date clears it). */
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('legal_documents_company_type_idx').on(t.companyId, t.legalDocumentTypeId, t.isActive),
    index('legal_documents_expiry_due_idx')
      .on(t.expiresOn)
      .where(
        sql`${t.isActive} AND ${t.expiresOn} IS NOT NULL AND ${t.expiryReminderSentAt} IS NULL`,
      ),
    // At most one active document of a type per company, enforced by the database itself.
    uniqueIndex('legal_documents_one_active_key')
      .on(t.companyId, t.legalDocumentTypeId)
      .where(sql`${t.isActive}`),
  ],
);

/** The connections a shared legal document is shared with. */
export const legalDocumentParties = pgTable(
  'legal_document_parties',
  {
    legalDocumentId: integer('legal_document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'cascade' }),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.legalDocumentId, t.partyId] }),
    index('legal_document_parties_party_idx').on(t.partyId),
  ],
);
