// Issue 33 item 4: readiness for load balancers, Prometheus metrics behind a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { Queue } from '../src/platform/jobs/types';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember } from './helpers/factories';

const token = 'metrics-token-for-the-test-0123456789';

describe('readiness and /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: token, JOB_WORKERS: 'in-process' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready when the database, the blob store and the job engine answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', blobStore: 'ok', jobs: 'ok' },
    });
  });

  it('is not ready once the job engine has stopped, and says what failed', async () => {
    const other = await buildTestApp({ JOB_WORKERS: 'in-process' });
    try {
      await other.app.jobs.stop();
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: { message: 'Not ready: jobs unavailable.', code: 'not_ready' },
        checks: { database: 'ok', blobStore: 'ok', jobs: 'failed' },
      });
    } finally {
      await other.close();
    }
  });

  it('refuses /metrics without the token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.body).not.toContain('flowline_');
    }
  });

  it('exposes the request, queue, mail, reading, socket and process series with the token', async () => {
    const company = await buildCompany(t.db);
    const clerk = await buildMember(t.db, company, [Role.User]);
    expect(
      (await t.as(clerk, company.id)({ method: 'GET', url: '/api/documentType' })).statusCode,
    ).toBe(200);
    // A job due in a queue: depth and age are read from the engine's table.
    await t.app.jobs.send(Queue.orphanSweep, {}, { startAfterSeconds: 0 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The route pattern, never the URL with ids.
    expect(text).toMatch(
      /flowline_http_request_duration_seconds_count\{method="GET",route="\/api\/documentType",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /flowline_job_queue_depth\{queue="maintenance-orphan-sweep",state="(queued|active)"\} \d/,
    );
    expect(text).toMatch(/flowline_job_oldest_due_seconds\{queue="[^"]+"\} [\d.e-]+/);
    expect(text).toMatch(/^flowline_mail_queued \d+$/m);
    expect(text).toMatch(/^flowline_reading_pages_total \d+$/m);
    expect(text).toMatch(/^flowline_websocket_connections 0$/m);
    expect(text).toContain('flowline_process_resident_memory_bytes');
    if (t.database.kind === 'postgres')
      expect(text).toMatch(/flowline_db_pool_connections\{state="max"\} \d+/);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('flowline_http_request_duration_seconds');
    } finally {
      await plain.close();
    }
  });
});
