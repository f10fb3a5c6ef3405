/** An admin's retry of failed jobs: added back to the queue and recorded like any reactor job (beside failed-jobs.ts and pending-jobs.ts, which it uses). */
import type { Queue } from 'bullmq';
import type { Logger, Sql } from '@dealer/platform';
import { recordPendingJobs } from './pending-jobs';

/** States in which a job is back on its way (someone already re-added it). */
const ON_ITS_WAY = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed']);

/**
 * Adds back every job an admin asked to retry. The old failed job leaves Redis first (an id
 * still there would make the add a no-op); the new one is recorded like any reactor job, so a
 * Redis that loses it gets it back. Answers how many were added.
 */
export async function retryRequestedJobs(sql: Sql, queue: Queue, logger?: Logger): Promise<number> {
  // The request's time as text: a JavaScript Date would lose its microseconds.
  const rows = await sql<{ job_id: string; name: string; data: unknown; requested: string }[]>`
    select job_id, name, data, retry_requested_at::text as requested from failed_jobs where retry_requested_at is not null order by retry_requested_at limit 500`;
  let added = 0;
  for (const row of rows) {
    const state = await queue.getJobState(row.job_id);
    if (!ON_ITS_WAY.has(state)) {
      if (state === 'failed') await queue.remove(row.job_id);
      await queue.add(row.name, row.data, { jobId: row.job_id });
      added += 1;
    }
    await sql.begin(async (tx) => {
      await recordPendingJobs(tx as unknown as Sql, [{ name: row.name, data: row.data, opts: { jobId: row.job_id } }]);
      // A job that failed for good again meanwhile was parked anew (retry_requested_at null): kept.
      await tx`delete from failed_jobs where job_id = ${row.job_id} and retry_requested_at::text = ${row.requested}`;
    });
  }
  if (added > 0) logger?.info({ jobs: added }, 'failed jobs added again after an admin retry');
  return added;
}
