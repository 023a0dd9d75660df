import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import serverNodeFlags from '../../apps/server/node-flags.json';

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DemoApp {
  child: ChildProcess;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The built app (`scripts/ensure-built.mjs` first) as `npm start` runs it in production — the
 * embedded database in a fresh temporary directory, the demo data, the dev mailbox — on
 * 127.0.0.1:`port`, once `/api/health` answers. For the browser benches (web, offline tickets).
 */
export async function startDemoApp(port: number, origin: string, name: string): Promise<DemoApp> {
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `flowline-bench-${name}-`));
  const child = spawn(process.execPath, [...serverNodeFlags, 'dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'always',
      DEV_MAILBOX: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 120_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, dataDir, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error('the server did not answer /api/health within 120 s');
}
