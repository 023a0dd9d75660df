import crypto from 'node:crypto';
import {
  API_KEY_PREFIX,
  UserType,
  apiKeyMessages,
  type ApiKey,
  type CreatedApiKey,
} from '@flowline/shared';
import { hashApiKey } from '../../auth/api-key-auth';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import {
  insertMembership,
  insertUser,
  replaceMemberRoles,
  updateMembership,
} from '../users/admin-repository';
import { recordAdminChange, roleName } from '../admin-audit/record';
import * as repo from './repository';

export { hashApiKey };

/** Only people manage keys: a key cannot mint or revoke keys. */
function assertPersonAdministrator(ctx: TenantContext) {
  assertAdministrator(ctx);
  if (ctx.userType === UserType.ApiKey) throw forbidden(apiKeyMessages.keysCannotManageKeys);
}

function present(row: repo.ApiKeyRow, role: number | null, createdBy: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: role ?? 0,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy,
    failedAttempts: row.failedAttempts,
    lastFailedAt: row.lastFailedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, ctx: TenantContext): Promise<ApiKey[]> {
  assertPersonAdministrator(ctx);
  const rows = await repo.listCompanyKeys(db, ctx.companyId);
  return rows.map((r) => present(r.key, r.role, r.createdBy));
}

/**
 * A new key: a user of type ApiKey (no sign-in account, an address nobody can receive mail at),
 * a membership of the company with the chosen role, and the key's hash — in one transaction.
 * The key is returned this once.
 */
export async function createApiKey(
  db: Db,
  ctx: TenantContext,
  input: { name: string; role: number },
): Promise<CreatedApiKey> {
  assertPersonAdministrator(ctx);
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      externalId: null,
      emailAddress: `api-key-${crypto.randomUUID()}@api-keys.flowline.invalid`,
      firstName: 'API key',
      lastName: input.name.slice(0, 100),
      userTypeId: UserType.ApiKey,
    });
    await insertMembership(tx, ctx.companyId, user.id, true);
    await replaceMemberRoles(tx, ctx.companyId, user.id, [{ roleId: input.role, isMain: true }]);
    const created = await repo.insertApiKey(tx, {
      companyId: ctx.companyId,
      userId: user.id,
      name: input.name,
      keyPrefix: key.slice(0, 12),
      keyHash: hashApiKey(key),
      createdByUserId: ctx.userId,
    });
    // The key and its hash never go in the audit; its public prefix tells keys apart.
    await recordAdminChange(tx, ctx, {
      action: 'apikey.created',
      entityType: 'api_key',
      entityId: created.id,
      summary: `Created the API key ${input.name} (${created.keyPrefix}…)`,
      changes: [
        { field: 'name', old: null, new: input.name },
        { field: 'role', old: null, new: roleName(input.role) },
      ],
    });
    return created;
  });
  return { ...present(row, input.role, null), key };
}

/** Revoking is immediate: the key stops authenticating and its membership is blocked. */
export async function revokeApiKey(db: Db, ctx: TenantContext, id: number): Promise<void> {
  assertPersonAdministrator(ctx);
  const row = await repo.findCompanyKey(db, ctx.companyId, id);
  if (!row) throw notFound(apiKeyMessages.notFound, 'api_key_not_found');
  await db.transaction(async (tx) => {
    await repo.revokeKey(tx, id);
    await updateMembership(tx, ctx.companyId, row.userId, { blocked: true });
    if (row.revokedAt) return;
    await recordAdminChange(tx, ctx, {
      action: 'apikey.revoked',
      entityType: 'api_key',
      entityId: id,
      summary: `Revoked the API key ${row.name} (${row.keyPrefix}…)`,
      changes: [{ field: 'revoked', old: false, new: true }],
    });
  });
}
