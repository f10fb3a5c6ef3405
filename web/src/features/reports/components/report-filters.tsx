// A report's filters: the period (presets, or Custom with two dates), the locations (Multiselect dropdown,
// SPEC 2.5, with search and select-all) and the report's own options. Every change applies at once.
import type { ReportCatalogueEntry } from '@dealer/contracts';
import { SelectField } from '../../../components/ui/form/select-field';
import { Multiselect, type MultiselectOption } from '../../../components/ui/multiselect/multiselect';
import { PERIOD_PRESETS, presetPeriod, type PeriodPreset, type ReportParams } from './report-params';

export const FILTER_TEXTS = {
  filters: 'Filters',
  period: 'Period',
  from: 'From',
  to: 'To',
  locations: 'Locations',
  noLocation: 'Choose at least one location.',
} as const;

interface ReportFiltersProps {
  entry: ReportCatalogueEntry;
  params: ReportParams;
  /** The period the filters stand for now (a preset's dates, or the custom ones). */
  period: { from: string; to: string };
  today: string;
  onChange: (params: ReportParams) => void;
  locationOptions: readonly MultiselectOption<number>[];
  /** The locations ticked (every one offered when none was ever chosen). */
  chosenLocationIds: readonly number[];
  periodError: string | null;
}

export function ReportFilters({ entry, params, period, today, onChange, locationOptions, chosenLocationIds, periodError }: ReportFiltersProps) {
  const setPreset = (preset: PeriodPreset) => onChange({ ...params, preset, ...(presetPeriod(preset, today) ?? period) });
  // Typing a date makes the period a custom one, starting from what was shown.
  const setDate = (which: 'from' | 'to', value: string) => onChange({ ...params, preset: 'custom', ...period, [which]: value });
  return (
    <section className="panel report-filters" aria-label={FILTER_TEXTS.filters}>
      <SelectField
        label={FILTER_TEXTS.period}
        options={PERIOD_PRESETS.map(([value, label]) => ({ value, label }))}
        value={params.preset}
        onChange={(e) => setPreset(e.target.value as PeriodPreset)}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${entry.name}-from`}>
          {FILTER_TEXTS.from}
        </label>
        <input
          id={`${entry.name}-from`}
          type="date"
          className="input"
          value={period.from}
          min="1970-01-01"
          max="9999-12-31"
          aria-invalid={periodError ? true : undefined}
          aria-describedby={periodError ? `${entry.name}-period-error` : undefined}
          onChange={(e) => setDate('from', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${entry.name}-to`}>
          {FILTER_TEXTS.to}
        </label>
        <input
          id={`${entry.name}-to`}
          type="date"
          className="input"
          value={period.to}
          min="1970-01-01"
          max="9999-12-31"
          aria-invalid={periodError ? true : undefined}
          aria-describedby={periodError ? `${entry.name}-period-error` : undefined}
          onChange={(e) => setDate('to', e.target.value)}
        />
      </div>
      <Multiselect
        label={FILTER_TEXTS.locations}
        options={locationOptions}
        value={chosenLocationIds}
        onChange={(ids) => onChange({ ...params, locationIds: ids })}
        searchable
        selectAll
        error={locationOptions.length > 0 && chosenLocationIds.length === 0 ? FILTER_TEXTS.noLocation : undefined}
      />
      {entry.options.map((option) => (
        <SelectField
          key={option.key}
          label={option.label}
          options={option.values}
          value={params.options[option.key] ?? option.default}
          onChange={(e) => onChange({ ...params, options: { ...params.options, [option.key]: e.target.value } })}
        />
      ))}
      {periodError && (
        <p id={`${entry.name}-period-error`} className="field-error report-filters-error" role="alert">
          {periodError}
        </p>
      )}
    </section>
  );
}
