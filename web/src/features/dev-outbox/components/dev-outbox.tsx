// Development outbox: read the e-mails and texts the product sent in demo mode, filtered by recipient.
import { useState } from 'react';
import { TIMINGS } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { isApiError } from '../../../lib/api-error';
import { useOutboxMessages } from '../api/get-outbox-messages';
import { OutboxMessages } from './outbox-messages';
import './dev-outbox.css';

export const DEMO_ONLY_TEXT = 'The development outbox is only available in demo mode.';

function Messages({ to }: { to: string }) {
  const query = useOutboxMessages(to);
  if (query.isPending)
    return (
      <div className="empty-state">
        <Spinner label="Loading messages..." />
      </div>
    );
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <p className="banner">{DEMO_ONLY_TEXT}</p>;
    return (
      <ErrorMessages error={query.error} className="empty-state" />
    );
  }
  return (
    <>
      <div className="outbox-toolbar">
        <span className="muted">{query.data.length === 1 ? '1 message' : `${query.data.length} messages`}</span>
        <button type="button" className="btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
          Refresh
        </button>
      </div>
      {query.data.length ? <OutboxMessages messages={query.data} /> : <p className="empty-state">No messages.</p>}
    </>
  );
}

export function DevOutbox() {
  const [to, setTo] = useState('');
  const filter = useDebouncedValue(to.trim(), TIMINGS.searchDebounceMs);
  return (
    <section className="panel dev-outbox">
      <div className="outbox-filter">
        <label htmlFor="outbox-to" className="field-label">
          To
        </label>
        <input
          id="outbox-to"
          className="input"
          type="search"
          placeholder="E-mail address or phone number"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Messages to={filter} />
    </section>
  );
}
