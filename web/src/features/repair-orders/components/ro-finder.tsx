// RO page: find repair orders by advisor, customer name, VIN, status and a range of opening or closing dates
// (issue 23), newest first, a page at a time; a row opens the RO below (the page's lookup by number).
import { useId, useState, type FormEvent } from 'react';
import { RO_DATE_FIELDS, RO_SEARCH_LIMITS, RO_STATUSES, RO_STATUS_LABELS, formatDate, orDash, type RoDateField, type RoSearchQuery, type RoSearchRow, type RoStatus } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { SelectField } from '../../../components/ui/form/select-field';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import type { RoInput } from '../api/repair-order';
import { useRepairOrderSearch } from '../api/search-repair-orders';
import '../../../components/ui/pager/pager.css';
import './repair-orders.css';

export const RO_FINDER_TEXTS = {
  title: 'Search repair orders',
  intro: 'By advisor, customer, VIN, status or dates, newest first, at the locations where you work.',
  allLocations: 'All my locations',
  location: 'Search at',
  advisor: 'Advisor',
  advisorHint: 'Last name, or first and last name.',
  customer: 'Customer name',
  customerHint: 'Last name, or first and last name.',
  vin: 'VIN',
  vinHint: `The whole VIN or its last ${RO_SEARCH_LIMITS.minVinLength} or more characters.`,
  status: 'Status',
  anyStatus: 'Any status',
  dateField: 'Dates',
  from: 'From',
  to: 'To',
  search: 'Search',
  clear: 'Clear',
  none: 'No repair orders match this search.',
  results: 'Repair orders found',
  view: 'View',
  newer: 'Previous page',
  older: 'Next page',
  page: (n: number) => `Page ${n}`,
} as const;

const DATE_FIELD_LABELS: Record<RoDateField, string> = { opened: 'Opened', closed: 'Closed' };
const STATUS_TONES: Record<RoStatus, string> = { open: 'tone-info', closed: 'tone-success', voided: 'tone-danger' };

export interface FinderLocation {
  locationId: number;
  locationName: string;
}

interface Criteria {
  locationId: string;
  advisor: string;
  customerName: string;
  vin: string;
  status: '' | RoStatus;
  dateField: RoDateField;
  from: string;
  to: string;
}

const EMPTY: Criteria = { locationId: '', advisor: '', customerName: '', vin: '', status: '', dateField: 'opened', from: '', to: '' };

/** The query string of the criteria: empty fields left out. */
export function roSearchQueryOf(c: Criteria): RoSearchQuery {
  const text = (s: string) => s.trim() || undefined;
  const query: RoSearchQuery = {
    locationId: c.locationId ? Number(c.locationId) : undefined,
    advisor: text(c.advisor),
    customerName: text(c.customerName),
    vin: text(c.vin),
    status: c.status || undefined,
    dateField: c.from || c.to ? c.dateField : undefined,
    from: c.from || undefined,
    to: c.to || undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as RoSearchQuery;
}

function StatusBadge({ status }: { status: RoStatus }) {
  return <span className={`tone-badge ${STATUS_TONES[status]}`}>{RO_STATUS_LABELS[status]}</span>;
}

function ResultRows({ rows, onOpen }: { rows: RoSearchRow[]; onOpen: (ro: RoInput) => void }) {
  const isMobile = useIsMobile();
  const open = (r: RoSearchRow) => onOpen({ roNumber: r.roNumber, locationId: r.locationId });
  const view = (r: RoSearchRow) => (
    <button type="button" className="btn btn-sm" aria-label={`${RO_FINDER_TEXTS.view} RO# ${r.roNumber} at ${r.locationName}`} onClick={() => open(r)}>
      {RO_FINDER_TEXTS.view}
    </button>
  );
  if (isMobile)
    return (
      <ul className="card-list" aria-label={RO_FINDER_TEXTS.results}>
        {rows.map((r) => (
          <li key={`${r.locationId}/${r.roNumber}`} className="card">
            <div className="section-head">
              <strong>RO# {r.roNumber}</strong>
              <StatusBadge status={r.status} />
            </div>
            <dl className="card-fields">
              <dt>Location</dt>
              <dd>{r.locationName}</dd>
              <dt>Opened</dt>
              <dd>{formatDate(r.openDate)}</dd>
              <dt>Closed</dt>
              <dd>{orDash(formatDate(r.closeDate))}</dd>
              <dt>Advisor</dt>
              <dd>{orDash(r.advisorFullName)}</dd>
              <dt>Customer</dt>
              <dd>{orDash(r.customerFullName)}</dd>
              <dt>VIN</dt>
              <dd className="ro-mono">{orDash(r.vin)}</dd>
            </dl>
            <div className="ro-finder-card-actions">{view(r)}</div>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{RO_FINDER_TEXTS.results}</caption>
        <thead>
          <tr>
            <th scope="col">RO#</th>
            <th scope="col">Location</th>
            <th scope="col">Status</th>
            <th scope="col">Opened</th>
            <th scope="col">Closed</th>
            <th scope="col">Advisor</th>
            <th scope="col">Customer</th>
            <th scope="col">VIN</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.locationId}/${r.roNumber}`}>
              <td>{r.roNumber}</td>
              <td>{r.locationName}</td>
              <td>
                <StatusBadge status={r.status} />
              </td>
              <td>{formatDate(r.openDate)}</td>
              <td>{orDash(formatDate(r.closeDate))}</td>
              <td>{orDash(r.advisorFullName)}</td>
              <td>{orDash(r.customerFullName)}</td>
              <td className="ro-mono">{orDash(r.vin)}</td>
              <td>{view(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RoFinderProps {
  /** The locations where the employee works (the route narrows them). */
  locations: readonly FinderLocation[];
  onOpen: (ro: RoInput) => void;
}

export function RoFinder({ locations, onOpen }: RoFinderProps) {
  const titleId = useId();
  const [criteria, setCriteria] = useState<Criteria>(EMPTY);
  const [query, setQuery] = useState<RoSearchQuery | null>(null);
  /** Cursors of the pages before the one shown (page 1 has none). */
  const [cursors, setCursors] = useState<string[]>([]);
  const search = useRepairOrderSearch(query);
  const set = <K extends keyof Criteria>(key: K) => (value: Criteria[K]) => setCriteria((c) => ({ ...c, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCursors([]);
    setQuery(roSearchQueryOf(criteria));
  };
  const goTo = (after: string | undefined, nextCursors: string[]) => {
    if (!query) return;
    const { after: _previous, ...rest } = query;
    setCursors(nextCursors);
    setQuery(after ? { ...rest, after } : rest);
  };
  const page = search.data;

  return (
    <section className="panel ro-finder" aria-labelledby={titleId}>
      <h2 id={titleId}>{RO_FINDER_TEXTS.title}</h2>
      <p className="muted panel-intro">{RO_FINDER_TEXTS.intro}</p>
      <form noValidate role="search" aria-label={RO_FINDER_TEXTS.title} className="ro-finder-form" onSubmit={submit}>
        <SelectField
          label={RO_FINDER_TEXTS.location}
          value={criteria.locationId}
          onChange={(e) => set('locationId')(e.target.value)}
          options={[{ value: '', label: RO_FINDER_TEXTS.allLocations }, ...locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))]}
        />
        <TextField label={RO_FINDER_TEXTS.advisor} hint={RO_FINDER_TEXTS.advisorHint} value={criteria.advisor} maxLength={RO_SEARCH_LIMITS.maxNameLength} onChange={(e) => set('advisor')(e.target.value)} />
        <TextField label={RO_FINDER_TEXTS.customer} hint={RO_FINDER_TEXTS.customerHint} value={criteria.customerName} maxLength={RO_SEARCH_LIMITS.maxNameLength} onChange={(e) => set('customerName')(e.target.value)} />
        <TextField label={RO_FINDER_TEXTS.vin} hint={RO_FINDER_TEXTS.vinHint} value={criteria.vin} maxLength={RO_SEARCH_LIMITS.maxVinLength + 4} autoCapitalize="characters" spellCheck={false} onChange={(e) => set('vin')(e.target.value)} />
        <SelectField
          label={RO_FINDER_TEXTS.status}
          value={criteria.status}
          onChange={(e) => set('status')(e.target.value as Criteria['status'])}
          options={[{ value: '', label: RO_FINDER_TEXTS.anyStatus }, ...RO_STATUSES.map((s) => ({ value: s, label: RO_STATUS_LABELS[s] }))]}
        />
        <SelectField
          label={RO_FINDER_TEXTS.dateField}
          value={criteria.dateField}
          onChange={(e) => set('dateField')(e.target.value as RoDateField)}
          options={RO_DATE_FIELDS.map((f) => ({ value: f, label: DATE_FIELD_LABELS[f] }))}
        />
        <TextField label={RO_FINDER_TEXTS.from} type="date" value={criteria.from} onChange={(e) => set('from')(e.target.value)} />
        <TextField label={RO_FINDER_TEXTS.to} type="date" value={criteria.to} onChange={(e) => set('to')(e.target.value)} />
        <div className="ro-finder-actions">
          <button type="submit" className="btn btn-primary">
            {search.isFetching && <Spinner size="sm" label="Searching..." />}
            {RO_FINDER_TEXTS.search}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setCriteria(EMPTY);
              setQuery(null);
              setCursors([]);
            }}
          >
            {RO_FINDER_TEXTS.clear}
          </button>
        </div>
      </form>
      {search.isError && <ErrorMessages error={search.error} className="alert alert-danger ro-error" />}
      {query && page && !search.isError && (
        <div className="ro-finder-results" aria-busy={search.isFetching}>
          {page.rows.length === 0 ? (
            <p className="empty-state">{RO_FINDER_TEXTS.none}</p>
          ) : (
            <ResultRows rows={page.rows} onOpen={onOpen} />
          )}
          {(cursors.length > 0 || page.next) && (
            <nav className="pager" aria-label="Repair order pages">
              <button type="button" className="btn btn-sm" disabled={cursors.length === 0} onClick={() => goTo(cursors.length > 1 ? cursors[cursors.length - 1] : undefined, cursors.slice(0, -1))}>
                {RO_FINDER_TEXTS.newer}
              </button>
              <span className="pager-range" aria-live="polite">
                {RO_FINDER_TEXTS.page(cursors.length + 1)}
              </span>
              <button type="button" className="btn btn-sm" disabled={!page.next} onClick={() => page.next && goTo(page.next, [...cursors, query.after ?? ''])}>
                {RO_FINDER_TEXTS.older}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
