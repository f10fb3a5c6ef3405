/**
 * The reactor's record of the jobs it put into Redis that have not finished yet
 * (`reactor_jobs`). The reactor's checkpoint only says "enqueued"; Redis is a queue, not a
 * store of record: a Redis restarted without persistence (or a failover to a replica that
 * missed the last writes) comes back without jobs the checkpoint has already passed. The
 * reconciler looks each recorded job up in the queue: a finished one (completed, or failed for
 * good, then parked in failed_jobs) is forgotten, a missing one is added again under the same job id. Adding a job whose id
 * is still in Redis does nothing, so the reconciler can never duplicate a job; the jobs
 * themselves deliver once (sent-messages ledger) if one had gone out before the loss.
 */
import type { JobsOptions, Queue } from 'bullmq';
import type { Logger, Sql } from '@dealer/platform';
import { failedJobRecord, parkFailedJob } from './failed-jobs';

export const REACTOR_JOB_MIGRATIONS = [
  {
    id: '0041_reactor_jobs',
    sql: /* sql */ `
create table if not exists reactor_jobs (
  job_id text primary key,
  name text not null,
  data jsonb not null,
  enqueued_at timestamptz not null default now()
);`,
  },
] as const;

export interface PendingJob {
  name: string;
  data: unknown;
  opts: JobsOptions & { jobId: string };
}

/** Records jobs just added to the queue (in the reactor's checkpoint transaction). */
export async function recordPendingJobs(sql: Sql, jobs: readonly PendingJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await sql`
    insert into reactor_jobs (job_id, name, data)
    select job_id, name, data::jsonb
    from unnest(${jobs.map((j) => j.opts.jobId)}::text[], ${jobs.map((j) => j.name)}::text[], ${jobs.map((j) => JSON.stringify(j.data))}::text[]) as t(job_id, name, data)
    on conflict (job_id) do nothing`;
}

const FINISHED = new Set(['completed', 'failed']);
const CHUNK = 500;

/**
 * One pass over every recorded job: forgets the finished ones, re-adds the ones Redis lost.
 * Answers how many were re-added.
 */
export async function reconcilePendingJobs(sql: Sql, queue: Queue, logger?: Logger): Promise<number> {
  let requeued = 0;
  let after = '';
  for (;;) {
    const rows = await sql<{ job_id: string; name: string; data: unknown }[]>`
      select job_id, name, data from reactor_jobs where job_id > ${after} order by job_id limit ${CHUNK}`;
    if (rows.length === 0) return requeued;
    after = rows[rows.length - 1]!.job_id;
    const states = await Promise.all(rows.map((r) => queue.getJobState(r.job_id)));
    const finished = rows.filter((_, i) => FINISHED.has(states[i]!)).map((r) => r.job_id);
    // A job failed for good is parked before it is forgotten (the worker's failure event may
    // not have reached PostgreSQL: the process stopped, or the database was away).
    for (const r of rows.filter((_, i) => states[i] === 'failed')) {
      const job = await queue.getJob(r.job_id);
      await parkFailedJob(sql, job ? failedJobRecord(job) : { id: r.job_id, name: r.name, data: r.data, error: 'failed', attempts: 0 }, false);
    }
    const lost = rows.filter((_, i) => states[i] === 'unknown');
    if (lost.length > 0) {
      await queue.addBulk(lost.map((r) => ({ name: r.name, data: r.data, opts: { jobId: r.job_id } })));
      requeued += lost.length;
      logger?.warn({ jobs: lost.length }, 'reactor jobs missing from Redis were enqueued again');
    }
    if (finished.length > 0) await sql`delete from reactor_jobs where job_id = any(${finished}::text[])`;
    if (rows.length < CHUNK) return requeued;
  }
}
