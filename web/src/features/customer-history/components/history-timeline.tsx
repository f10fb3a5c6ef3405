// The timeline: one row per recorded event (time, event, actor, what changed, correlation), newest
// first; a table on desktop and cards on mobile (SPEC 9: mobile is 768 px and below).
import { formatDateTime as formatDateAndTime } from '@dealer/contracts';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import type { HistoryChange, HistoryEntry } from '../api/get-customer-history';
import { ActionNumber, actionNumbers } from './action-number';
import { actorLabel, fieldLabel, FieldValue } from './history-values';

/** SPEC dates (month/day/year) with the time of day to the second. */
export const formatDateTime = (time: string) => formatDateAndTime(time, { seconds: true }) || time;

function Changes({ changes }: { changes: HistoryChange[] }) {
  if (changes.length === 0) return <span className="muted">No field changed</span>;
  return (
    <ul className="history-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="history-field">{fieldLabel(c.field)}:</span>{' '}
          <span className="history-before">
            <FieldValue field={c.field} value={c.before} />
          </span>
          <span className="history-arrow" aria-hidden="true">
            {' → '}
          </span>
          <span className="visually-hidden"> changed to </span>
          <span className="history-after">
            <FieldValue field={c.field} value={c.after} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Actor({ entry, customerId }: { entry: HistoryEntry; customerId: string }) {
  return <span>{entry.actorName ? `${entry.actorName} (staff)` : actorLabel(entry.actor, customerId)}</span>;
}

function EventName({ entry }: { entry: HistoryEntry }) {
  return (
    <>
      <strong>{entry.summary}</strong>
      {entry.personalDataErased && <span className="history-hidden">Erased</span>}
    </>
  );
}

export function HistoryTimeline({ entries, customerId }: { entries: HistoryEntry[]; customerId: string }) {
  const isMobile = useIsMobile();
  const newestFirst = [...entries].reverse();
  const actions = actionNumbers(entries);
  if (isMobile)
    return (
      <ol className="card-list" aria-label="Timeline, newest first">
        {newestFirst.map((e) => (
          <li key={e.eventId} className="card history-card">
            <EventName entry={e} />
            <dl className="card-fields">
              <dt>Time</dt>
              <dd>
                <TimeAgo value={e.time} />
              </dd>
              <dt>Actor</dt>
              <dd>
                <Actor entry={e} customerId={customerId} />
              </dd>
              <dt>Changes</dt>
              <dd>
                <Changes changes={e.changes} />
              </dd>
              <dt>Action</dt>
              <dd>
                <ActionNumber n={actions.get(e.eventId)} />
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    );
  return (
    <div className="table-wrap">
      <table className="table history-table">
        <caption className="visually-hidden">Timeline, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Actor</th>
            <th scope="col">Changes (before → after)</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((e) => (
            <tr key={e.eventId}>
              <td className="nowrap">
                <TimeAgo value={e.time} />
              </td>
              <td>
                <EventName entry={e} />
              </td>
              <td>
                <Actor entry={e} customerId={customerId} />
              </td>
              <td>
                <Changes changes={e.changes} />
              </td>
              <td className="nowrap">
                <ActionNumber n={actions.get(e.eventId)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
