// The system under test of bench/soak.ts: a fresh PostgreSQL database, compiled server instances
// on it (one DATA_DIR shared by both: files, the data key and the signing certificate, as one
// shared folder would be in production), and the virtual users' accounts.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import serverNodeFlags from '../../apps/server/node-flags.json';

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Database {
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(server: string): Promise<Database> {
  const name = `flowline_bench_soak_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Instance {
  child: ChildProcess;
  base: string;
  logFile: string;
  /** Date.now() when the process was spawned (its `--trace-gc` times count from about there). */
  spawnedAt: number;
  stop(): Promise<void>;
}

/** The compiled server (`npm start`'s command line), its log (warn and above) in a file. */
export async function startInstance(opts: {
  port: number;
  env: NodeJS.ProcessEnv;
  logDir: string;
  /** Extra node flags, e.g. `--heapsnapshot-signal=SIGUSR2`. */
  nodeFlags?: string[];
}): Promise<Instance> {
  const logFile = path.join(opts.logDir, `instance-${opts.port}.log`);
  const out = fs.openSync(logFile, 'a');
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags,
      // Every collection to the log: the heap after each Mark-Compact is what survives (soak/memory.ts).
      '--trace-gc',
      ...(opts.nodeFlags ?? []),
      'dist/main.js',
    ],
    {
      cwd: path.join(root, 'apps/server'),
      env: { ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
      stdio: ['ignore', out, out],
    },
  );
  const base = `http://127.0.0.1:${opts.port}`;
  for (const started = Date.now(); ; await sleep(250)) {
    if (child.exitCode !== null) throw new Error(`instance ${opts.port} exited; see ${logFile}`);
    if (Date.now() - started > 180_000) throw new Error(`instance ${opts.port} did not start`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
  }
  return {
    child,
    base,
    logFile,
    spawnedAt,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** VmRSS of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
}

export interface Person {
  email: string;
  kind: 'vendor' | 'operator' | 'owner';
}

/**
 * `count` more people per company kind, each a copy of the demo company's User (user@…):
 * own account with the demo password, own user row, the same memberships and roles.
 */
export async function addPeople(url: string, perKind: Record<Person['kind'], number>) {
  const templates = {
    vendor: 'user@permian.example',
    operator: 'user@redmesa.example',
    owner: 'user@hawthorne.example',
  } as const;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const people: Person[] = [];
  try {
    await client.query('BEGIN');
    for (const kind of Object.keys(templates) as Person['kind'][]) {
      const template = templates[kind];
      const { rows } = await client.query<{ id: number; hash: string }>(
        `SELECT u.id, a.password_hash AS hash FROM users u
           JOIN identity_accounts a ON a.id::text = u.external_id
          WHERE lower(u.email_address) = lower($1)`,
        [template],
      );
      const t = rows[0];
      if (!t) throw new Error(`demo user ${template} not found`);
      for (let i = 1; i <= perKind[kind]; i++) {
        const email = `soak-${kind}-${i}@${template.split('@')[1]}`;
        const account = await client.query<{ id: string }>(
          'INSERT INTO identity_accounts (email, password_hash) VALUES ($1, $2) RETURNING id',
          [email, t.hash],
        );
        const user = await client.query<{ id: number }>(
          `INSERT INTO users (external_id, email_address, first_name, last_name, user_type_id)
           VALUES ($1, $2, 'Soak', $3, 1) RETURNING id`,
          [account.rows[0]!.id, email, `${kind} ${i}`],
        );
        const id = user.rows[0]!.id;
        await client.query(
          `INSERT INTO memberships (company_id, user_id) SELECT company_id, $1 FROM memberships WHERE user_id = $2`,
          [id, t.id],
        );
        await client.query(
          `INSERT INTO membership_roles (company_id, user_id, role_id, is_main)
           SELECT company_id, $1, role_id, is_main FROM membership_roles WHERE user_id = $2`,
          [id, t.id],
        );
        people.push({ email, kind });
      }
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return people;
}
