// Memory evidence for bench/soak.ts beyond RSS. RSS of a garbage-collected process is a saw-tooth
// (garbage waits for the next major collection), so a leak is told apart by what survives
// collections: the heap size after every Mark-Compact (`--trace-gc` lines in the instance's log)
// and, with `--snapshots`, heap snapshots (each forces a full collection) summarised by
// constructor, so that what grew between two of them is named.
import fs from 'node:fs';

export interface MajorGc {
  /** Milliseconds since the instance's isolate started. */
  at: number;
  /** Heap in use after the collection, MB. */
  liveMb: number;
}

// e.g. "[1234:0x5f0c...]   61234 ms: Mark-Compact 180.2 (221.0) -> 121.7 (222.5) MB, ..."
const MARK_COMPACT = /\s(\d+) ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

export function majorCollections(logFile: string): MajorGc[] {
  const out: MajorGc[] = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const m = MARK_COMPACT.exec(line);
    if (m) out.push({ at: Number(m[1]), liveMb: Number(m[2]) });
  }
  return out;
}

export interface HeapSummary {
  file: string;
  totalBytes: number;
  nodes: number;
  /** self size and count per constructor / node name, e.g. "Object", "(string)", "Socket". */
  byName: Map<string, { bytes: number; count: number }>;
}

/** A V8 .heapsnapshot read whole (hundreds of MB of JSON; fine for a benchmark). */
export function summariseSnapshot(file: string): HeapSummary {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snapshot.snapshot.meta.node_types[0];
  const byName = new Map<string, { bytes: number; count: number }>();
  let totalBytes = 0;
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    const size = nodes[i + sizeAt]!;
    totalBytes += size;
    // Objects by constructor; strings, code, arrays etc. by their kind.
    const name =
      type === 'object' || type === 'closure' ? strings[nodes[i + nameAt]!]! : `(${type})`;
    const entry = byName.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count += 1;
    byName.set(name, entry);
  }
  return { file, totalBytes, nodes: nodes.length / width, byName };
}

/** The constructors that grew most between two snapshots, largest growth first. */
export function grownBetween(before: HeapSummary, after: HeapSummary, top = 12) {
  return [...after.byName.entries()]
    .map(([name, a]) => {
      const b = before.byName.get(name) ?? { bytes: 0, count: 0 };
      return { name, bytes: a.bytes - b.bytes, count: a.count - b.count, total: a.bytes };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top);
}

/** Asks the process for a heap snapshot (`--heapsnapshot-signal=SIGUSR2`) and waits for the file. */
export async function takeSnapshot(pid: number, dir: string, timeoutMs = 300_000): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(1000)) {
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    // Written in one go while the process is paused; done once the size stops changing and the
    // JSON is closed.
    const full = `${dir}/${file}`;
    const size = fs.statSync(full).size;
    await sleep(2000);
    if (fs.statSync(full).size !== size || size === 0) continue;
    const fd = fs.openSync(full, 'r');
    const tail = Buffer.alloc(16);
    fs.readSync(fd, tail, 0, 16, Math.max(0, size - 16));
    fs.closeSync(fd);
    if (tail.toString().trimEnd().endsWith('}')) return full;
  }
  throw new Error(`no heap snapshot from ${pid} within ${timeoutMs / 1000} s`);
}
