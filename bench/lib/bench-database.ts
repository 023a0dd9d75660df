import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/startup';

/**
 * A migrated, empty database for an in-process bench: embedded PGlite in a fresh temporary data
 * directory, or the PostgreSQL server of `DATABASE_URL`. `close()` also removes the directory.
 */
export async function openBenchDatabase(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `flowline-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'never',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    JOB_WORKERS: 'off',
  });
  const database = await prepareDatabase(config);
  return {
    config,
    database,
    db: database.db,
    engine: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
