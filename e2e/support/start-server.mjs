#!/usr/bin/env node
// Starts the real app for the browser journeys: a fresh database (PGlite in a temporary data
// directory, or a new database on the PostgreSQL server when TEST_DATABASE_URL is set), demo data,
// the built SPA and the embedded issuer, on E2E_PORT.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '3100';
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-e2e-'));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DEV_MAILBOX: 'true',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'always',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  // Journeys post and retry quickly from one address; the limits have their own API tests.
  CHAT_POSTS_PER_MINUTE_PER_USER: '1000',
  CHAT_POSTS_PER_MINUTE_PER_THREAD: '1000',
  // A short digest window: a batch sent at once becomes one mail (notification-digest.spec.ts);
  // the journeys that read mail read invitations and sign-in mails, which are not delayed.
  NOTIFICATION_MAIL_DELAY_SECONDS: '8',
};

const RUNTIME_LOGIN = { name: 'flowline_e2e_runtime', password: 'flowline-e2e-runtime' };
/** Idempotent and race-safe: the group of migration 0042 and a login role in it. */
const RUNTIME_ROLE_SQL = [
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'flowline_runtime') THEN
       CREATE ROLE flowline_runtime NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
     END IF;
   EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${RUNTIME_LOGIN.name}') THEN
       CREATE ROLE ${RUNTIME_LOGIN.name} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS
         PASSWORD '${RUNTIME_LOGIN.password}' IN ROLE flowline_runtime;
     END IF;
   EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
];

if (process.env.TEST_DATABASE_URL) {
  const name = `flowline_e2e_${port}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  // The app connects as a runtime role (not owner, not superuser, not BYPASSRLS) and migrates as
  // the superuser, as production should (docs/row-level-security.md; scripts/create-runtime-role.sql).
  for (const statement of RUNTIME_ROLE_SQL) await admin.query(statement);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_MIGRATION_URL = url.toString();
  url.username = RUNTIME_LOGIN.name;
  url.password = RUNTIME_LOGIN.password;
  env.DATABASE_URL = url.toString();
}

// The compiled server, as in production (issue 16): built here when its sources changed, so a
// run never tests a stale dist/. The Node.js flags are `npm start`'s (apps/server/node-flags.json).
const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'server'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);
const nodeFlags = JSON.parse(
  fs.readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8'),
);
const server = spawn(process.execPath, [...nodeFlags, 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  env,
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
