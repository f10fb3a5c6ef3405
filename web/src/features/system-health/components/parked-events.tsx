// Events a projection could not apply (GET /api/parked-events): the read model, the event, its
// error, and Retry (POST /api/parked-events/{id}/retry) once the cause is fixed.
import { historyEventName, type ParkedEvent } from '@dealer/contracts';
import { useParkedEvents } from '../api/get-parked-events';
import { useRetryParkedEvent } from '../api/retry-parked-event';
import { RetryList, retryToasts, when, type RetryColumn } from './retry-list';

export const PARKED_EVENTS_TEXTS = {
  title: 'Events waiting to be applied',
  intro: 'A read model could not apply these events; the rest of the product goes on. Fix the cause, then retry.',
  empty: 'Nothing is waiting: every read model has applied every event.',
  loading: 'Loading parked events...',
} as const;

const eventLabel = (e: ParkedEvent) => `${historyEventName(e.eventType)} (${e.eventType})`;

const COLUMNS: RetryColumn<ParkedEvent>[] = [
  { header: 'Read model', cell: (e) => e.projection },
  { header: 'Event', cell: eventLabel, inCard: false },
  { header: 'Position', cell: (e) => e.globalPosition, className: 'nowrap' },
  { header: 'Error', cell: (e) => e.error, className: 'system-health-error' },
  { header: 'Parked', cell: (e) => when(e.parkedAt), className: 'nowrap' },
  { header: 'Attempts', cell: (e) => e.attempts },
];

export function ParkedEvents() {
  return (
    <RetryList
      id="parked-events"
      texts={PARKED_EVENTS_TEXTS}
      query={useParkedEvents()}
      retry={useRetryParkedEvent(retryToasts)}
      columns={COLUMNS}
      cardTitle={eventLabel}
      retryLabel={(e) => `Retry ${e.eventType} at position ${e.globalPosition} in ${e.projection}`}
    />
  );
}
