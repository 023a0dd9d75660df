-- The production role model (issue 28 item 3, docs/row-level-security.md): the schema is owned by
-- the migrating role (DATABASE_MIGRATION_URL); the application connects as a runtime role
-- (DATABASE_URL) that is neither owner, superuser nor BYPASSRLS and is a member of
-- flowline_runtime. Requests switch to flowline_tenant as before; work outside a request (jobs,
-- the sign-in lookup, the listed withoutTenantScope uses) runs as the runtime role, which the
-- policies below let through only while no company scope is set.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'flowline_runtime') THEN
    CREATE ROLE flowline_runtime NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- Membership of flowline_tenant lets a runtime login role SET ROLE flowline_tenant.
DO $$
BEGIN
  GRANT flowline_tenant TO flowline_runtime;
EXCEPTION WHEN duplicate_object OR unique_violation OR invalid_grant_operation THEN NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO flowline_runtime;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO flowline_runtime;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO flowline_runtime;
--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO flowline_runtime;
--> statement-breakpoint
-- Tables and sequences later migrations create (as this migrating role) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO flowline_runtime;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO flowline_runtime;
--> statement-breakpoint
-- Every table under row-level security lets the runtime role through while no company scope is
-- set (app.company_id empty: jobs, start-up, the sign-in lookup, withoutTenantScope). A statement
-- with a company scope but without the tenant role (a RESET ROLE) still sees only that company's
-- rows (the runtime role is a member of flowline_tenant, whose policies apply). A later migration
-- that enables RLS on a table adds the same policy (test/security/runtime-role.test.ts checks).
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity
  LOOP
    EXECUTE format(
      'CREATE POLICY %I ON public.%I TO flowline_runtime USING (app_company_id() IS NULL) WITH CHECK (app_company_id() IS NULL)',
      t.relname || '_runtime', t.relname);
  END LOOP;
END
$$;
