// Search results: a table (Name, Email, Type, RO#, Phone) on wider screens, cards on mobile.
import { fullName, phoneOrDash, type CustomerSearchResult } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { RoInfoPopover } from './ro-info-popover';

interface ResultsProps {
  results: CustomerSearchResult[];
  selectedId: string | null;
  onSelect: (customerId: string) => void;
}

const nameOf = (r: CustomerSearchResult) => fullName(r) || '(no name)';
/** One customer can match on several ROs, so the RO number is part of the key. */
const rowKey = (r: CustomerSearchResult) => `${r.customerId}-${r.searchType}-${r.soldDMSNumber ?? ''}`;

function ResultCards({ results, selectedId, onSelect }: ResultsProps) {
  return (
    <ul className="card-list" aria-label="Search results">
      {results.map((r) => (
        <li
          key={rowKey(r)}
          className={r.customerId === selectedId ? 'card is-selected' : 'card'}
          aria-current={r.customerId === selectedId || undefined}
        >
          <button type="button" className="link-button" onClick={() => onSelect(r.customerId)}>
            {nameOf(r)}
          </button>
          <dl className="card-fields">
            <dt>Email</dt>
            <dd>{r.emailAddress ?? '-'}</dd>
            <dt>Type</dt>
            <dd>{r.searchType}</dd>
            <dt>RO#</dt>
            <dd>{r.soldDMSNumber ?? '-'}</dd>
            <dt>Phone</dt>
            <dd>{phoneOrDash(r.phoneMobile)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ResultTable({ results, selectedId, onSelect }: ResultsProps) {
  return (
    // Scrolls past 325 px: focusable and named so keyboard users can scroll it.
    <div className="table-wrap search-results-table" role="region" aria-label="Search results" tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">Search results</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Type</th>
            <th scope="col">RO#</th>
            <th scope="col">Phone</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr
              key={rowKey(r)}
              className={r.customerId === selectedId ? 'table-row-clickable is-selected' : 'table-row-clickable'}
              aria-current={r.customerId === selectedId || undefined}
              onClick={() => onSelect(r.customerId)}
            >
              <td>
                <button
                  type="button"
                  className="link-button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onSelect(r.customerId);
                  }}
                >
                  {nameOf(r)}
                </button>
              </td>
              <td>{r.emailAddress ?? '-'}</td>
              <td>{r.searchType}</td>
              <td>
                <RoInfoPopover result={r} />
              </td>
              <td className="nowrap">{phoneOrDash(r.phoneMobile)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CustomerSearchResults(props: ResultsProps) {
  const isMobile = useIsMobile();
  return isMobile ? <ResultCards {...props} /> : <ResultTable {...props} />;
}
