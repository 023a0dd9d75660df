import { eq } from 'drizzle-orm';
import { UserType, roleNames, type AdminAuditActorType, type RoleId } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { adminAuditEvents, users, type AdminAuditChange } from '../../db/schema/index';

/** Who acted when no person or key did (jobs, migrations of data): `systemActor(companyId)`. */
export interface SystemActor {
  companyId: number;
  system: true;
  requestId?: string;
}
export const systemActor = (companyId: number, requestId?: string): SystemActor => ({
  companyId,
  system: true,
  requestId,
});

export interface AdminChange {
  /** e.g. 'user.roles_changed', 'apikey.created' (docs/admin-audit.md lists them). */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  changes?: AdminAuditChange[];
}

function actorTypeOf(userType: number): AdminAuditActorType {
  if (userType === UserType.ApiKey) return 'api_key';
  if (userType === UserType.Global) return 'global_support';
  return 'user';
}

/**
 * Records an administrative change. Call it with the transaction that makes the change, so the
 * change and its audit row commit or roll back together. Secrets never go in: pass masked values
 * (`maskAccountNumber`) and leave key material out.
 */
export async function recordAdminChange(
  tx: Db,
  ctx: TenantContext | SystemActor,
  change: AdminChange,
): Promise<void> {
  let actor: {
    actorUserId: number | null;
    actorName: string | null;
    actorEmail: string | null;
    actorType: AdminAuditActorType;
  } = { actorUserId: null, actorName: 'Flowline', actorEmail: null, actorType: 'system' };
  if (!('system' in ctx)) {
    const [user] = await tx
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        emailAddress: users.emailAddress,
        userTypeId: users.userTypeId,
      })
      .from(users)
      .where(eq(users.id, ctx.userId))
      .limit(1);
    const isKey = ctx.userType === UserType.ApiKey;
    actor = {
      actorUserId: ctx.userId,
      actorName: user ? `${user.firstName} ${user.lastName}`.trim().slice(0, 250) : null,
      // An API key's user has a made-up address nobody reads: its name says more.
      actorEmail: user && !isKey ? user.emailAddress : null,
      actorType: actorTypeOf(ctx.userType),
    };
  }
  await tx.insert(adminAuditEvents).values({
    companyId: ctx.companyId,
    ...actor,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId == null ? null : String(change.entityId),
    summary: change.summary.slice(0, 500),
    changes: change.changes ?? [],
    requestId: ctx.requestId?.slice(0, 120) ?? null,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs between `before` and `after` (null before = created). */
export function diffFields<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
): AdminAuditChange[] {
  const changes: AdminAuditChange[] = [];
  for (const field of fields) {
    const old = before ? (before[field] ?? null) : null;
    const next = after ? (after[field] ?? null) : null;
    if (!same(old, next)) changes.push({ field, old, new: next });
  }
  return changes;
}

/** An account or routing number as the audit keeps it: its last four digits only. */
export function maskAccountNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\s/g, '');
  return digits.length <= 4 ? '****' : `****${digits.slice(-4)}`;
}

/** A role id as people read it in the audit ('Administrator'); unknown ids as 'Role 7'. */
export function roleName(id: number): string {
  return roleNames[id as RoleId] ?? `Role ${id}`;
}

/** Main and additional roles, by name, for old → new comparisons. */
export function rolesForAudit(roles: { roleId: number; isMain: boolean }[]) {
  return {
    mainRole: roleName(roles.find((r) => r.isMain)?.roleId ?? 0),
    additionalRoles: roles
      .filter((r) => !r.isMain)
      .map((r) => roleName(r.roleId))
      .sort(),
  };
}
