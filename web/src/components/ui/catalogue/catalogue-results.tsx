// The results area of a catalogue page: a spinner while the first page loads, the error's messages, the empty
// text, or the count ('12 coupons', with a spinner while refreshing), the list itself and the pager.
import type { ReactNode } from 'react';
import { ErrorMessages } from '../error-messages/error-messages';
import { Pager } from '../pager/pager';
import { Spinner } from '../spinner/spinner';

export interface PageOf {
  total: number;
  limit: number;
  offset: number;
  /** How many items this page holds. */
  count: number;
}

interface CatalogueResultsProps {
  /** The page query's state (TanStack Query), reduced to what is shown. */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; page: PageOf | undefined };
  texts: { loading: string; empty: string; count: (total: number) => string; pages: string };
  onOffsetChange: (offset: number) => void;
  children: ReactNode;
}

export function CatalogueResults({ query, texts, onOffsetChange, children }: CatalogueResultsProps) {
  const { page } = query;
  if (query.isPending)
    return (
      <div className="empty-state">
        <Spinner label={texts.loading} />
      </div>
    );
  if (query.isError) return <ErrorMessages error={query.error} className="empty-state" />;
  if (!page || page.count === 0) return <p className="empty-state">{texts.empty}</p>;
  return (
    <>
      <p className="muted catalogue-count" aria-live="polite">
        {texts.count(page.total)}
        {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
      </p>
      {children}
      <Pager total={page.total} limit={page.limit} offset={page.offset} onOffsetChange={onOffsetChange} label={texts.pages} />
    </>
  );
}
