/**
 * A retry of a message job that failed for good (routes/failed-jobs.ts): recorded in failed_jobs
 * and the active reactor notified, which adds the job back under the same id. The command API
 * does not import the workers; the channel name is theirs.
 */
import type { Sql } from '@dealer/platform';

/** The workers' channel (workers/src/reactor/failed-jobs.ts FAILED_JOB_RETRY_CHANNEL). */
const FAILED_JOB_RETRY_CHANNEL = 'failed_job_retry';

/** Asks for the failed job to run again; its id, or null when no failed job has it. */
export async function requestFailedJobRetry(sql: Sql, jobId: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    update failed_jobs set retry_requested_at = coalesce(retry_requested_at, now())
    where job_id = ${jobId} returning job_id as id`;
  if (!row) return null;
  await sql.notify(FAILED_JOB_RETRY_CHANNEL, row.id);
  return row.id;
}
