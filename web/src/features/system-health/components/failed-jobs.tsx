// Message jobs that failed for good (GET /api/failed-jobs): the job, its error, and Retry
// (POST /api/failed-jobs/{id}/retry) once the cause is fixed. A table, or cards at 768 px and below.
import { formatDateTime, PARKED_MESSAGES, type FailedJob } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { messagesOf } from '../../../lib/api-error';
import { useFailedJobs } from '../api/get-failed-jobs';
import { useRetryFailedJob } from '../api/retry-failed-job';
import { RetryButton } from './retry-button';

export const FAILED_JOBS_TEXTS = {
  title: 'Messages that could not be sent',
  intro: 'These e-mail and text jobs failed after every attempt. Fix the cause (for example the mail or SMS settings), then retry.',
  empty: 'No failed messages: every e-mail and text went out.',
} as const;

const when = (time: string) => formatDateTime(time, { seconds: true }) || time;
/** 'send-registration-message' -> 'Send registration message'. */
export const jobLabel = (name: string) => {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const retryLabel = (j: FailedJob) => `Retry ${jobLabel(j.name)} that failed ${when(j.failedAt)}`;

interface RowsProps {
  rows: FailedJob[];
  runningId: string | null;
  onRetry: (id: string) => void;
}

function JobsTable({ rows, runningId, onRetry }: RowsProps) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{FAILED_JOBS_TEXTS.title}</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Error</th>
            <th scope="col">Failed</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((j) => (
            <tr key={j.id}>
              <td>{jobLabel(j.name)}</td>
              <td className="system-health-error">{j.error}</td>
              <td className="nowrap">{when(j.failedAt)}</td>
              <td>{j.attempts}</td>
              <td>
                <RetryButton label={retryLabel(j)} running={runningId === j.id} waiting={j.retryRequestedAt !== null} onRetry={() => onRetry(j.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobCards({ rows, runningId, onRetry }: RowsProps) {
  return (
    <ul className="card-list" aria-label={FAILED_JOBS_TEXTS.title}>
      {rows.map((j) => (
        <li key={j.id} className="card">
          <strong className="system-health-card-title">{jobLabel(j.name)}</strong>
          <dl className="card-fields">
            <dt>Failed</dt>
            <dd>{when(j.failedAt)}</dd>
            <dt>Attempts</dt>
            <dd>{j.attempts}</dd>
            <dt>Error</dt>
            <dd className="system-health-error">{j.error}</dd>
          </dl>
          <div className="system-health-card-actions">
            <RetryButton label={retryLabel(j)} running={runningId === j.id} waiting={j.retryRequestedAt !== null} onRetry={() => onRetry(j.id)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function FailedJobs() {
  const query = useFailedJobs();
  const isMobile = useIsMobile();
  const retry = useRetryFailedJob({
    onSuccess: () => toast.success(PARKED_MESSAGES.retryRequested),
    onError: (error) => toast.errors(messagesOf(error)),
  });
  const runningId = retry.isPending ? (retry.variables ?? null) : null;

  let content;
  if (query.isPending)
    content = (
      <div className="empty-state">
        <Spinner label="Loading failed messages..." />
      </div>
    );
  else if (query.isError) content = <ErrorMessages error={query.error} className="alert alert-danger" />;
  else if (query.data.length === 0) content = <p className="empty-state">{FAILED_JOBS_TEXTS.empty}</p>;
  else {
    const Rows = isMobile ? JobCards : JobsTable;
    content = <Rows rows={query.data} runningId={runningId} onRetry={(id) => retry.mutate(id)} />;
  }

  return (
    <section className="panel" aria-labelledby="failed-jobs-title" aria-busy={query.isFetching}>
      <div className="section-header">
        <h2 id="failed-jobs-title">{FAILED_JOBS_TEXTS.title}</h2>
      </div>
      <p className="muted">{FAILED_JOBS_TEXTS.intro}</p>
      {content}
    </section>
  );
}
