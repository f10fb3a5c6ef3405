// The auditor's page body: an "As of" moment (kept in the address, so a view can be shared), the
// customer's state at that moment and the timeline of every recorded event up to it.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useCustomerHistory } from '../api/get-customer-history';
import { HistoryState } from './history-state';
import { formatDateTime, HistoryTimeline } from './history-timeline';
import './customer-history.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local control (local time, to the second). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local value (local time) as an ISO instant, or null when it is not a date and time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const AS_OF_REQUIRED = 'Enter a date and time.';

function AsOfForm({ asOf, onChange }: { asOf: string | null; onChange: (asOf: string | null) => void }) {
  const [value, setValue] = useState(asOf ? toLocalInput(asOf) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInput(value);
    if (!iso) return setError(AS_OF_REQUIRED);
    setError(null);
    onChange(iso);
  };
  const showNow = () => {
    setValue('');
    setError(null);
    onChange(null);
  };
  return (
    <form className="history-as-of" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="history-as-of" className="field-label">
          As of
        </label>
        <input
          id="history-as-of"
          className="input"
          type="datetime-local"
          step="1"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'history-as-of-error' : 'history-as-of-hint'}
          onChange={(e) => setValue(e.target.value)}
        />
        {error ? (
          <span id="history-as-of-error" className="field-error" role="alert">
            {error}
          </span>
        ) : (
          <span id="history-as-of-hint" className="field-hint">
            Your local time. Shows the state and the events up to that moment.
          </span>
        )}
      </div>
      <div className="history-actions">
        <button type="submit" className="btn btn-primary">
          Show
        </button>
        <button type="button" className="btn" onClick={showNow} disabled={!asOf}>
          Show current
        </button>
      </div>
    </form>
  );
}

export function CustomerHistoryView({ customerId }: { customerId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asOf = fromLocalInput(toLocalInput(searchParams.get('asOf') ?? '')) ? searchParams.get('asOf') : null;
  const query = useCustomerHistory(customerId, asOf);
  const setAsOf = (next: string | null) => setSearchParams(next ? { asOf: next } : {}, { replace: false });

  return (
    <div className="customer-history">
      <section className="panel" aria-label="Moment">
        <AsOfForm key={asOf ?? 'now'} asOf={asOf} onChange={setAsOf} />
      </section>
      {query.isPending ? (
        <div className="empty-state">
          <Spinner label="Loading history..." />
        </div>
      ) : query.isError ? (
        <ErrorMessages error={query.error} className="empty-state" />
      ) : (
        <>
          {!query.data.personalDataShown && <p className="banner">Personal data is hidden for your role; it shows as Hidden.</p>}
          <section className="panel" aria-labelledby="history-state-title">
            <div className="history-section-header">
              <h2 id="history-state-title">{asOf ? `State as of ${formatDateTime(asOf)}` : 'Current state'}</h2>
              {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
            </div>
            <HistoryState state={query.data.state} />
          </section>
          <section className="panel" aria-labelledby="history-timeline-title">
            <div className="history-section-header">
              <h2 id="history-timeline-title">Timeline</h2>
              <span className="muted">
                {query.data.entries.length === 1 ? '1 event' : `${query.data.entries.length} events`}, newest first
              </span>
            </div>
            {query.data.entries.length ? (
              <HistoryTimeline entries={query.data.entries} customerId={customerId} />
            ) : (
              <p className="empty-state">No events were recorded before this moment.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
