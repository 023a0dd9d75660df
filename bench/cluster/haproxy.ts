// Debian's haproxy in front of the cluster bench's API instances (bench/cluster.ts): health-checked
// on the readiness endpoint, one log line per request naming the server that took it (matched to
// the virtual users' calls by their `x-bench-id`).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Balancer {
  base: string;
  logFile: string;
  /** Per `x-bench-id`: the server that answered (or '-' / '<NOSRV>'), its status, termination state. */
  served(): Map<string, { server: string; status: number; termination: string }>;
  stop(): void;
}

export function haproxyConfig(port: number, backends: Array<{ name: string; port: number }>) {
  return `global
  maxconn 4096
  log stdout format raw local0

defaults
  mode http
  log global
  timeout connect 2s
  timeout client 90s
  timeout server 90s
  timeout tunnel 1h
  # A loaded two-core machine answers a readiness probe in seconds at worst: a server is taken out
  # after three missed checks (6 s), not because one was slow.
  timeout check 5s
  # A request whose connection to a server fails (the process is gone, the port refuses) was never
  # received: haproxy may send it to another server. One already sent is never repeated.
  retries 3
  option redispatch 1

frontend web
  bind 127.0.0.1:${port}
  capture request header x-bench-id len 40
  log-format "%[capture.req.hdr(0)] %s %ST %tsc %Ta"
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 2s fall 3 rise 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

export async function startHaproxy(
  port: number,
  backends: Array<{ name: string; port: number }>,
  dir: string,
): Promise<Balancer> {
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(port, backends));
  const logFile = path.join(dir, 'haproxy.log');
  const out = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], {
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited; see ${logFile}`);
    if (Date.now() - started > 30_000) throw new Error('haproxy did not become ready');
    const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (ready?.ok) break;
  }
  return {
    base,
    logFile,
    served() {
      const byId = new Map<string, { server: string; status: number; termination: string }>();
      for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
        const m = /^\{?([^ }]*)\}? (\S+) (-?\d+) (\S+) /.exec(line);
        if (!m || !m[1]) continue;
        byId.set(m[1], { server: m[2]!, status: Number(m[3]), termination: m[4]! });
      }
      return byId;
    },
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
