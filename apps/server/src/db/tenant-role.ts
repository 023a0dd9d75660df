import pg from 'pg';
import { TENANT_ROLE } from './tenant-scope';

/**
 * Creates the row-level-security role when the server does not have it yet. Roles are
 * cluster-wide, not part of a database dump: a restore into a new server needs it before the
 * dump's grants and policies name it (docs/row-level-security.md). Same statement as migration
 * 0034; safe when several processes run it at once.
 */
export const ENSURE_TENANT_ROLE_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
    CREATE ROLE ${TENANT_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$`;

/** The runtime group of migration 0042 (docs/row-level-security.md), likewise. */
export const ENSURE_RUNTIME_ROLE_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'flowline_runtime') THEN
    CREATE ROLE flowline_runtime NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$`;

/** Creates flowline_tenant and flowline_runtime when the server lacks them. */
export async function ensureTenantRole(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(ENSURE_TENANT_ROLE_SQL);
    await client.query(ENSURE_RUNTIME_ROLE_SQL);
  } finally {
    await client.end();
  }
}
