// Events a projection could not apply (GET /api/parked-events): the read model, the event, its error, and Retry
// (POST /api/parked-events/{id}/retry) once the cause is fixed. A table, or cards at 768 px and below.
import { formatDateTime, historyEventName, PARKED_MESSAGES, type ParkedEvent } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { messagesOf } from '../../../lib/api-error';
import { useParkedEvents } from '../api/get-parked-events';
import { useRetryParkedEvent } from '../api/retry-parked-event';
import { RetryButton } from './retry-button';

export const PARKED_EVENTS_TEXTS = {
  title: 'Events waiting to be applied',
  intro: 'A read model could not apply these events; the rest of the product goes on. Fix the cause, then retry.',
  empty: 'Nothing is waiting: every read model has applied every event.',
} as const;

const when = (time: string) => formatDateTime(time, { seconds: true }) || time;
const eventLabel = (e: ParkedEvent) => `${historyEventName(e.eventType)} (${e.eventType})`;
const retryLabel = (e: ParkedEvent) => `Retry ${e.eventType} at position ${e.globalPosition} in ${e.projection}`;

interface RowsProps {
  rows: ParkedEvent[];
  runningId: string | null;
  onRetry: (id: string) => void;
}

function ParkedTable({ rows, runningId, onRetry }: RowsProps) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{PARKED_EVENTS_TEXTS.title}</caption>
        <thead>
          <tr>
            <th scope="col">Read model</th>
            <th scope="col">Event</th>
            <th scope="col">Position</th>
            <th scope="col">Error</th>
            <th scope="col">Parked</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>{e.projection}</td>
              <td>{eventLabel(e)}</td>
              <td className="nowrap">{e.globalPosition}</td>
              <td className="system-health-error">{e.error}</td>
              <td className="nowrap">{when(e.parkedAt)}</td>
              <td>{e.attempts}</td>
              <td>
                <RetryButton label={retryLabel(e)} running={runningId === e.id} waiting={e.retryRequestedAt !== null} onRetry={() => onRetry(e.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ParkedCards({ rows, runningId, onRetry }: RowsProps) {
  return (
    <ul className="card-list" aria-label={PARKED_EVENTS_TEXTS.title}>
      {rows.map((e) => (
        <li key={e.id} className="card">
          <strong className="system-health-card-title">{eventLabel(e)}</strong>
          <dl className="card-fields">
            <dt>Read model</dt>
            <dd>{e.projection}</dd>
            <dt>Position</dt>
            <dd>{e.globalPosition}</dd>
            <dt>Parked</dt>
            <dd>{when(e.parkedAt)}</dd>
            <dt>Attempts</dt>
            <dd>{e.attempts}</dd>
            <dt>Error</dt>
            <dd className="system-health-error">{e.error}</dd>
          </dl>
          <div className="system-health-card-actions">
            <RetryButton label={retryLabel(e)} running={runningId === e.id} waiting={e.retryRequestedAt !== null} onRetry={() => onRetry(e.id)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ParkedEvents() {
  const query = useParkedEvents();
  const isMobile = useIsMobile();
  const retry = useRetryParkedEvent({
    onSuccess: () => toast.success(PARKED_MESSAGES.retryRequested),
    onError: (error) => toast.errors(messagesOf(error)),
  });
  const runningId = retry.isPending ? (retry.variables ?? null) : null;

  let content;
  if (query.isPending)
    content = (
      <div className="empty-state">
        <Spinner label="Loading parked events..." />
      </div>
    );
  else if (query.isError) content = <ErrorMessages error={query.error} className="alert alert-danger" />;
  else if (query.data.length === 0) content = <p className="empty-state">{PARKED_EVENTS_TEXTS.empty}</p>;
  else {
    const Rows = isMobile ? ParkedCards : ParkedTable;
    content = <Rows rows={query.data} runningId={runningId} onRetry={(id) => retry.mutate(id)} />;
  }

  return (
    <section className="panel" aria-labelledby="parked-events-title" aria-busy={query.isFetching}>
      <div className="section-header">
        <h2 id="parked-events-title">{PARKED_EVENTS_TEXTS.title}</h2>
      </div>
      <p className="muted">{PARKED_EVENTS_TEXTS.intro}</p>
      {content}
    </section>
  );
}
