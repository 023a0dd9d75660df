import { z } from 'zod';
import { zIdParam, zPaged } from './common';

/** Audit of administration (issue 17 item 7; docs/admin-audit.md). */
export const adminAuditMessages = {
  title: 'Audit log',
  empty: 'No administrative change matches.',
  badRange: 'The start date must be on or before the end date',
  badDate: 'A date is YYYY-MM-DD or an ISO date-time',
} as const;

/** Who made a change: a person, an API key, a Global support user, or Flowline itself. */
export const adminAuditActorTypes = ['user', 'api_key', 'global_support', 'system'] as const;
export type AdminAuditActorType = (typeof adminAuditActorTypes)[number];

/** The kinds of things audited; the screen filters by them. */
export const adminAuditEntityTypes = {
  user: 'Users',
  membership_invitation: 'Invitations',
  api_key: 'API keys',
  feature_flag: 'Feature flags',
  coding_rule: 'Coding rules',
  approval_policy: 'Approval policies',
  terminology: 'Terminology',
  logo: 'Logo',
  org_unit: 'Profiles',
  legal_document: 'Legal documents',
  ach: 'ACH',
} as const;
export type AdminAuditEntityType = keyof typeof adminAuditEntityTypes;

export const zAdminAuditChange = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export type AdminAuditChange = z.infer<typeof zAdminAuditChange>;

export const zAdminAuditEvent = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorType: z.enum(adminAuditActorTypes),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  changes: z.array(zAdminAuditChange),
  requestId: z.string().nullable(),
});
export type AdminAuditEvent = z.infer<typeof zAdminAuditEvent>;

export const zAdminAuditPage = zPaged(zAdminAuditEvent);
export type AdminAuditPage = z.infer<typeof zAdminAuditPage>;

/** A date (YYYY-MM-DD, whole day in UTC) or an ISO date-time. */
const zDateBound = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s), {
    message: adminAuditMessages.badDate,
  })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: adminAuditMessages.badDate });

/** The audit's filters, shared by its page and its export. */
export const zAdminAuditFilters = z.object({
  entityType: z.string().trim().max(40).optional(),
  action: z.string().trim().max(60).optional(),
  actorUserId: zIdParam.optional(),
  from: zDateBound.optional(),
  to: zDateBound.optional(),
});

/** `from` on or before `to`, compared by day. */
export const auditRangeInOrder = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10);

export const zAdminAuditQuery = zAdminAuditFilters
  .extend({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  })
  .refine(auditRangeInOrder, { message: adminAuditMessages.badRange, path: ['to'] });
export type AdminAuditQuery = z.output<typeof zAdminAuditQuery>;
