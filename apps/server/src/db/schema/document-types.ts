import { boolean, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/** Templates carry the behaviour rules (read-only, actions); ids 1–11 are fixed by the spec. */
export const documentTemplates = pgTable('document_templates', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

/** Document types with the spec's fixed ids (AR invoice 93 …). */
export const documentTypes = pgTable('document_types', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  templateId: integer('template_id')
    .notNull()
    .references(() => documentTemplates.id),
  lineItemsEnabled: boolean('line_items_enabled').notNull().default(false),
  isAccountingReport: boolean('is_accounting_report').notNull().default(false),
  adminOnly: boolean('admin_only').notNull().default(false),
});
