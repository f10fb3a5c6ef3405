// One list of work to retry after a fix (parked events, failed jobs): a table, or cards at 768 px
// and below; each row with its Retry button, a toast on success, plain-words empty state.
import type { ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, PARKED_MESSAGES } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { messagesOf, type ApiError } from '../../../lib/api-error';
import { RetryButton } from './retry-button';

export const when = (time: string) => formatDateTime(time, { seconds: true }) || time;

export interface RetryRow {
  id: string;
  retryRequestedAt: string | null;
}

export interface RetryColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** false: left out of the mobile card (it is the card's title). */
  inCard?: false;
}

export interface RetryListProps<T extends RetryRow> {
  id: string;
  texts: { title: string; intro: string; empty: string; loading: string };
  query: UseQueryResult<T[], Error>;
  retry: UseMutationResult<{ id: string }, ApiError, string>;
  columns: RetryColumn<T>[];
  /** The card's heading on mobile. */
  cardTitle: (row: T) => ReactNode;
  /** The Retry button's accessible name, naming the row. */
  retryLabel: (row: T) => string;
}

/** The retry options every list gives its mutation hook. */
export const retryToasts = {
  onSuccess: () => toast.success(PARKED_MESSAGES.retryRequested),
  onError: (error: ApiError) => toast.errors(messagesOf(error)),
};

export function RetryList<T extends RetryRow>({ id, texts, query, retry, columns, cardTitle, retryLabel }: RetryListProps<T>) {
  const isMobile = useIsMobile();
  const runningId = retry.isPending ? (retry.variables ?? null) : null;
  const retryButton = (row: T) => (
    <RetryButton label={retryLabel(row)} running={runningId === row.id} waiting={row.retryRequestedAt !== null} onRetry={() => retry.mutate(row.id)} />
  );

  let content: ReactNode;
  if (query.isPending)
    content = (
      <div className="empty-state">
        <Spinner label={texts.loading} />
      </div>
    );
  else if (query.isError) content = <ErrorMessages error={query.error} className="alert alert-danger" />;
  else if (query.data.length === 0) content = <p className="empty-state">{texts.empty}</p>;
  else if (isMobile)
    content = (
      <ul className="card-list" aria-label={texts.title}>
        {query.data.map((row) => (
          <li key={row.id} className="card">
            <strong className="system-health-card-title">{cardTitle(row)}</strong>
            <dl className="card-fields">
              {columns.filter((c) => c.inCard !== false).map((c) => [<dt key={`${c.header}-t`}>{c.header}</dt>, <dd key={`${c.header}-d`} className={c.className}>{c.cell(row)}</dd>])}
            </dl>
            <div className="system-health-card-actions">{retryButton(row)}</div>
          </li>
        ))}
      </ul>
    );
  else
    content = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{texts.title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
                <td>{retryButton(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={query.isFetching}>
      <div className="section-header">
        <h2 id={`${id}-title`}>{texts.title}</h2>
      </div>
      <p className="muted">{texts.intro}</p>
      {content}
    </section>
  );
}
