import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The production role model (docs/row-level-security.md, issue 28 item 3): the schema belongs to
 * the migrating role (DATABASE_MIGRATION_URL); the application connects as a login role that is a
 * member of this group (DATABASE_URL) — no owner, no superuser, no BYPASSRLS. Migration 0042
 * creates the group and grants it DML on the application's tables.
 */
export const RUNTIME_ROLE = 'flowline_runtime';

/**
 * Grants the runtime group what the job engine needs in pg-boss's schema (installed by the
 * migrating role at start): the schema, its tables, sequences and functions. Idempotent.
 */
export function grantJobSchemaSql(schema: string): string[] {
  return [
    `GRANT USAGE ON SCHEMA ${schema} TO ${RUNTIME_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${RUNTIME_ROLE}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${RUNTIME_ROLE}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${RUNTIME_ROLE}`,
  ];
}

/**
 * Creates (or updates) a runtime login role: LOGIN, no superuser, no BYPASSRLS, member of
 * flowline_runtime. Run by an administrator (scripts/create-runtime-role.sql does the same by
 * hand); race-safe, so concurrent test runs may call it.
 */
export function ensureRuntimeLoginSql(name: string, password: string): string {
  const ident = `"${name.replace(/"/g, '""')}"`;
  const literal = `'${password.replace(/'/g, "''")}'`;
  const nameLiteral = `'${name.replace(/'/g, "''")}'`;
  return `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${nameLiteral}) THEN
    CREATE ROLE ${ident} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${literal};
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
ALTER ROLE ${ident} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD ${literal};
DO $$
BEGIN
  GRANT ${RUNTIME_ROLE} TO ${ident};
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;`;
}

/**
 * What is wrong with the role the application connects as (PostgreSQL server only): a superuser
 * or BYPASSRLS role, or one that owns the application's tables, is not restricted by row-level
 * security at all, so the second wall would be moot. Logged as warnings at start.
 */
export async function runtimeRoleWarnings(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT current_user AS "user", r.rolsuper AS "superuser", r.rolbypassrls AS "bypassRls",
      (SELECT count(*) FROM pg_tables t
        WHERE t.schemaname = 'public' AND pg_has_role(current_user, t.tableowner, 'USAGE'))::int AS "owned"
    FROM pg_roles r WHERE r.rolname = current_user`);
  const rows = (result as { rows: unknown[] }).rows;
  const row = (rows[0] ?? {}) as {
    user?: string;
    superuser?: boolean;
    bypassRls?: boolean;
    owned?: number;
  };
  const who = `The database role ${row.user ?? '?'} (DATABASE_URL)`;
  const fix = `Connect as a runtime role (no owner, no superuser, no BYPASSRLS) and run migrations with DATABASE_MIGRATION_URL (docs/row-level-security.md).`;
  const warnings: string[] = [];
  if (row.superuser)
    warnings.push(`${who} is a superuser: row-level security does not restrict it. ${fix}`);
  else if (row.bypassRls)
    warnings.push(`${who} has BYPASSRLS: row-level security does not restrict it. ${fix}`);
  if (!row.superuser && (row.owned ?? 0) > 0)
    warnings.push(
      `${who} owns ${row.owned} of the application's tables: owners are not restricted by row-level security. ${fix}`,
    );
  return warnings;
}
