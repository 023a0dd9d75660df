import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { faultPoint } from '../fault-points';
import { pgliteBossDb } from './pg-boss-db';
import { FAILED_JOB_RETENTION_DAYS, queueDefinitions, queueNames } from './queues';
import type {
  JobContext,
  JobEngine,
  JobHandler,
  QueueName,
  RegisterOptions,
  SendJobOptions,
} from './types';

export type JobLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** pg-boss's own schema; docs/jobs.md. */
export const JOB_SCHEMA = 'pgboss';

/** What a job row's data holds: the handler's payload and who the job belongs to. */
export interface JobEnvelope<T = unknown> {
  payload: T;
  companyId: number | null;
  label: string | null;
}

export interface JobEngineOptions {
  /** Whether this process works the queues (JOB_WORKERS=in-process) or only enqueues. */
  runWorkers: boolean;
  /** How often an idle worker looks for jobs another process queued. */
  pollingIntervalMs?: number;
  /** How long stop() waits for active jobs before giving up on them (they are retried). */
  stopTimeoutMs?: number;
  /** PostgreSQL connections of pg-boss's own pool (server only). */
  poolSize?: number;
  /**
   * How often the supervising engine expires active jobs whose process died and archives old
   * ones (pg-boss maintenance; JOB_MAINTENANCE_INTERVAL_SECONDS, 120 by default).
   */
  maintenanceIntervalSeconds?: number;
}

/** The engine with its lifecycle: what app.ts, worker.ts and tests hold. */
export interface JobRuntime extends JobEngine {
  readonly runsWorkers: boolean;
  /** Started and not stopped (readiness). */
  readonly isStarted: boolean;
  start(): Promise<void>;
  /** Stops taking jobs and waits briefly for the active ones. */
  stop(): Promise<void>;
  /** A cron schedule (UTC) that queues `data` on `queue`; one job per tick across instances. */
  schedule<T extends object>(
    queue: QueueName,
    cron: string,
    data: T,
    options?: SendJobOptions,
  ): Promise<void>;
  unschedule(queue: QueueName): Promise<void>;
  /** Puts a dead-lettered job back in its queue; false when no failed job has this id. */
  retry(queue: QueueName, id: string): Promise<boolean>;
  /**
   * Works `queue` in this process until nothing is due or active in it (tests, and the queued
   * mailer's callers that must see the mail). `includeDelayed` also runs retries that are
   * waiting for their back-off, so a failing job runs through all its attempts at once.
   */
  drain(
    queue: QueueName,
    options?: { includeDelayed?: boolean; timeoutMs?: number },
  ): Promise<void>;
  /**
   * pg-boss maintenance now (the supervising engine runs it every 2 minutes): active jobs past
   * their expiry fail and are retried, old jobs are archived.
   */
  maintain(): Promise<void>;
  /** Queues this engine sent jobs to since their last drain. */
  readonly sentSinceDrain: ReadonlySet<QueueName>;
}

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
  /** Fair queues: at most this many active jobs per company, companies served in turn. */
  maxActivePerCompany: number | null;
}

type BossJob = PgBoss.JobWithMetadata<JobEnvelope | Record<string, unknown>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Jobs queued before envelopes (or by hand) carry the payload as their data. */
function unwrap(data: unknown): JobEnvelope {
  if (data && typeof data === 'object' && 'payload' in data) return data as JobEnvelope;
  return { payload: data, companyId: null, label: null };
}

function errorOf(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Rejects when the handler runs past the queue's expiry (the job is then retried). */
function withinSeconds<T>(promise: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The job took longer than ${seconds} seconds`)),
      seconds * 1000,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The durable job engine: pg-boss 10 on the PostgreSQL server (its own small pool) or on the
 * embedded PGlite (through its `db` option). pg-boss keeps the queues, retries with back-off,
 * expiry, cron schedules and archiving; the worker loops are ours, built on its fetch / complete
 * / fail, so every database call is awaited (a shutdown never leaves a dangling query), a send
 * in this process wakes the local worker at once, and drain() works a queue on demand.
 */
export function createJobEngine(
  database: Database,
  options: JobEngineOptions,
  log: JobLog,
): JobRuntime {
  const pollingIntervalMs = options.pollingIntervalMs ?? 2000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const common: PgBoss.ConstructorOptions = {
    schema: JOB_SCHEMA,
    // Expiry and archiving need one supervising instance; cron schedules a worker process.
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    archiveFailedAfterSeconds: FAILED_JOB_RETENTION_DAYS * 24 * 60 * 60,
    retentionDays: FAILED_JOB_RETENTION_DAYS,
  };
  const boss =
    database.raw.kind === 'pglite'
      ? new PgBoss({ ...common, db: pgliteBossDb(database.raw.pglite) })
      : new PgBoss({
          ...common,
          connectionString: database.raw.url,
          max: options.poolSize ?? 4,
          application_name: 'flowline-jobs',
        });
  boss.on('error', (err) => log.error({ err }, 'job engine error'));

  const registrations = new Map<QueueName, Registration>();
  const loops: Promise<void>[] = [];
  /** Wakes the idle workers of a queue (a job was just queued in this process). */
  const wakers = new Map<QueueName, Set<() => void>>();
  /** Handlers running in this process, and fetches that may be about to start one. */
  const inFlight = new Set<Promise<unknown>>();
  const sentSinceDrain = new Set<QueueName>();
  let started = false;
  let stopping = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** Runs one fetched job and records the outcome; never throws. */
  async function runJob(queue: QueueName, job: BossJob): Promise<void> {
    const registration = registrations.get(queue);
    const envelope = unwrap(job.data);
    const context: JobContext<unknown> = {
      id: job.id,
      queue,
      data: envelope.payload,
      retryCount: job.retryCount,
      companyId: envelope.companyId,
    };
    try {
      if (!registration) throw new Error(`No handler for the queue ${queue}`);
      await faultPoint(`job:${queue}`);
      await withinSeconds(registration.handler(context), queueDefinitions[queue].expireInSeconds);
    } catch (err) {
      const error = errorOf(err);
      const final = job.retryCount >= job.retryLimit;
      log.warn(
        { err: error, queue, jobId: job.id, attempt: job.retryCount + 1 },
        final ? 'job failed for good: dead-lettered' : 'job failed: it will be retried',
      );
      await boss
        .fail(queue, job.id, error)
        .catch((failErr: unknown) =>
          log.error({ err: failErr, queue, jobId: job.id }, 'could not record a failed job'),
        );
      return;
    }
    await boss
      .complete(queue, job.id)
      .catch((err: unknown) =>
        log.error({ err, queue, jobId: job.id }, 'could not record a completed job'),
      );
  }

  /** Fetches of a fair queue in this process run one at a time (each counts the active jobs). */
  const fetchTurns = new Map<QueueName, Promise<unknown>>();

  /**
   * The next job of a fair queue (issue 28 item 2): companies take turns — a company with fewer
   * jobs running first, then the company served least recently (never, in the last hour, first),
   * then its oldest job — and a company already running `maxActive` jobs waits, so one company's
   * backlog never holds every worker. pg-boss's own fetch, with the company (the envelope's companyId) in the order.
   */
  async function fetchFair(
    queue: QueueName,
    maxActive: number,
    ignoreStartAfter: boolean,
  ): Promise<BossJob | null> {
    const due = ignoreStartAfter ? '' : 'AND start_after < now()';
    const statement = `
      WITH active AS (
        SELECT coalesce(data->>'companyId', '') AS company, count(*)::int AS n
        FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'active' GROUP BY 1
      ), served AS (
        SELECT coalesce(data->>'companyId', '') AS company, max(started_on) AS last
        FROM ${JOB_SCHEMA}.job
        WHERE name = $1 AND state >= 'active' AND started_on > now() - interval '1 hour'
        GROUP BY 1
      ), waiting AS (
        SELECT id, created_on, coalesce(data->>'companyId', '') AS company,
          row_number() OVER (PARTITION BY coalesce(data->>'companyId', '')
                             ORDER BY priority DESC, created_on, id) AS turn
        FROM ${JOB_SCHEMA}.job
        WHERE name = $1 AND state < 'active' ${due}
      ), next AS (
        SELECT j.id FROM ${JOB_SCHEMA}.job j
        JOIN waiting w ON w.id = j.id
        LEFT JOIN active a ON a.company = w.company
        LEFT JOIN served s ON s.company = w.company
        WHERE j.name = $1 AND coalesce(a.n, 0) < $2
        ORDER BY coalesce(a.n, 0), s.last NULLS FIRST, w.turn, w.created_on, w.id
        LIMIT 1
        FOR UPDATE OF j SKIP LOCKED
      )
      UPDATE ${JOB_SCHEMA}.job j SET
        state = 'active',
        started_on = now(),
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
      FROM next WHERE j.name = $1 AND j.id = next.id
      RETURNING j.id, j.name, j.data, j.priority, j.state, j.retry_count AS "retryCount",
        j.retry_limit AS "retryLimit", j.singleton_key AS "singletonKey",
        j.created_on AS "createdOn", j.started_on AS "startedOn"`;
    const previous = fetchTurns.get(queue) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(() => boss.getDb().executeSql(statement, [queue, maxActive]));
    fetchTurns.set(
      queue,
      turn.catch(() => undefined),
    );
    const { rows } = await turn;
    return (rows[0] as BossJob | undefined) ?? null;
  }

  async function fetchOne(queue: QueueName, ignoreStartAfter = false): Promise<BossJob | null> {
    const maxActive = registrations.get(queue)?.maxActivePerCompany;
    if (maxActive) return fetchFair(queue, maxActive, ignoreStartAfter);
    const jobs = await boss.fetch<JobEnvelope>(queue, {
      batchSize: 1,
      includeMetadata: true,
      ignoreStartAfter,
    });
    return (jobs[0] as BossJob | undefined) ?? null;
  }

  async function workerLoop(queue: QueueName): Promise<void> {
    const wakeSet = wakers.get(queue) ?? new Set();
    wakers.set(queue, wakeSet);
    while (!stopping) {
      let job: BossJob | null = null;
      try {
        job = await track(fetchOne(queue));
      } catch (err) {
        if (!stopping) log.error({ err, queue }, 'could not fetch jobs');
      }
      if (job) {
        await track(runJob(queue, job));
        continue;
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, pollingIntervalMs);
        function wake() {
          clearTimeout(timer);
          wakeSet.delete(wake);
          resolve();
        }
        wakeSet.add(wake);
      });
    }
  }

  function startWorkers(queue: QueueName, registration: Registration) {
    for (let i = 0; i < registration.concurrency; i += 1) loops.push(workerLoop(queue));
  }

  function wake(queue: QueueName) {
    for (const w of [...(wakers.get(queue) ?? [])]) w();
  }

  async function countPending(queue: QueueName, includeDelayed: boolean): Promise<number> {
    const due = includeDelayed ? '' : "AND (state = 'active' OR start_after <= now())";
    const { rows } = await boss
      .getDb()
      .executeSql(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state <= 'active' ${due}`,
        [queue],
      );
    return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
  }

  return {
    get runsWorkers() {
      return options.runWorkers;
    },
    get isStarted() {
      return started && !stopping;
    },
    sentSinceDrain,

    async start() {
      if (started) return;
      await boss.start();
      for (const name of queueNames) {
        const def = queueDefinitions[name];
        const settings: PgBoss.Queue = {
          name,
          // At most one queued job per singleton key (a running one does not block a new one:
          // 'stately' would stall the queue's head behind it). A job sent without a key gets a
          // key of its own, so the policy only ever merges deliberate duplicates.
          policy: 'short',
          retryLimit: def.retryLimit,
          retryDelay: def.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds,
          retentionMinutes: FAILED_JOB_RETENTION_DAYS * 24 * 60,
        };
        await boss.createQueue(name, settings);
        // createQueue keeps an existing queue as it was: bring its settings up to date.
        await boss.updateQueue(name, settings);
      }
      started = true;
      if (options.runWorkers)
        for (const [queue, registration] of registrations) startWorkers(queue, registration);
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      for (const queue of wakers.keys()) wake(queue);
      const allDone = Promise.all([...loops, ...inFlight]);
      const gaveUp = await Promise.race([
        allDone.then(() => false),
        sleep(stopTimeoutMs).then(() => true),
      ]);
      if (gaveUp)
        log.warn('stopped with jobs still running: they are retried once their expiry passes');
      await boss.stop({ graceful: false, close: true, wait: true });
      started = false;
    },

    register<T>(queue: QueueName, handler: JobHandler<T>, opts: RegisterOptions = {}) {
      if (registrations.has(queue)) throw new Error(`The queue ${queue} already has a handler`);
      const registration: Registration = {
        handler: handler as JobHandler<unknown>,
        concurrency: Math.max(1, opts.concurrency ?? 1),
        maxActivePerCompany: opts.maxActivePerCompany ?? null,
      };
      registrations.set(queue, registration);
      if (started && options.runWorkers) startWorkers(queue, registration);
    },

    async send<T extends object>(queue: QueueName, data: T, opts: SendJobOptions = {}) {
      const envelope: JobEnvelope<T> = {
        payload: data,
        companyId: opts.companyId ?? null,
        label: opts.label ?? null,
      };
      const id = await boss.send(queue, envelope, {
        singletonKey: opts.singletonKey ?? randomUUID(),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      });
      if (id) {
        sentSinceDrain.add(queue);
        if (options.runWorkers) wake(queue);
      }
      return id;
    },

    async schedule(queue, cron, data, opts = {}) {
      const envelope: JobEnvelope = {
        payload: data,
        companyId: opts.companyId ?? null,
        label: opts.label ?? null,
      };
      await boss.schedule(queue, cron, envelope, {
        tz: 'UTC',
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },

    async maintain() {
      await boss.maintain();
    },

    async unschedule(queue) {
      await boss.unschedule(queue);
    },

    async retry(queue, id) {
      const result = (await boss.retry(queue, id)) as unknown as { affected?: number };
      const retried = (result.affected ?? 0) > 0;
      if (retried && options.runWorkers) wake(queue);
      return retried;
    },

    async drain(queue, opts = {}) {
      const includeDelayed = opts.includeDelayed ?? false;
      const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
      sentSinceDrain.delete(queue);
      for (;;) {
        if (registrations.has(queue)) {
          const job = await track(fetchOne(queue, includeDelayed));
          if (job) {
            await track(runJob(queue, job));
            continue;
          }
        }
        await Promise.allSettled([...inFlight]);
        if ((await countPending(queue, includeDelayed)) === 0) return;
        if (Date.now() > deadline)
          throw new Error(`Jobs of the queue ${queue} are still pending after the drain timeout`);
        await sleep(20);
      }
    },
  };
}

/**
 * Creates (or upgrades) pg-boss's schema and this application's queues, then stops. Run with the
 * schema owner's connection at start when the application connects as a runtime role that may
 * not create anything (docs/row-level-security.md), and by the test suite's template. As a
 * supervising worker (no handler registered), so its cron keeper creates its own queue too.
 */
export async function installJobSchema(database: Database, log: JobLog): Promise<void> {
  const engine = createJobEngine(database, { runWorkers: true }, log);
  await engine.start();
  await engine.stop();
}
