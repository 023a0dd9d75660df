import {
  UserType,
  jobMessages,
  type FailedJob,
  type FailedJobList,
  type RetriedJob,
} from '@flowline/shared';
import { assertAdministrator } from '../../auth/policy';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { queueDefinitions, type JobRuntime, type QueueName } from '../../platform/jobs/index';
import * as repo from './repository';

/**
 * Administrators see their company's dead-lettered jobs; Global users (support) see every
 * company's, and jobs of no company (maintenance).
 */
function scopeOf(ctx: TenantContext): repo.FailedJobScope {
  assertAdministrator(ctx);
  return ctx.userType === UserType.Global ? { allCompanies: true } : { companyId: ctx.companyId };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function present(row: repo.FailedJobRow): FailedJob {
  return {
    id: row.id,
    queue: row.queue,
    queueLabel: queueDefinitions[row.queue as QueueName]?.label ?? row.queue,
    label: row.label,
    companyId: row.companyId,
    createdAt: iso(row.createdOn) ?? '',
    failedAt: iso(row.completedOn),
    attempts: Number(row.attempts),
    error: row.error ?? 'Unknown error',
  };
}

export async function listFailedJobs(
  db: Db,
  ctx: TenantContext,
  query: { page: number; pageSize: number },
): Promise<FailedJobList> {
  const { rows, total } = await repo.listFailedJobs(db, scopeOf(ctx), {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(present), totalRecords: total };
}

/** Queues a failed job again with one more attempt; 404 for another company's job. */
export async function retryFailedJob(
  db: Db,
  jobs: JobRuntime,
  ctx: TenantContext,
  id: string,
): Promise<RetriedJob> {
  const job = await repo.findFailedJob(db, scopeOf(ctx), id);
  if (!job || !(await jobs.retry(job.queue as QueueName, job.id)))
    throw notFound(jobMessages.notFound, 'job_not_found');
  return { id: job.id, message: jobMessages.retried };
}
