// Toolbar of a catalogue page (coupons, packs): a search box (SPEC 9: 400 ms debounce, 2+ characters; a
// shorter term lists everything), an All/Active/Disabled filter, and an Add button for those who may add.
// useCatalogueFilter holds the state; the page's offset starts again at 0 whenever the filter changes.
import { CATALOGUE_PAGE, TIMINGS } from '@dealer/contracts';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { isSearchable } from '../../../hooks/use-search-term';
import { SelectField } from '../form/select-field';
import './catalogue.css';

export type StatusFilter = 'all' | 'active' | 'disabled';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

export function useCatalogueFilter() {
  const [input, setInput] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const debounced = useDebouncedValue(input.trim(), TIMINGS.searchDebounceMs);
  const search = isSearchable(debounced) ? debounced : '';
  const [page, setPage] = useState({ key: '', offset: 0 });
  const key = `${status}\u0000${search}`;
  return {
    input,
    setInput,
    status,
    setStatus,
    search,
    /** The offset of the current filter (a new filter starts at the first page). */
    offset: page.key === key ? page.offset : 0,
    setOffset: (offset: number) => setPage({ key, offset }),
    /** Something narrows the list (for the empty text). */
    filtered: search !== '' || status !== 'all',
  };
}

export type CatalogueFilter = ReturnType<typeof useCatalogueFilter>;

interface CatalogueToolbarProps {
  filter: CatalogueFilter;
  searchLabel: string;
  placeholder: string;
  add?: { label: string; onClick: () => void };
}

export function CatalogueToolbar({ filter, searchLabel, placeholder, add }: CatalogueToolbarProps) {
  const searchId = useId();
  return (
    <div className="catalogue-toolbar">
      <div className="field catalogue-search">
        <label className="field-label" htmlFor={searchId}>
          {searchLabel}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          maxLength={CATALOGUE_PAGE.searchMax}
          value={filter.input}
          onChange={(e) => filter.setInput(e.target.value)}
        />
      </div>
      <SelectField
        className="catalogue-status"
        label="Status"
        options={STATUS_OPTIONS}
        value={filter.status}
        onChange={(e) => filter.setStatus(e.target.value as StatusFilter)}
      />
      {add && (
        <button type="button" className="btn btn-primary catalogue-add" onClick={add.onClick}>
          {add.label}
        </button>
      )}
    </div>
  );
}
