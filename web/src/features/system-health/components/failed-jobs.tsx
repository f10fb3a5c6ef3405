// Message jobs that failed for good (GET /api/failed-jobs): the job, its error, and Retry
// (POST /api/failed-jobs/{id}/retry) once the cause is fixed.
import type { FailedJob } from '@dealer/contracts';
import { useFailedJobs } from '../api/get-failed-jobs';
import { useRetryFailedJob } from '../api/retry-failed-job';
import { RetryList, retryToasts, when, type RetryColumn } from './retry-list';

export const FAILED_JOBS_TEXTS = {
  title: 'Messages that could not be sent',
  intro: 'These e-mail and text jobs failed after every attempt. Fix the cause (for example the mail or SMS settings), then retry.',
  empty: 'No failed messages: every e-mail and text went out.',
  loading: 'Loading failed messages...',
} as const;

/** 'send-registration-message' -> 'Send registration message'. */
export const jobLabel = (name: string) => {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const COLUMNS: RetryColumn<FailedJob>[] = [
  { header: 'Job', cell: (j) => jobLabel(j.name), inCard: false },
  { header: 'Error', cell: (j) => j.error, className: 'system-health-error' },
  { header: 'Failed', cell: (j) => when(j.failedAt), className: 'nowrap' },
  { header: 'Attempts', cell: (j) => j.attempts },
];

export function FailedJobs() {
  return (
    <RetryList
      id="failed-jobs"
      texts={FAILED_JOBS_TEXTS}
      query={useFailedJobs()}
      retry={useRetryFailedJob(retryToasts)}
      columns={COLUMNS}
      cardTitle={(j) => jobLabel(j.name)}
      retryLabel={(j) => `Retry ${jobLabel(j.name)} that failed ${when(j.failedAt)}`}
    />
  );
}
