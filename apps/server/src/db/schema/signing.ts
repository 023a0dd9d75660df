import {
  index,
  integer,
  pgTable,
  doublePrecision,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';
import type { SignatureFieldSource } from '@flowline/shared';
import { timestamps } from './columns';
import { documents } from './documents';

/** A user's stored signature (spec 1 §3 'User signature'; /usersignatureimage). */
export const userSignatures = pgTable('user_signatures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  imageBase64: text('image_base64').notNull(),
  fullName: varchar('full_name', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each consent to sign electronically (ESIGN/UETA), with the text version agreed to. */
export const esignConsents = pgTable(
  'esign_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 50 }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 100 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('esign_consents_user_version_idx').on(t.userId, t.version, t.id)],
);

/** The signatures stamped into a document version (DocumentDto.documentSignatures). */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    imageBase64: text('image_base64').notNull(),
    page: integer('page').notNull(),
    /** The area as canonical JSON of page fractions ({"height","width","x","y"}). */
    area: text('area').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_signatures_document_idx').on(t.documentId, t.id)],
);

/**
 * The signing evidence of a document (docs/signing.md): append-only (a trigger refuses UPDATE and
 * DELETE) and hash-chained per version root (`chain_document_id`).
 */
export const signingEvidence = pgTable(
  'signing_evidence',
  {
    id: serial('id').primaryKey(),
    chainDocumentId: integer('chain_document_id')
      .notNull()
      .references(() => documents.id),
    seq: integer('seq').notNull(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    event: varchar('event', { length: 30 }).notNull(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 255 }),
    email: text('email'),
    companyId: integer('company_id'),
    companyName: varchar('company_name', { length: 255 }),
    signerName: varchar('signer_name', { length: 255 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 100 }),
    userAgent: text('user_agent'),
    sha256Before: varchar('sha256_before', { length: 64 }),
    sha256After: varchar('sha256_after', { length: 64 }),
    page: integer('page'),
    area: text('area'),
    consentVersion: varchar('consent_version', { length: 50 }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('signing_evidence_chain_seq_key').on(t.chainDocumentId, t.seq)],
);

/**
 * Issue 31 items 3–4 (migration 0055): a pending division order's decline reason and the
 * reminders sent for it. One row per document, written by a decline or the first reminder.
 */
export const divisionOrderResponses = pgTable(
  'division_order_responses',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    operatorCompanyId: integer('operator_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A DeclineReason code (packages/shared), null until declined. */
    declineReason: varchar('decline_reason', { length: 30 }),
    declineText: text('decline_text'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    reminderCount: integer('reminder_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('division_order_responses_operator_reason_idx').on(t.operatorCompanyId, t.declineReason),
    index('division_order_responses_owner_idx').on(t.ownerCompanyId),
  ],
);

/** An operator's automatic reminders: after this many days outstanding (null = off). */
export const divisionOrderSettings = pgTable('division_order_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  autoRemindAfterDays: integer('auto_remind_after_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where the owner is asked to sign a pending division order (issue 31 item 1; docs/signing.md
 * 'Signature fields'): one per document version, placed by the operator or found from the
 * document's words. The area is fractions of the page as shown, from its top-left.
 */
export const signatureFields = pgTable('signature_fields', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  page: integer('page').notNull(),
  x: doublePrecision('x').notNull(),
  y: doublePrecision('y').notNull(),
  width: doublePrecision('width').notNull(),
  height: doublePrecision('height').notNull(),
  source: varchar('source', { length: 10 }).notNull().$type<SignatureFieldSource>(),
  /** The words an automatic field was anchored on. */
  label: varchar('label', { length: 200 }),
  setByUserId: integer('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});
