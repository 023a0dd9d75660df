import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { createJobEngine, JOB_SCHEMA, Queue } from '../src/platform/jobs/index';
import { createQueuedMailer } from '../src/platform/mail/mail-queue';
import { buildTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { silentLog } from './helpers/jobs';

/** Queues a job with workers off, stops, and works it with a new engine on the same data. */
async function survivesRestart(reopen: () => Promise<Database>, first: Database) {
  const before = createJobEngine(first, { runWorkers: false }, silentLog);
  await before.start();
  const id = await before.send(Queue.documentExtraction, { documentId: 7 }, { companyId: 1 });
  await before.stop();

  const database = await reopen();
  const after = createJobEngine(database, { runWorkers: true }, silentLog);
  const handled = new Promise<{ id: string; data: unknown }>((resolve) =>
    after.register(Queue.documentExtraction, async (job) => resolve(job)),
  );
  await after.start();
  try {
    const job = await handled;
    expect(job).toMatchObject({ id, data: { documentId: 7 } });
    await after.drain(Queue.documentExtraction);
  } finally {
    await after.stop();
  }
  return database;
}

describe('a queued job survives a restart', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('on PGlite with a data directory (the embedded default)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-jobs-'));
    dirs.push(dir);
    const dump = inject('pgliteDumpFile');
    // The migrated template (with pg-boss's schema) when the suite runs on PGlite.
    const open = (loadDump: boolean) =>
      PGlite.create({
        dataDir: dir,
        extensions: { pg_trgm, btree_gin },
        ...(loadDump && dump ? { loadDataDir: new Blob([fs.readFileSync(dump)]) } : {}),
      }).then((pglite) => openDatabase({ url: null, pglite }));
    const first = await open(true);
    if (!dump) await first.migrate();
    // The process "dies": the data directory is all that is left.
    const reopened = await survivesRestart(async () => {
      await first.close();
      return open(false);
    }, first);
    await reopened.close();
  });

  it("on the suite's database (PostgreSQL with TEST_DATABASE_URL)", async () => {
    const database = await createTestDatabase();
    try {
      await survivesRestart(async () => database, database);
    } finally {
      await database.close();
    }
  });
});

describe('a job active in a process that died', () => {
  it('fails once its expiry passes and is retried by another engine', async () => {
    const database = await createTestDatabase();
    const engine = createJobEngine(database, { runWorkers: true }, silentLog);
    const runs: number[] = [];
    engine.register(Queue.documentExtraction, async (job) => {
      runs.push(job.retryCount);
    });
    try {
      const sender = createJobEngine(database, { runWorkers: false }, silentLog);
      await sender.start();
      const id = await sender.send(Queue.documentExtraction, { documentId: 8 });
      await sender.stop();
      // As if a worker had taken it 16 minutes ago (the queue's expiry is 15) and died.
      await database.db.execute(
        sql`UPDATE ${sql.raw(`${JOB_SCHEMA}.job`)} SET state = 'active',
          started_on = now() - interval '16 minutes' WHERE id = ${id}::uuid`,
      );
      await engine.start();
      // Still active (its process is gone): nobody takes it before maintenance expires it.
      await expect(engine.drain(Queue.documentExtraction, { timeoutMs: 100 })).rejects.toThrow(
        /still pending/,
      );
      expect(runs).toEqual([]);

      await engine.maintain();
      await engine.drain(Queue.documentExtraction, { includeDelayed: true });
      expect(runs).toEqual([1]);
    } finally {
      await engine.stop();
      await database.close();
    }
  });
});

/** An SMTP server on a fixed port that can be stopped and started again. */
function smtpOnPort() {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  const start = (port = 0) =>
    new Promise<number>((resolve) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      server.listen(port, '127.0.0.1', () =>
        resolve((server!.server.address() as { port: number }).port),
      );
    });
  const stop = () =>
    new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, start, stop };
}

describe('mail while the SMTP server is down', () => {
  it('is queued, retried with back-off, and delivered once the server is back', async () => {
    const smtp = smtpOnPort();
    const port = await smtp.start();
    await smtp.stop();
    const t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const mailer = createQueuedMailer(t.app.jobs);
      await mailer.send({
        to: ['rosa@test.example'],
        subject: 'Invoice INV-9 from Caprock',
        text: 'Open it in Flowline',
        companyId: null,
      });
      await t.app.jobs.drain(Queue.mail);
      const [job] = (
        (await t.db.execute(
          sql`SELECT state, retry_count, start_after > now() + interval '25 seconds' AS later,
            output->>'message' AS error
          FROM ${sql.raw(`${JOB_SCHEMA}.job`)} WHERE name = ${Queue.mail}`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      // Failed once (connection refused) and waits at least 30 s for its first retry.
      expect(job).toMatchObject({ state: 'retry', retry_count: 0, later: true });
      expect(String(job?.error)).toMatch(/ECONNREFUSED|connect/i);
      expect(smtp.received).toHaveLength(0);

      await smtp.start(port);
      await t.app.jobs.drain(Queue.mail, { includeDelayed: true });
      expect(smtp.received.map((m) => m.subject)).toEqual(['Invoice INV-9 from Caprock']);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
