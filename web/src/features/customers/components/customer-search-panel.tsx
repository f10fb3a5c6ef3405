// Customer search (SPEC 2.5 Search Customer): box, Search button, results and 'Create New Customer'.
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { Tooltip } from '../../../components/ui/tooltip/tooltip';
import { useCustomerSearch } from '../hooks/use-customer-search';
import { SEARCH_TOO_SHORT_TEXT } from '../../../hooks/use-search-term';
import { CustomerSearchResults } from './customer-search-results';

export const SEARCH_FIRST_HINT = 'You must search for a customer first.';

interface SearchPanelProps {
  selectedId: string | null;
  onSelect: (customerId: string) => void;
  onCreate: () => void;
}

function ResultsArea({ search, selectedId, onSelect }: { search: ReturnType<typeof useCustomerSearch> } & Omit<SearchPanelProps, 'onCreate'>) {
  const { query, searchTerm, tooShort } = search;
  if (tooShort) return <p className="empty-state">{SEARCH_TOO_SHORT_TEXT}</p>;
  if (searchTerm === null) return <p className="empty-state">Please search for a customer.</p>;
  if (query.isLoading)
    return (
      <div className="empty-state">
        <Spinner label="Searching..." />
      </div>
    );
  if (query.isError)
    return (
      <ErrorMessages error={query.error} className="empty-state" />
    );
  if (!query.data?.length) return <p className="empty-state">No results</p>;
  return <CustomerSearchResults results={query.data} selectedId={selectedId} onSelect={onSelect} />;
}

export function CustomerSearchPanel({ selectedId, onSelect, onCreate }: SearchPanelProps) {
  const search = useCustomerSearch();
  return (
    <section className="panel customer-search" aria-labelledby="customer-search-title">
      <div className="section-header">
        <h2 id="customer-search-title">Find a customer</h2>
        <Tooltip content={SEARCH_FIRST_HINT} enabled={!search.hasSearched}>
          {(tooltipId) => (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!search.hasSearched}
              aria-describedby={tooltipId}
              onClick={onCreate}
            >
              Create New Customer
            </button>
          )}
        </Tooltip>
      </div>
      <form
        className="search-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search.submit();
        }}
      >
        <label htmlFor="customer-search-term" className="visually-hidden">
          Search customers by phone, email or RO number
        </label>
        <input
          id="customer-search-term"
          className="input"
          type="search"
          placeholder="Phone, Email, RO #"
          autoComplete="off"
          autoFocus
          value={search.input}
          onChange={(e) => search.setInput(e.target.value)}
        />
        <button type="submit" className="btn">
          {search.query.isFetching && !search.query.isLoading ? <Spinner size="sm" label="Searching..." /> : null}
          Search
        </button>
      </form>
      <div className="search-results" aria-live="polite" aria-busy={search.query.isFetching}>
        <ResultsArea search={search} selectedId={selectedId} onSelect={onSelect} />
      </div>
    </section>
  );
}
