// Issue 33 item 1: the reads that dominate go to a streaming replica; a user's reads after their
// own write wait for the replica to replay it (else the primary answers); a replica that lags
// too far or is down is skipped, never an error (docs/read-replicas.md). Real PostgreSQL servers:
// a primary and a replica made by pg_basebackup -R, started and stopped here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { parseLsn } from '../src/db/read-replicas';
import { seedReferenceData } from '../src/db/seed/reference-data';
import { buildDocument } from './helpers/document-factories';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  buildDocumentWorld,
  caller,
  completeArInvoice,
  type DocumentWorld,
} from './helpers/document-world';
import {
  startStreamingPair,
  streamingPairUnavailable,
  type StreamingPair,
} from './helpers/streaming-replica';

const MAX_LAG_MS = 3000;

type Rows<T> = { rows: T[] };
/** One row of a raw statement (drizzle types execute's answer per driver). */
const firstRow = async <T>(query: PromiseLike<unknown>) => ((await query) as Rows<T>).rows[0]!;
const METRICS_TOKEN = 'replica-metrics-token-0123456789';
// The PostgreSQL run only: the embedded run has no servers to replicate.
const skip = !process.env.TEST_DATABASE_URL ? 'the PGlite run' : streamingPairUnavailable();

describe.skipIf(skip)('read replicas with read-your-writes', () => {
  let pair: StreamingPair;
  let database: Database;
  let t: TestApp;
  let w: DocumentWorld;

  const replicas = () => database.replicas!;
  const primaryLsn = async () => {
    const row = await firstRow<{ lsn: string }>(
      database.db.execute(sql`SELECT pg_current_wal_lsn()::text AS lsn`),
    );
    return parseLsn(row.lsn)!;
  };
  /** Polls the replica until it has replayed everything the primary has now. */
  const caughtUp = async () => {
    const target = await primaryLsn();
    const deadline = Date.now() + 30_000;
    for (;;) {
      await replicas().pollOnce();
      const [health] = replicas().health;
      if (health!.up && health!.replayLsn !== null && health!.replayLsn >= target) return;
      if (Date.now() > deadline)
        throw new Error(`replica not caught up: ${JSON.stringify(health)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const readsOnStandby = async () => {
    const row = await firstRow<{ standby: boolean }>(
      database.readDb.execute(sql`SELECT pg_is_in_recovery() AS standby`),
    );
    return row.standby;
  };
  const inboxIds = async (headers: Record<string, string> = {}) => {
    const res = await caller(
      t,
      w.purchaserUser,
      w.purchaser,
    )({ method: 'GET', url: '/api/documentroute/inbox', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { id: number }[] }).items.map((i) => i.id);
  };

  beforeAll(async () => {
    pair = await startStreamingPair();
    database = await openDatabase({
      url: pair.primaryUrl,
      readUrls: [pair.replicaUrl],
      maxReadLagMs: MAX_LAG_MS,
      poolSize: 4,
    });
    await database.migrate();
    await seedReferenceData(database.db);
    t = await buildTestApp({ METRICS_TOKEN }, { database });
    w = await buildDocumentWorld(t.db);
    await caughtUp();
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    pair?.stop();
  }, 120_000);

  it('sends the read-only routes to the replica, and everything else to the primary', async () => {
    expect(await readsOnStandby()).toBe(true);
    const onPrimary = await firstRow<{ standby: boolean }>(
      database.db.execute(sql`SELECT pg_is_in_recovery() AS standby`),
    );
    expect(onPrimary.standby).toBe(false);
    const before = replicas().counts.replica;
    await inboxIds();
    expect(replicas().counts.replica).toBeGreaterThan(before);
  });

  it("after a user's write their reads wait for the replica to replay it; others read the replica", async () => {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice },
      receivingPartyId: w.toPurchaser.id,
    });
    await caughtUp();
    pair.onReplica('SELECT pg_wal_replay_pause()');
    try {
      const sent = await caller(
        t,
        w.user,
        w.vendor,
      )({ method: 'PUT', url: `/api/documents/${doc.id}/publish`, payload: { metadata: [] } });
      expect(sent.statusCode, sent.body).toBe(200);
      const writeLsn = sent.headers['flowline-write-lsn'] as string;
      expect(parseLsn(writeLsn)).not.toBeNull();

      // The writer reads their own write at once: the primary answers while the replica lags.
      const notCaughtUp = replicas().counts.primaryNotCaughtUp;
      const mine = await caller(
        t,
        w.user,
        w.vendor,
      )({ method: 'GET', url: `/api/documentroute/sent` });
      expect(mine.statusCode, mine.body).toBe(200);
      const row = (mine.json() as { rows: { id: number }[] }).rows.find((i) => i.id === doc.id);
      expect(row).toBeDefined();
      expect(replicas().counts.primaryNotCaughtUp).toBeGreaterThan(notCaughtUp);

      // Another user, who wrote nothing, reads the replica: not there yet.
      expect(await inboxIds()).not.toContain(doc.id);
      // Carrying the write's position (the browser sends it back; any instance honours it).
      expect(await inboxIds({ 'flowline-min-lsn': writeLsn })).toContain(doc.id);
      // A position that is not one is ignored, not an error.
      expect(await inboxIds({ 'flowline-min-lsn': 'not-an-lsn' })).not.toContain(doc.id);
    } finally {
      pair.onReplica('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    const viaReplica = replicas().counts.replica;
    expect(await inboxIds()).toContain(doc.id);
    expect(replicas().counts.replica).toBeGreaterThan(viaReplica);
  }, 120_000);

  it('skips a replica that lags more than DATABASE_READ_MAX_LAG_MS, and reports it', async () => {
    await caughtUp();
    pair.onReplica('SELECT pg_wal_replay_pause()');
    try {
      await database.db.execute(sql`CREATE TABLE IF NOT EXISTS replica_lag_probe (n int)`);
      await database.db.execute(sql`INSERT INTO replica_lag_probe VALUES (1)`);
      const deadline = Date.now() + MAX_LAG_MS + 15_000;
      while (replicas().health[0]!.lagMs <= MAX_LAG_MS) {
        if (Date.now() > deadline) throw new Error('the lag never grew');
        await new Promise((resolve) => setTimeout(resolve, 200));
        await replicas().pollOnce();
      }
      expect(replicas().health[0]).toMatchObject({ up: true });
      expect(replicas().health[0]!.lagBytes).toBeGreaterThan(0);
      expect(await readsOnStandby()).toBe(false);
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toMatch(/flowline_db_replica_up\{replica="[^"]+"\} 1/);
      expect(metrics.body).toMatch(/flowline_db_replica_lag_seconds\{replica="[^"]+"\} [1-9]/);
      expect(metrics.body).toContain('flowline_db_reads_routed{target="primary_no_replica"}');
    } finally {
      pair.onReplica('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await readsOnStandby()).toBe(true);
  }, 120_000);

  it('answers from the primary while the replica is down, and uses it again once it is back', async () => {
    await caughtUp();
    pair.stopReplica();
    try {
      // Before any poll has noticed: the failed read is answered by the primary.
      expect(await readsOnStandby()).toBe(false);
      await replicas().pollOnce();
      expect(replicas().health[0]).toMatchObject({ up: false });
      expect(await inboxIds()).toBeInstanceOf(Array);
      expect(await readsOnStandby()).toBe(false);
    } finally {
      pair.startReplica();
    }
    await caughtUp();
    expect(await readsOnStandby()).toBe(true);
  }, 120_000);
});
