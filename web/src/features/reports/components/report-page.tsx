// One report page (/employee/reports/<name>), the same for all eight: the catalogue entry gives the title, summary
// and filters; the API's answer gives the tables, charts and notes. The filters are saved in browser storage per
// report (SPEC 3) and restored on the next visit; a drill-down is in the address, so Back and reload keep it.
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { todayHere, REPORT_CATALOGUE, type ReportName, type ReportRow, type ReportTable as ReportTableData } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import type { MultiselectOption } from '../../../components/ui/multiselect/multiselect';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { messagesOf } from '../../../lib/api-error';
import { readStorage, writeStorage } from '../../../lib/storage';
import { useExportReportCsv } from '../api/export-report-csv';
import { useReport } from '../api/get-report';
import { useReportLocations } from '../api/get-report-locations';
import { ReportChart } from './report-chart';
import { ReportFilters } from './report-filters';
import { formatReportDate } from './report-format';
import {
  askedLocationIds,
  csvFileName,
  drillFrom,
  keepOfferedLocations,
  periodOf,
  periodProblem,
  REPORT_PARAMS_KEY,
  restoreParams,
  saveParams,
  type ReportRequest,
} from './report-params';
import { ReportTable, rowLabel, type DrillTarget } from './report-table';
import './reports.css';

export const REPORT_PAGE_TEXTS = {
  reports: 'Reports',
  breadcrumb: 'Breadcrumb',
  loading: 'Loading...',
  loadingLocations: 'Loading locations...',
  noReportingLocation: 'You do not hold a controller or manager role at any location, so there are no reports to show.',
  notes: 'About these figures',
  narrowed: (names: string) => `The figures cover only the chosen locations you hold a role at: ${names}.`,
} as const;

/** The filters' wait after the last change before the report is asked again (SPEC 9's search debounce). */
const APPLY_DELAY_MS = 400;

export interface ReportLocation {
  locationId: number;
  locationName: string;
}

interface ReportPageProps {
  name: ReportName;
  /** Every location, to name a drill-down's location (payouts' other location may be one the user does not report on). */
  locationNames?: readonly ReportLocation[];
}

/** What the breadcrumb calls the drilled lines when the address came without a label (a reload or a shared link). */
function describeDrill(name: ReportName, drill: Record<string, string>, locations: readonly ReportLocation[]): string {
  const kinds = REPORT_CATALOGUE[name].drillParams;
  return Object.entries(drill)
    .map(([key, value]) => {
      if (kinds[key] === 'location') return locations.find((l) => String(l.locationId) === value)?.locationName ?? `Location ${value}`;
      if (kinds[key] === 'date') return formatReportDate(value);
      return value;
    })
    .join(' / ');
}

const NO_LOCATIONS: readonly ReportLocation[] = [];

export function ReportPage({ name, locationNames = NO_LOCATIONS }: ReportPageProps) {
  const entry = REPORT_CATALOGUE[name];
  const today = todayHere();
  const [params, setParams] = useState(() => restoreParams(name, readStorage(REPORT_PARAMS_KEY(name)), today));
  useEffect(() => writeStorage(REPORT_PARAMS_KEY(name), saveParams(params)), [name, params]);

  const [search] = useSearchParams();
  const location = useLocation();
  const drill = useMemo(() => drillFrom(name, search), [name, search]);
  const drilled = Object.keys(drill).length > 0;
  const drillLabel = (location.state as { drillLabel?: unknown } | null)?.drillLabel;

  // Offered: the locations the user reads reports at (the server narrows a report to the same list).
  const reportLocations = useReportLocations();
  const locations = reportLocations.data;
  const locationsError = reportLocations.error;
  const sortedLocations = useMemo(
    () => (locations ?? []).map((l) => ({ locationId: l.locationId, locationName: l.name })).sort((a, b) => a.locationName.localeCompare(b.locationName, 'en', { numeric: true })),
    [locations],
  );
  const namedLocations = useMemo(() => [...sortedLocations, ...locationNames], [sortedLocations, locationNames]);
  const locationOptions: MultiselectOption<number>[] = sortedLocations.map((l) => ({ value: l.locationId, label: l.locationName }));
  const offeredIds = sortedLocations.map((l) => l.locationId);
  // Saved choices naming a location no longer offered drop it (and the saved copy with them).
  const offeredKey = locations === undefined ? null : offeredIds.join(',');
  useEffect(() => {
    if (offeredKey === null) return;
    const offered = offeredKey === '' ? [] : offeredKey.split(',').map(Number);
    setParams((current) => keepOfferedLocations(current, offered));
  }, [offeredKey]);
  const chosen = askedLocationIds(params, offeredIds);
  const period = periodOf(params, today);
  const periodError = periodProblem(period);

  const request: ReportRequest | null =
    locations === undefined || periodError || chosen.length === 0 ? null : { name, ...period, locationIds: chosen, options: params.options, drill };
  // Ticking locations or typing dates asks once the user pauses; the first answer and a drill-down (a click) at once.
  const requestKey = request ? JSON.stringify(request) : null;
  const settledKey = useDebouncedValue(requestKey, APPLY_DELAY_MS);
  const asked = useMemo((): ReportRequest | null => {
    if (!requestKey) return null;
    const current = JSON.parse(requestKey) as ReportRequest;
    const settled = settledKey ? (JSON.parse(settledKey) as ReportRequest) : null;
    return settled && JSON.stringify(settled.drill) === JSON.stringify(current.drill) ? settled : current;
  }, [requestKey, settledKey]);
  const report = useReport(asked);
  const exportCsv = useExportReportCsv();
  const [exportingTable, setExportingTable] = useState<string | null>(null);

  const answer = report.data;
  const drillTarget = (table: ReportTableData, row: ReportRow): DrillTarget | null => {
    if (!row.drill) return null;
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(row.drill)) next.set(key, value);
    return { search: `?${next.toString()}`, label: rowLabel(table.columns, row) || describeDrill(name, row.drill, namedLocations) };
  };

  const onExport = (tableKey: string) => {
    if (!answer || !asked) return;
    setExportingTable(tableKey);
    const fileName = csvFileName(asked).replace(/\.csv$/, answer.tables.length > 1 ? `-${tableKey}.csv` : '.csv');
    exportCsv.mutate({ request: asked, table: tableKey, fileName }, { onSettled: () => setExportingTable(null) });
  };

  const narrowedTo = answer && answer.locationIds.length < (asked?.locationIds.length ?? 0) ? answer.locationIds : null;
  const crumb = drilled ? (typeof drillLabel === 'string' && drillLabel ? drillLabel : describeDrill(name, drill, namedLocations)) : null;

  return (
    <div className="report-page">
      <nav aria-label={REPORT_PAGE_TEXTS.breadcrumb} className="report-breadcrumb">
        <ol>
          <li>
            <Link to={paths.employee.reports}>{REPORT_PAGE_TEXTS.reports}</Link>
          </li>
          <li>{drilled ? <Link to={`${paths.employee.reports}/${name}`}>{entry.title}</Link> : <span aria-current="page">{entry.title}</span>}</li>
          {crumb && (
            <li>
              <span aria-current="page">{crumb}</span>
            </li>
          )}
        </ol>
      </nav>
      <PageHeader title={crumb ? `${entry.title}: ${crumb}` : entry.title} description={entry.summary} />

      {locationsError ? <ErrorMessages error={locationsError} className="alert alert-danger" /> : null}
      <ReportFilters
        entry={entry}
        params={params}
        period={period}
        today={today}
        onChange={setParams}
        locationOptions={locationOptions}
        chosenLocationIds={chosen}
        periodError={periodError}
      />

      {exportCsv.isError && (
        <div className="alert alert-danger" role="alert">
          {messagesOf(exportCsv.error).map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}

      {locations?.length === 0 && <p className="alert alert-info">{REPORT_PAGE_TEXTS.noReportingLocation}</p>}
      {locations === undefined && !locationsError && (
        <div className="report-status">
          <Spinner label={REPORT_PAGE_TEXTS.loadingLocations} />
        </div>
      )}
      {report.isPending && asked && (
        <div className="report-status">
          <Spinner label={REPORT_PAGE_TEXTS.loading} />
        </div>
      )}
      {report.isError && <ErrorMessages error={report.error} className="alert alert-danger" />}

      {answer && asked && (
        <div className={`report-answer${report.isFetching ? ' is-refreshing' : ''}`} aria-busy={report.isFetching}>
          {narrowedTo && (
            <p className="alert alert-info">
              {REPORT_PAGE_TEXTS.narrowed(narrowedTo.map((id) => namedLocations.find((l) => l.locationId === id)?.locationName ?? `Location ${id}`).join(', '))}
            </p>
          )}
          {answer.charts.map((chart) => (
            <ReportChart key={chart.key} chart={chart} />
          ))}
          {answer.tables.map((table) => (
            <ReportTable key={table.key} table={table} drillTarget={(row) => drillTarget(table, row)} onExport={() => onExport(table.key)} exporting={exportingTable === table.key} />
          ))}
          {answer.notes.length > 0 && (
            <section className="panel report-section report-notes" aria-label={REPORT_PAGE_TEXTS.notes}>
              <h2>{REPORT_PAGE_TEXTS.notes}</h2>
              <ul>
                {answer.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
