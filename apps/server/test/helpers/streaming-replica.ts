import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL primary and a streaming replica made by `pg_basebackup -R`, both real server
 * processes on ports of their own, for the read-replica tests (docs/read-replicas.md). A
 * primary of its own rather than the machine's: replication needs a `replication` line in
 * pg_hba.conf, which the suite must not add to the machine's cluster.
 *
 * The servers run as the `postgres` account (PostgreSQL refuses root): from root through
 * `runuser`, else directly when the suite already runs as postgres.
 */
export interface StreamingPair {
  primaryUrl: string;
  replicaUrl: string;
  /** SQL run on the replica as the superuser (pause/resume replay). */
  onReplica(sql: string): void;
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function runAs(): string[] | null {
  const uid = process.getuid?.();
  if (uid === 0) return ['runuser', '-u', 'postgres', '--'];
  if (os.userInfo().username === 'postgres') return [];
  return null;
}

/** Why the pair cannot be made here, or null when it can. */
export function streamingPairUnavailable(): string | null {
  if (!binDir()) return 'PostgreSQL server binaries are not installed';
  if (!runAs()) return 'the suite runs neither as root nor as postgres';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `maxConnections`: the tests need few; the cluster bench (bench/cluster.ts) runs four processes. */
export async function startStreamingPair(maxConnections = 40): Promise<StreamingPair> {
  const bin = binDir()!;
  const prefix = runAs()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-replica-'));
  fs.chmodSync(dir, 0o777);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...prefix, path.join(bin, tool), ...args];
    execFileSync(command!, rest, { stdio: 'pipe', cwd: dir, timeout: 120_000 });
  };
  const serverOptions = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=32MB -c max_connections=${maxConnections}`;
  const ctl = (dataDir: string, port: number, action: 'start' | 'stop') =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, `${path.basename(dataDir)}.log`),
      ...(action === 'start' ? ['-o', serverOptions(port)] : ['-m', 'fast']),
      '-w',
      action,
    ]);

  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  ctl(primaryDir, primaryPort, 'start');
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  ctl(replicaDir, replicaPort, 'start');
  let replicaRunning = true;

  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    onReplica(sql) {
      run('psql', ['-h', '127.0.0.1', '-p', String(replicaPort), '-U', 'postgres', '-c', sql]);
    },
    stopReplica() {
      if (replicaRunning) ctl(replicaDir, replicaPort, 'stop');
      replicaRunning = false;
    },
    startReplica() {
      if (!replicaRunning) ctl(replicaDir, replicaPort, 'start');
      replicaRunning = true;
    },
    stop() {
      try {
        if (replicaRunning) ctl(replicaDir, replicaPort, 'stop');
      } finally {
        ctl(primaryDir, primaryPort, 'stop');
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
