// The searchable op-code list of the help page "Opcode List": a location (lent by the route), a search box
// (SPEC 9: 400 ms debounce, 2+ characters; shorter lists everything), then the op codes of that location's
// DMS jobs as a table (cards at 768 px and below) with how often each is used and whether it needs the
// customer's verification there. Paged like the catalogues.
import { CATALOGUE_PAGE, TIMINGS } from '@dealer/contracts';
import { useId, useState, type ComponentType } from 'react';
import { CatalogueResults } from '../../../components/ui/catalogue/catalogue-results';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { isSearchable } from '../../../hooks/use-search-term';
import { useOpCodes, type OpCodeListed } from '../api/get-opcodes';
import { jobCountText } from './help-topics';
import './help.css';

/** What a location selector must accept; the route passes the locations feature's selector in. */
export interface LocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
}

interface OpCodeListProps {
  LocationSelect: ComponentType<LocationFieldProps>;
  /** Where the list starts (the employee's location; null while the locations load). */
  defaultLocationId: number | null;
}

function VerificationBadge({ needed }: { needed: boolean }) {
  return needed ? <span className="help-badge is-verify">Needs verification</span> : <span className="help-badge is-plain">No</span>;
}

function OpCodeRows({ opCodes }: { opCodes: readonly OpCodeListed[] }) {
  const isMobile = useIsMobile();
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Op codes">
        {opCodes.map((c) => (
          <li key={c.opCode} className="card">
            <div>
              <code className="help-opcode">{c.opCode}</code> {c.description ?? <span className="muted">No description</span>}
            </div>
            <dl className="card-fields">
              <dt>Used on</dt>
              <dd>{jobCountText(c.jobCount)}</dd>
              <dt>Verification</dt>
              <dd>
                <VerificationBadge needed={c.needsVerification} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Op codes, by op code</caption>
        <thead>
          <tr>
            <th scope="col">Op code</th>
            <th scope="col">Description</th>
            <th scope="col">Used on</th>
            <th scope="col">Customer verification</th>
          </tr>
        </thead>
        <tbody>
          {opCodes.map((c) => (
            <tr key={c.opCode}>
              <td>
                <code className="help-opcode">{c.opCode}</code>
              </td>
              <td>{c.description ?? <span className="muted">No description</span>}</td>
              <td>{jobCountText(c.jobCount)}</td>
              <td>
                <VerificationBadge needed={c.needsVerification} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OpCodeList({ LocationSelect, defaultLocationId }: OpCodeListProps) {
  const searchId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const locationId = chosen ?? defaultLocationId;
  const [input, setInput] = useState('');
  const debounced = useDebouncedValue(input.trim(), TIMINGS.searchDebounceMs);
  const search = isSearchable(debounced) ? debounced : '';
  const [page, setPage] = useState({ key: '', offset: 0 });
  const key = `${locationId ?? ''}\u0000${search}`;
  const offset = page.key === key ? page.offset : 0;
  // The page always shows one location's list; nothing is asked until the employee's location is known.
  const query = useOpCodes({ search, locationId, offset }, locationId !== null);

  return (
    <section className="help-opcode-list" aria-label="Op codes in the DMS data">
      <div className="help-opcode-filters">
        <LocationSelect value={locationId} onChange={setChosen} />
        <div className="field">
          <label className="field-label" htmlFor={searchId}>
            Search op codes
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Op code or description, e.g. LOF or rotation"
            autoComplete="off"
            maxLength={CATALOGUE_PAGE.searchMax}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
      </div>
      <CatalogueResults
        query={{ ...query, page: query.data && { ...query.data, count: query.data.opCodes.length } }}
        texts={{
          loading: 'Loading op codes...',
          empty: search ? 'No op codes match your search.' : 'No op codes in the DMS data for this location yet.',
          count: (n) => (n === 1 ? '1 op code' : `${n.toLocaleString('en-US')} op codes`),
          pages: 'Op code pages',
        }}
        onOffsetChange={(next) => setPage({ key, offset: next })}
      >
        <OpCodeRows opCodes={query.data?.opCodes ?? []} />
      </CatalogueResults>
    </section>
  );
}
