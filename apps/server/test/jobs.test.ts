import { Role, UserType, jobMessages } from '@flowline/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createJobEngine,
  Queue,
  type JobContext,
  type JobRuntime,
} from '../src/platform/jobs/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { silentLog } from './helpers/jobs';

/**
 * The engine against the suite's database (PGlite or PostgreSQL): the app only queues
 * (JOB_WORKERS=off), a second engine on the same database works a queue with a test handler.
 */
describe('job engine', () => {
  let t: TestApp;
  let worker: JobRuntime;
  let companyA: CompanyRow;
  let companyB: CompanyRow;
  let adminA: UserRow;
  let userA: UserRow;
  let adminB: UserRow;
  let globalAdmin: UserRow;
  const seen: JobContext<{ n: number }>[] = [];
  /** How many attempts of each job number fail before one succeeds. */
  const failuresOf = new Map<number, number>();

  beforeAll(async () => {
    t = await buildTestApp({ JOB_WORKERS: 'off' });
    worker = createJobEngine(t.database, { runWorkers: true }, silentLog);
    worker.register<{ n: number }>(Queue.documentExtraction, async (job) => {
      seen.push(job);
      const failures = failuresOf.get(job.data.n) ?? 0;
      if (failures > 0) {
        failuresOf.set(job.data.n, failures - 1);
        throw new Error(`page ${job.data.n} could not be read`);
      }
    });
    await worker.start();
    companyA = await buildCompany(t.db);
    companyB = await buildCompany(t.db);
    adminA = await buildMember(t.db, companyA, [Role.Administrator]);
    userA = await buildMember(t.db, companyA, [Role.User]);
    adminB = await buildMember(t.db, companyB, [Role.Administrator]);
    globalAdmin = await buildMember(t.db, companyB, [Role.Administrator], {
      userTypeId: UserType.Global,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const failedJobs = (user: UserRow, company: CompanyRow) =>
    t.as(user, company.id)({ method: 'GET', url: '/api/jobs/failed' });
  const retry = (user: UserRow, company: CompanyRow, id: string) =>
    t.as(user, company.id)({ method: 'POST', url: `/api/jobs/${id}/retry` });

  it('runs a queued job with its data and company', async () => {
    const id = await t.app.jobs.send(
      Queue.documentExtraction,
      { n: 1 },
      { companyId: companyA.id },
    );
    expect(id).toEqual(expect.any(String));
    await worker.drain(Queue.documentExtraction);
    expect(seen).toEqual([
      {
        id,
        queue: Queue.documentExtraction,
        data: { n: 1 },
        retryCount: 0,
        companyId: companyA.id,
      },
    ]);
  });

  it('queues a singleton key once while it waits, and again once it ran', async () => {
    const options = { singletonKey: 'document-42' };
    const first = await t.app.jobs.send(Queue.documentExtraction, { n: 2 }, options);
    expect(first).toEqual(expect.any(String));
    expect(await t.app.jobs.send(Queue.documentExtraction, { n: 2 }, options)).toBeNull();
    await worker.drain(Queue.documentExtraction);
    expect(seen.map((j) => j.id)).toEqual([first]);
    const again = await t.app.jobs.send(Queue.documentExtraction, { n: 2 }, options);
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
    await worker.drain(Queue.documentExtraction);
    expect(seen).toHaveLength(2);
  });

  it('retries a failing job with back-off, then dead-letters it with its error', async () => {
    failuresOf.set(3, 10);
    const id = await t.app.jobs.send(
      Queue.documentExtraction,
      { n: 3 },
      { companyId: companyA.id, retryLimit: 2, label: 'Reading invoice INV-3' },
    );
    await worker.drain(Queue.documentExtraction);
    expect(seen.map((j) => j.retryCount)).toEqual([0]);
    // The retry waits for its back-off (60 s and more for this queue).
    const pending = await failedJobs(adminA, companyA);
    expect(pending.json().items.map((j: { id: string }) => j.id)).not.toContain(id);

    await worker.drain(Queue.documentExtraction, { includeDelayed: true });
    expect(seen.map((j) => j.retryCount)).toEqual([0, 1, 2]);

    const res = await failedJobs(adminA, companyA);
    expect(res.statusCode).toBe(200);
    const job = res.json().items.find((j: { id: string }) => j.id === id);
    expect(job).toEqual({
      id,
      queue: Queue.documentExtraction,
      queueLabel: 'Reading a document',
      label: 'Reading invoice INV-3',
      companyId: companyA.id,
      createdAt: expect.any(String),
      failedAt: expect.any(String),
      attempts: 3,
      error: 'page 3 could not be read',
    });
    expect(res.json().totalRecords).toBeGreaterThanOrEqual(1);
  });

  it('shows dead letters to their company Administrators only; Global users see all', async () => {
    failuresOf.set(4, 10);
    const id = await t.app.jobs.send(
      Queue.documentExtraction,
      { n: 4 },
      { companyId: companyA.id, retryLimit: 0 },
    );
    await worker.drain(Queue.documentExtraction);

    const idsOf = async (user: UserRow, company: CompanyRow) =>
      (await failedJobs(user, company)).json().items.map((j: { id: string }) => j.id);
    expect(await idsOf(adminA, companyA)).toContain(id);
    expect(await idsOf(adminB, companyB)).not.toContain(id);
    expect(await idsOf(globalAdmin, companyB)).toContain(id);

    const refused = await failedJobs(userA, companyA);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('administrator_required');
    expect((await retry(userA, companyA, id!)).statusCode).toBe(403);

    const foreign = await retry(adminB, companyB, id!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(jobMessages.notFound);
  });

  it('retries a dead-lettered job on request', async () => {
    failuresOf.set(5, 1);
    const id = await t.app.jobs.send(
      Queue.documentExtraction,
      { n: 5 },
      { companyId: companyA.id, retryLimit: 0 },
    );
    await worker.drain(Queue.documentExtraction);
    expect(seen).toHaveLength(1);

    const res = await retry(adminA, companyA, id!);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ id, message: jobMessages.retried });
    await worker.drain(Queue.documentExtraction);
    expect(seen.map((j) => j.id)).toEqual([id, id]);

    const ids = (await failedJobs(adminA, companyA)).json().items.map((j: { id: string }) => j.id);
    expect(ids).not.toContain(id);
    // It is no longer a failed job: a second retry finds nothing.
    expect((await retry(adminA, companyA, id!)).statusCode).toBe(404);
  });

  it('answers bad ids and paging with 4xx, never 500', async () => {
    const bad = await retry(adminA, companyA, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(jobMessages.badId);
    const missing = await retry(adminA, companyA, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const paging = await t.as(
      adminA,
      companyA.id,
    )({
      method: 'GET',
      url: '/api/jobs/failed?page=0&pageSize=5000',
    });
    expect(paging.statusCode).toBe(400);
    const page = await t.as(
      adminA,
      companyA.id,
    )({
      method: 'GET',
      url: '/api/jobs/failed?page=1&pageSize=1',
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(1);
  });
});
