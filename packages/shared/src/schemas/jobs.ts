import { z } from 'zod';
import { zPaged } from './common';

/** Background jobs that failed for good, shown to Administrators (issue 14; docs/jobs.md). */
export const jobMessages = {
  title: 'Background jobs',
  empty: 'No background job has failed.',
  notFound: 'No such failed job',
  retried: 'The job was queued again.',
  badId: 'A job id is a UUID',
} as const;

export const zFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  /** What kind of work it is ('E-mail', 'Reading a document' …). */
  queueLabel: z.string(),
  /** What this job did, when its sender said (e.g. the mail's subject and recipients). */
  label: z.string().nullable(),
  companyId: z.number().int().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string(),
});
export type FailedJob = z.infer<typeof zFailedJob>;

export const zFailedJobList = zPaged(zFailedJob);
export type FailedJobList = z.infer<typeof zFailedJobList>;

export const zFailedJobsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const zJobIdParam = z.object({ id: z.uuid({ error: jobMessages.badId }) });

export const zRetriedJob = z.object({ id: z.string(), message: z.string() });
export type RetriedJob = z.infer<typeof zRetriedJob>;
