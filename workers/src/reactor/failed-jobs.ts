/**
 * Message jobs that failed for good (every attempt used) are parked in PostgreSQL
 * (`failed_jobs`), where an admin sees them (GET /api/failed-jobs, query API) and asks for a
 * retry after fixing the fault (POST /api/failed-jobs/{id}/retry, command API). The APIs do not
 * import the workers: the command API only marks the row (`retry_requested_at`) and notifies
 * FAILED_JOB_RETRY_CHANNEL; the active reactor adds the job again under the same job id (the
 * sent-messages ledger keeps a delivery single) and forgets the row. A job that fails for good
 * again is parked again, with its new error.
 */
import type { Job, Queue } from 'bullmq';
import type { Logger, Sql } from '@dealer/platform';

export const FAILED_JOB_MIGRATIONS = [
  {
    id: '0042_failed_jobs',
    sql: /* sql */ `
create table if not exists failed_jobs (
  job_id text primary key,
  name text not null,
  data jsonb not null,
  error text not null,
  attempts int not null,
  failed_at timestamptz not null default now(),
  retry_requested_at timestamptz
);
create index if not exists failed_jobs_retry on failed_jobs (retry_requested_at) where retry_requested_at is not null;`,
  },
] as const;

/** The command API notifies this channel when an admin asks for a retry. */
export const FAILED_JOB_RETRY_CHANNEL = 'failed_job_retry';

/** Errors are kept to this length (a provider's answer can be long). */
const MAX_ERROR_LENGTH = 2000;

/** True once BullMQ has moved the job to the failed set for good (no attempt left, or unrecoverable). */
export function failedForGood(job: Job): boolean {
  return typeof job.finishedOn === 'number' && job.finishedOn > 0;
}

export interface FailedJobRecord {
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
}

/**
 * Parks a job that failed for good. `replace`: the worker's own failure event (newest error
 * wins); the reconciler's backstop keeps what is already there.
 */
export async function parkFailedJob(sql: Sql, job: FailedJobRecord, replace = true): Promise<void> {
  const error = job.error.slice(0, MAX_ERROR_LENGTH);
  if (replace) {
    await sql`
      insert into failed_jobs (job_id, name, data, error, attempts)
      values (${job.id}, ${job.name}, ${JSON.stringify(job.data ?? null)}::text::jsonb, ${error}, ${job.attempts})
      on conflict (job_id) do update
        set name = excluded.name, data = excluded.data, error = excluded.error, attempts = excluded.attempts,
            failed_at = now(), retry_requested_at = null`;
  } else {
    await sql`
      insert into failed_jobs (job_id, name, data, error, attempts)
      values (${job.id}, ${job.name}, ${JSON.stringify(job.data ?? null)}::text::jsonb, ${error}, ${job.attempts})
      on conflict (job_id) do nothing`;
  }
}

export const failedJobRecord = (job: Job, error?: string): FailedJobRecord => ({
  id: job.id!,
  name: job.name,
  data: job.data,
  error: error ?? job.failedReason ?? 'failed',
  attempts: job.attemptsMade,
});
