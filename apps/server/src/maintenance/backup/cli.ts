import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { BackupError, userPath } from './archive';
import { createBackup, defaultBackupName } from './backup';
import { restoreBackup } from './restore';

/**
 * npm run backup -- [--out <file>]
 * npm run restore -- --from <file> [--force]
 * Configuration from the environment, as the server's (DATA_DIR, DATABASE_URL, BLOB_STORE…).
 */
const usage = `Usage:
  npm run backup -- [--out <file>]            default: backups/flowline-<kind>-<time>.tar
  npm run restore -- --from <file> [--force]  --force replaces what the target holds
See docs/backup-and-restore.md.`;

const [command, ...rest] = process.argv.slice(2);
const log = (message: string) => console.log(message);

try {
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const config = loadConfig();
  if (command === 'backup') {
    const out = values.out
      ? userPath(values.out)
      : path.join(userPath('backups'), defaultBackupName(config));
    await createBackup({ config, out, log });
  } else if (command === 'restore') {
    if (!values.from) throw new BackupError(`--from <file> is required.\n${usage}`);
    await restoreBackup({ config, from: userPath(values.from), force: values.force, log });
  } else {
    throw new BackupError(usage);
  }
} catch (error) {
  console.error(error instanceof BackupError || error instanceof TypeError ? error.message : error);
  process.exit(1);
}
