// Location selector (SPEC 2.5), reusable in forms: label 'Location', a disabled 'Loading...' option while the
// list loads, then a disabled 'Select a location...' (null) first option and the locations using the CRM
// where the signed-in employee acts (issue 20: staff act only where they hold a role; admins everywhere).
import { useId, type Ref } from 'react';
import { PACK_SALE_MESSAGES } from '@dealer/contracts';
import { Tooltip } from '../../../components/ui/tooltip/tooltip';
import { useActingLocationIds } from '../../../lib/auth/use-session';
import { useLocations } from '../api/get-locations';
import './location-select.css';

export const LOCATION_TEXTS = {
  label: 'Location',
  loading: 'Loading...',
  placeholder: 'Select a location...',
  // SPEC 2.5's text, written once in contracts.
  pendingTooltip: PACK_SALE_MESSAGES.pendingLocationTooltip,
} as const;

export interface LocationSelectProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  error?: string;
  /** The book or pack is still pending: the selector is locked and says why. */
  pending?: boolean;
  /** Fixed by the caller: shown, not editable (no pending tooltip). */
  disabled?: boolean;
  /** Offer only these locations (e.g. those that sold a pack), still only the CRM ones. */
  allowedIds?: readonly number[];
  label?: string;
  autoFocus?: boolean;
}

export function LocationSelect({ value, onChange, onBlur, name, ref, error, pending = false, disabled = false, allowedIds, label = LOCATION_TEXTS.label, autoFocus }: LocationSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const locations = useLocations();
  const acting = useActingLocationIds();
  const loading = locations.isPending;
  // A pending pack may have been sold at a location that no longer uses the CRM (or where the employee no
  // longer acts): still show where it is.
  const offered = (locations.data ?? []).filter(
    (l) =>
      l.locationId === value ||
      (l.isUsingCrm && (allowedIds === undefined || allowedIds.includes(l.locationId)) && (acting === null || acting.includes(l.locationId))),
  );
  const locked = pending || disabled || loading;

  return (
    <div className="field location-select">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <Tooltip content={LOCATION_TEXTS.pendingTooltip} enabled={pending}>
        {(tooltipId) => (
          <select
            ref={ref}
            id={id}
            name={name}
            className="input select"
            value={loading || value === null ? '' : String(value)}
            disabled={locked}
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={[tooltipId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
            onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
            onBlur={onBlur}
          >
            {loading ? (
              <option value="" disabled>
                {LOCATION_TEXTS.loading}
              </option>
            ) : (
              <option value="" disabled>
                {LOCATION_TEXTS.placeholder}
              </option>
            )}
            {offered.map((l) => (
              <option key={l.locationId} value={l.locationId}>
                {l.locationName}
              </option>
            ))}
          </select>
        )}
      </Tooltip>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
