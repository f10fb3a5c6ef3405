// Generic search dialog (SPEC 2.5): search box, results table (cards below desktop width), Cancel, optional
// Add New, Select. Typing searches after 400 ms for 2+ characters; arrow up/down move through the results,
// Enter or a double-click selects; Add New is enabled after a first search unless no search is required.
// Two modes: select-on-click (Search Customer), and highlight-then-Select (the default: a click highlights a
// row, Select, disabled until a row is highlighted, returns it).
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ErrorMessages } from '../error-messages/error-messages';
import { Modal, type ModalSize } from '../modal/modal';
import { Spinner } from '../spinner/spinner';
import { Tooltip } from '../tooltip/tooltip';
import { useScreen } from '../../../lib/screen/screen-context';
import { useDeferredFocus } from '../../../hooks/use-deferred-focus';
import { SEARCH_TOO_SHORT_TEXT, useSearchTerm } from '../../../hooks/use-search-term';
import './search-dialog.css';

export const SEARCH_DIALOG_TEXTS = { noResults: 'No results.', placeholder: 'Search...' } as const;
/** SPEC 9: the result table body is 325 px high. */
export const RESULTS_BODY_PX = 325;

export interface SearchColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface SearchDialogProps<T> {
  open: boolean;
  title: string;
  size?: ModalSize;
  placeholder?: string;
  /** Accessible name of the search box. */
  searchLabel?: string;
  initialTerm?: string;
  queryKey: (term: string) => QueryKey;
  search: (term: string, signal: AbortSignal) => Promise<T[]>;
  columns: readonly SearchColumn<T>[];
  rowKey: (row: T) => string;
  /** The heading of a result card (below desktop width). */
  cardTitle: (row: T) => ReactNode;
  onSelect: (row: T) => void;
  onCancel: () => void;
  addNew?: { label?: string; onClick: () => void; /** Shown while Add New waits for a first search. */ disabledHint?: string };
  /** False when Add New needs no search first. */
  requireSearch?: boolean;
  /** A Search button beside the box (typing still searches by itself). */
  searchButton?: boolean;
  selectButton?: boolean;
  /** A single click selects (instead of highlighting, with double-click to select). */
  selectOnClick?: boolean;
  beforeSearchText?: string;
  emptyText?: string;
  /** A picked row is being loaded: the dialog waits. */
  busy?: boolean;
  /** What the dialog says while busy (read by screen readers). */
  busyLabel?: string;
  /**
   * An empty box lists what an empty search answers (a short catalogue to browse), instead of waiting
   * for a term; a typed term still needs 2+ characters.
   */
  listWhenEmpty?: boolean;
  /** Rendered inside the dialog, after it (e.g. a dialog opened from Add New). */
  children?: ReactNode;
  /** More controls beside the search box (e.g. Scan code, issue 24). */
  searchTools?: ReactNode;
  /** A new key starts the search afresh from `initialTerm` (e.g. a scanned code). */
  bodyKey?: string | number;
}

function SearchDialogBody<T>(props: Omit<SearchDialogProps<T>, 'open' | 'title' | 'size' | 'children' | 'bodyKey'>) {
  const {
    placeholder = SEARCH_DIALOG_TEXTS.placeholder,
    searchLabel = placeholder,
    initialTerm,
    queryKey,
    search,
    columns,
    rowKey,
    cardTitle,
    onSelect,
    onCancel,
    addNew,
    requireSearch = true,
    searchButton = false,
    selectButton = true,
    selectOnClick = false,
    beforeSearchText,
    emptyText = SEARCH_DIALOG_TEXTS.noResults,
    busy = false,
    busyLabel = 'Loading...',
    listWhenEmpty = false,
    searchTools,
  } = props;
  const box = useSearchTerm(initialTerm);
  const browsing = listWhenEmpty && box.term === null && box.input.trim() === '';
  const term = browsing ? '' : box.term;
  const query = useQuery({
    queryKey: queryKey(term ?? ''),
    queryFn: ({ signal }) => search(term ?? '', signal),
    enabled: term !== null,
  });
  const results = term !== null && query.isSuccess ? query.data : [];
  const [active, setActive] = useState(-1);
  const rows = useRef(new Map<number, HTMLElement>());
  const { isDesktop } = useScreen();
  const inputId = useId();
  const focusRef = useDeferredFocus<HTMLInputElement>();

  // New results: nothing highlighted until the user moves.
  useEffect(() => setActive(-1), [query.data]);
  useEffect(() => {
    rows.current.get(active)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const select = (row: T | undefined) => {
    if (row !== undefined && !busy) onSelect(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in a dialog opened from this one (portalled, but bubbling through React) are not ours.
    if (results.length === 0 || !event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && active >= 0 && !(event.target instanceof HTMLButtonElement)) {
      // Enter on Cancel or Add New presses that button; anywhere else it selects the highlighted row.
      event.preventDefault();
      select(results[active]);
    }
  };
  const click = (index: number) => (selectOnClick ? select(results[index]) : setActive(index));
  const rowRef = (index: number) => (el: HTMLElement | null) => {
    if (el) rows.current.set(index, el);
    else rows.current.delete(index);
  };

  let area: ReactNode;
  if (box.tooShort) area = <p className="empty-state">{SEARCH_TOO_SHORT_TEXT}</p>;
  else if (term === null) area = <p className="empty-state">{beforeSearchText ?? ''}</p>;
  else if (query.isFetching)
    area = (
      <div className="empty-state">
        <Spinner label="Searching..." />
      </div>
    );
  else if (query.isError)
    area = (
      <ErrorMessages error={query.error} className="empty-state" />
    );
  else if (results.length === 0) area = <p className="empty-state">{emptyText}</p>;
  else if (isDesktop)
    area = (
      <table className="table search-dialog-table">
        <caption className="visually-hidden">Search results</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((row, i) => (
            <tr
              key={rowKey(row)}
              ref={rowRef(i)}
              className={i === active ? 'table-row-clickable is-selected' : 'table-row-clickable'}
              aria-current={i === active || undefined}
              onClick={() => click(i)}
              onDoubleClick={() => select(row)}
            >
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  else
    area = (
      <ul className="card-list" aria-label="Search results">
        {results.map((row, i) => (
          <li
            key={rowKey(row)}
            ref={rowRef(i)}
            className={i === active ? 'card search-dialog-card is-selected' : 'card search-dialog-card'}
            aria-current={i === active || undefined}
            onDoubleClick={() => select(row)}
          >
            <button type="button" className="link-button" onClick={() => click(i)}>
              {cardTitle(row)}
            </button>
            <dl className="card-fields">
              {columns.slice(1).map((c) => (
                <div key={c.header} className="search-dialog-card-field">
                  <dt>{c.header}</dt>
                  <dd>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );

  const canAdd = !requireSearch || box.hasSearched;
  return (
    <div className="search-dialog" onKeyDown={onKeyDown}>
      <div className="modal-body">
        <form
          className="search-dialog-form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (box.submit() === 'same') void query.refetch();
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {searchLabel}
          </label>
          <input
            id={inputId}
            className="input"
            type="search"
            placeholder={placeholder}
            autoComplete="off"
            autoFocus
            ref={focusRef}
            value={box.input}
            onChange={(e) => box.setInput(e.target.value)}
          />
          {searchButton && (
            <button type="submit" className="btn">
              Search
            </button>
          )}
          {searchTools}
        </form>
        <div
          className={isDesktop ? 'search-dialog-results is-table' : 'search-dialog-results'}
          style={isDesktop ? { height: RESULTS_BODY_PX } : undefined}
          // A scrolling region: reachable by keyboard (Tab, then the arrow keys scroll it) and named.
          role="region"
          aria-label="Search results"
          tabIndex={0}
          aria-live="polite"
          aria-busy={query.isFetching || busy}
        >
          {area}
        </div>
        {busy && (
          <p className="search-dialog-busy">
            <Spinner size="sm" label={busyLabel} /> Loading...
          </p>
        )}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        {addNew && (
          <Tooltip content={addNew.disabledHint ?? ''} enabled={!canAdd && Boolean(addNew.disabledHint)}>
            {(tooltipId) => (
              <button type="button" className="btn" disabled={!canAdd || busy} aria-describedby={tooltipId} onClick={addNew.onClick}>
                {addNew.label ?? 'Add New'}
              </button>
            )}
          </Tooltip>
        )}
        {selectButton && (
          <button type="button" className="btn btn-primary" disabled={active < 0 || busy} onClick={() => select(results[active])}>
            Select
          </button>
        )}
      </div>
    </div>
  );
}

export function SearchDialog<T>({ open, title, size = 'lg', children, bodyKey, ...body }: SearchDialogProps<T>) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : body.onCancel())} title={title} size={size}>
      {open && <SearchDialogBody key={bodyKey} {...body} />}
      {children}
    </Modal>
  );
}
