export { createJobEngine, JOB_SCHEMA, type JobEnvelope, type JobRuntime } from './engine';
export { queueDefinitions, queueNames, FAILED_JOB_RETENTION_DAYS } from './queues';
export * from './types';
