/**
 * Named points where the crash tests (test/faults-kill-9-*.test.ts, docs/faults.md) stop the real
 * server to kill it with SIGKILL at an exact moment: inside a transaction before its commit,
 * after a commit before the response, while a job is active.
 *
 * Inert unless NODE_ENV=test and FLOWLINE_FAULT_PAUSE_AT names the point: then the process
 * writes `fault point reached: <name>` to stderr and waits there until it is killed. A deployment
 * never runs with NODE_ENV=test, so there a call costs one comparison with undefined.
 */
const pauseAt = process.env.NODE_ENV === 'test' ? process.env.FLOWLINE_FAULT_PAUSE_AT : undefined;

export type FaultPoint =
  'publish:before-commit' | 'publish:after-commit' | 'sign:before-commit' | `job:${string}`;

export async function faultPoint(name: FaultPoint): Promise<void> {
  if (pauseAt === undefined || pauseAt !== name) return;
  process.stderr.write(`fault point reached: ${name}\n`);
  // Holds the caller (and its transaction) until the test kills the process.
  await new Promise<never>(() => undefined);
}
