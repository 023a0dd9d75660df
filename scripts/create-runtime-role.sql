-- The runtime role of the production role model (docs/row-level-security.md, issue 28 item 3).
-- Run once per PostgreSQL server as an administrator, after the first start with
-- DATABASE_MIGRATION_URL has migrated the database (migration 0042 creates the group
-- flowline_runtime and grants it DML on every table and sequence; start-up grants it pg-boss's
-- schema). Choose your own name and password:
--
--   psql "$ADMIN_URL" -v name=flowline_app -v password='…' -f scripts/create-runtime-role.sql
--
-- Then start the app with DATABASE_URL=postgres://flowline_app:…@host/db and
-- DATABASE_MIGRATION_URL=postgres://<schema owner>:…@host/db.
-- The group may also be created before the first migration (the migrating role then needs no
-- CREATEROLE):
CREATE ROLE flowline_runtime NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
-- (an "already exists" error here is fine)
CREATE ROLE :"name" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS
  PASSWORD :'password' IN ROLE flowline_runtime;
-- Not the owner: no table in public may belong to it (start-up warns otherwise).
