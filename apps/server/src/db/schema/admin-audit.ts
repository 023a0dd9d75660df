import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** One field of an audited change; secrets never appear (masked or left out). */
export interface AdminAuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/**
 * Audit of administration (migration 0031, docs/admin-audit.md): append-only — a trigger refuses
 * UPDATE, DELETE and TRUNCATE. The actor is a snapshot, not a foreign key.
 */
export const adminAuditEvents = pgTable(
  'admin_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    actorUserId: integer('actor_user_id'),
    actorName: varchar('actor_name', { length: 250 }),
    actorEmail: varchar('actor_email', { length: 320 }),
    actorType: varchar('actor_type', { length: 20 })
      .$type<'user' | 'api_key' | 'global_support' | 'system'>()
      .notNull(),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }),
    summary: varchar('summary', { length: 500 }).notNull(),
    changes: jsonb('changes').$type<AdminAuditChange[]>().notNull().default([]),
    requestId: varchar('request_id', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_events_company_idx').on(t.companyId, t.createdAt.desc(), t.id.desc())],
);
