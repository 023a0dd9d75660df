import fs from 'node:fs';

/**
 * Which process has the embedded database open: `<data dir>.pid` holds its process id and start
 * time while a server (or `npm run seed`) has DATA_DIR/db open. PGlite's own postmaster.pid does
 * not tell (its pid is always -42 and a killed process leaves it behind). Backup and restore
 * refuse a data directory another live process holds (docs/backup-and-restore.md).
 */
export function lockFileOf(pgliteDir: string): string {
  return `${pgliteDir.replace(/[/\\]+$/, '')}.pid`;
}

/** The process's start time since boot (Linux /proc), to tell a reused pid from the holder. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function holdPgliteLock(pgliteDir: string): () => void {
  const file = lockFileOf(pgliteDir);
  const content = JSON.stringify({ pid: process.pid, startTime: startTimeOf(process.pid) });
  try {
    fs.writeFileSync(file, content, { mode: 0o600 });
  } catch {
    // A read-only data directory still opens; backups then cannot tell it is in use.
    return () => undefined;
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The live process, other than this one, that holds the embedded database; null when none. */
export function pgliteHolder(pgliteDir: string): number | null {
  let held: { pid?: unknown; startTime?: unknown };
  try {
    held = JSON.parse(fs.readFileSync(lockFileOf(pgliteDir), 'utf8')) as typeof held;
  } catch {
    return null;
  }
  const pid = typeof held.pid === 'number' ? held.pid : null;
  if (pid === null || pid === process.pid || !isAlive(pid)) return null;
  // Same pid, another process (the holder was killed and the pid reused): not held.
  const now = startTimeOf(pid);
  if (now !== null && typeof held.startTime === 'string' && now !== held.startTime) return null;
  return pid;
}
