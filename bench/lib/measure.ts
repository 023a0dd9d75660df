// Small helpers shared by the benchmarks: timing, percentiles, result rows, formatting.
import os from 'node:os';

/** Rows of a drizzle `execute` result, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface Latency {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? NaN;
}

export function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/**
 * Runs the calls in turn, run after run (a, b, a, b…), so each sees the same moment of a busy
 * machine: `warmup` unmeasured rounds, then `runs` timed ones. Each call gets the run number so
 * callers can rotate through inputs. One latency per call.
 */
export async function sampleInterleaved(
  runs: number,
  calls: ((run: number) => Promise<unknown>)[],
  warmup = Math.min(10, runs),
): Promise<Latency[]> {
  for (let i = 0; i < warmup; i++) for (const call of calls) await call(i);
  const samples: number[][] = calls.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, call] of calls.entries()) {
      const start = performance.now();
      await call(i);
      samples[k]!.push(performance.now() - start);
    }
  }
  return samples.map(latencyOf);
}

/** Runs `fn` sequentially: `warmup` unmeasured calls, then `runs` timed ones. */
export async function sample(
  runs: number,
  fn: (run: number) => Promise<unknown>,
  warmup = Math.min(10, runs),
): Promise<Latency> {
  const [latency] = await sampleInterleaved(runs, [fn], warmup);
  return latency!;
}

export const ms = (value: number) => value.toFixed(1);

/** A plain-text table with right-aligned columns after the first. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The 1-minute load average against the core count: figures taken on a busy machine are high. */
export function machineLoad(): string {
  const [one] = os.loadavg();
  return `load average ${one?.toFixed(1)} on ${os.availableParallelism()} cores`;
}
