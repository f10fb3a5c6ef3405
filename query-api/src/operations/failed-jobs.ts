/** Message jobs that failed for good (the workers park them in failed_jobs), newest first; the job's data stays out: it names customers. */
import type { FailedJob } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export async function listFailedJobs(sql: Sql, limit: number): Promise<FailedJob[]> {
  const rows = await sql<{ id: string; name: string; error: string; failed_at: Date; attempts: number; retry_requested_at: Date | null }[]>`
    select job_id as id, name, error, failed_at, attempts, retry_requested_at
    from failed_jobs order by failed_at desc, job_id limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    error: r.error,
    failedAt: r.failed_at.toISOString(),
    attempts: r.attempts,
    retryRequestedAt: r.retry_requested_at?.toISOString() ?? null,
  }));
}
