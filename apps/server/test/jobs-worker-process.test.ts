import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devMailbox } from '../src/db/schema/index';
import { createQueuedMailer } from '../src/platform/mail/mail-queue';
import { buildTestApp } from './helpers/app';

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * `npm run worker` as a real child process: the API (JOB_WORKERS=off) queues a mail, the worker
 * delivers it. A separate process needs the PostgreSQL server (PGlite belongs to one process).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the worker process', () => {
  it('delivers a mail the API queued', async () => {
    const t = await buildTestApp({ JOB_WORKERS: 'off' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-worker-'));
    const raw = t.database.raw;
    if (raw.kind !== 'postgres') throw new Error('needs the PostgreSQL server');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: raw.url,
        ...(raw.migrationUrl ? { DATABASE_MIGRATION_URL: raw.migrationUrl } : {}),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const to = `worker-${Date.now()}@test.example`;
      await createQueuedMailer(t.app.jobs).send({
        to: [to],
        subject: 'From the worker',
        text: 'Hi',
      });
      const deadline = Date.now() + 30_000;
      let delivered: unknown[] = [];
      while (delivered.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        delivered = await t.db
          .select()
          .from(devMailbox)
          .where(sql`${devMailbox.to} @> ${JSON.stringify([to])}::jsonb`);
      }
      expect(delivered).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
