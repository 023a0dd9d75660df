import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ListFilters } from '@flowline/shared';
import { users } from './accounts';
import { timestamps } from './columns';
import { companies } from './companies';
import { documentTypes } from './document-types';

/** A saved view of a type's list (issue 30 item 6, docs/list-views.md; migration 0072). */
export const listViews = pgTable(
  'list_views',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    name: varchar('name', { length: 60 }).notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The column keys in order; null = the type's usual columns. */
    columns: jsonb('columns').$type<string[] | null>(),
    filters: jsonb('filters').$type<ListFilters>().notNull().default({ fields: [] }),
    orderBy: varchar('order_by', { length: 100 }).notNull().default('id'),
    orderByDirection: varchar('order_by_direction', { length: 4 })
      .$type<'asc' | 'desc'>()
      .notNull()
      .default('desc'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('list_views_owner_name_key').on(
      t.companyId,
      t.ownerUserId,
      t.documentTypeId,
      sql`lower(${t.name})`,
    ),
    index('list_views_company_type_idx').on(t.companyId, t.documentTypeId),
  ],
);
