// Multiselect dropdown (SPEC 2.5): a labelled button that opens a panel of checkboxes, with an optional search box
// and an optional Select all; placeholder 'Select an Item...' when nothing is chosen, '...' when there is nothing
// to choose; the list at most 250 px high, the control at least 150 px wide. Keyboard: Enter/Space/ArrowDown
// open it, ArrowUp/ArrowDown move between the choices, Space ticks one, Escape closes it and returns focus.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import './multiselect.css';

export const MULTISELECT_TEXTS = {
  placeholder: 'Select an Item...',
  noOptions: '...',
  search: 'Search',
  selectAll: 'Select all',
  noMatches: 'No matches.',
  all: (count: number) => `All (${count})`,
  more: (count: number) => `+${count} more`,
} as const;

export interface MultiselectOption<T extends string | number> {
  value: T;
  label: string;
}

export interface MultiselectProps<T extends string | number> {
  label: string;
  options: readonly MultiselectOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  searchable?: boolean;
  selectAll?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Shown under the control (and read with it), e.g. a validation message. */
  error?: string;
}

/** What the closed control says: the placeholder, '...', All (n), or the first choices and how many more. */
export function multiselectSummary<T extends string | number>(options: readonly MultiselectOption<T>[], value: readonly T[], placeholder: string): string {
  if (options.length === 0) return MULTISELECT_TEXTS.noOptions;
  const chosen = options.filter((o) => value.includes(o.value));
  if (chosen.length === 0) return placeholder;
  if (chosen.length === options.length && options.length > 1) return MULTISELECT_TEXTS.all(options.length);
  const shown = chosen.slice(0, 2).map((o) => o.label).join(', ');
  return chosen.length > 2 ? `${shown} ${MULTISELECT_TEXTS.more(chosen.length - 2)}` : shown;
}

export function Multiselect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  searchable = false,
  selectAll = false,
  placeholder = MULTISELECT_TEXTS.placeholder,
  disabled = false,
  error,
}: MultiselectProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const empty = options.length === 0;

  const shown = useMemo(() => {
    const t = term.trim().toLowerCase();
    return t ? options.filter((o) => o.label.toLowerCase().includes(t)) : options;
  }, [options, term]);
  const allShownChosen = shown.length > 0 && shown.every((o) => value.includes(o.value));
  const someShownChosen = shown.some((o) => value.includes(o.value));

  // Close on a click or focus outside the control.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  // On opening, focus the search box or the first choice.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    else setTerm('');
  }, [open]);

  const toggle = (v: T) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  const toggleAllShown = () => {
    const shownValues = shown.map((o) => o.value);
    onChange(allShownChosen ? value.filter((v) => !shownValues.includes(v)) : [...value, ...shownValues.filter((v) => !value.includes(v))]);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const inputs = Array.from(panelRef.current?.querySelectorAll<HTMLInputElement>('input') ?? []);
    const at = inputs.indexOf(document.activeElement as HTMLInputElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, inputs.length - 1) : Math.max(at - 1, 0);
    event.preventDefault();
    inputs[next]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };

  const labelId = `${id}-label`;
  const panelId = `${id}-panel`;
  const errorId = `${id}-error`;
  return (
    <div className="field multiselect" ref={rootRef}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className="input select multiselect-button"
        aria-labelledby={`${labelId} ${id}-button`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled || empty}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <span className={value.length === 0 || empty ? 'multiselect-placeholder' : undefined}>{multiselectSummary(options, value, placeholder)}</span>
      </button>
      {open && (
        <div className="multiselect-panel" id={panelId} ref={panelRef} role="group" aria-labelledby={labelId} onKeyDown={onPanelKeyDown}>
          {searchable && (
            <input
              type="search"
              className="input multiselect-search"
              aria-label={`${MULTISELECT_TEXTS.search} ${label.toLowerCase()}`}
              placeholder={MULTISELECT_TEXTS.search}
              value={term}
              maxLength={100}
              onChange={(e) => setTerm(e.target.value)}
            />
          )}
          <ul className="multiselect-list">
            {selectAll && shown.length > 0 && (
              <li className="multiselect-all">
                <label>
                  <input
                    type="checkbox"
                    checked={allShownChosen}
                    ref={(el) => {
                      if (el) el.indeterminate = !allShownChosen && someShownChosen;
                    }}
                    onChange={toggleAllShown}
                  />
                  {MULTISELECT_TEXTS.selectAll}
                </label>
              </li>
            )}
            {shown.map((o) => (
              <li key={o.value}>
                <label>
                  <input type="checkbox" checked={value.includes(o.value)} onChange={() => toggle(o.value)} />
                  {o.label}
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="multiselect-none muted">{MULTISELECT_TEXTS.noMatches}</li>}
          </ul>
        </div>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
