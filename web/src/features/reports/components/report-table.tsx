// One table of a report's answer: columns by kind (money, counts, percent, dates), a totals row, and rows that
// open the lines behind them (drill-down, in the address so Back works); cards at 768 px and below.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ReportCell, ReportColumn, ReportRow, ReportTable as ReportTableData } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { formatCell, isNumeric, truncationNote } from './report-format';

export const REPORT_TABLE_TEXTS = {
  total: 'Total',
  empty: 'No results.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  open: 'Show the lines behind',
} as const;

export interface DrillTarget {
  /** The address (search part) with this row's drill parameters added. */
  search: string;
  /** What the breadcrumb calls the lines behind this row. */
  label: string;
}

interface ReportTableProps {
  table: ReportTableData;
  /** The address that opens a row's lines, or null for a row without drill-down. */
  drillTarget: (row: ReportRow) => DrillTarget | null;
  onExport: () => void;
  exporting: boolean;
}

/**
 * What the totals row's first cell says: the definition's own text there (e.g. 'Total'), else 'Total' unless
 * the definition labelled the row in another column; never 'Total' twice.
 */
export function totalsLead(columns: readonly ReportColumn[], totals: Record<string, ReportCell>): string {
  const lead = columns[0];
  if (!lead) return '';
  const own = totals[lead.key];
  if (own !== null && own !== undefined && own !== '') return typeof own === 'string' ? own : `${REPORT_TABLE_TEXTS.total}: ${formatCell(lead.kind, own)}`;
  const labelled = columns.some((c) => c.kind === 'text' && typeof totals[c.key] === 'string' && totals[c.key] !== '');
  return labelled ? '' : REPORT_TABLE_TEXTS.total;
}

/** The row's name: its leading text and date cells (the group it stands for), e.g. 'Front Range Toyota / Flatirons Honda'. */
export function rowLabel(columns: readonly ReportColumn[], row: ReportRow): string {
  const end = columns.findIndex((c) => c.kind !== 'text' && c.kind !== 'date');
  const leading = columns.slice(0, end === -1 ? columns.length : Math.max(end, 1));
  return leading.map((c) => formatCell(c.kind, row.cells[c.key])).join(' / ');
}

function CellValue({ column, row, drill, isLead }: { column: ReportColumn; row: ReportRow; drill: DrillTarget | null; isLead: boolean }) {
  const text = formatCell(column.kind, row.cells[column.key]);
  if (!isLead || !drill) return <>{text}</>;
  return (
    <Link to={{ search: drill.search }} state={{ drillLabel: drill.label }} aria-label={`${text}: ${REPORT_TABLE_TEXTS.open.toLowerCase()}`}>
      {text}
    </Link>
  );
}

function TableView({ table, drillTarget, titleId }: Pick<ReportTableProps, 'table' | 'drillTarget'> & { titleId: string }) {
  const { columns, rows, totals } = table;
  const leadKey = columns[0]?.key;
  return (
    // Focusable, so a keyboard can scroll a table wider or taller than its box.
    <div className="table-wrap report-table-wrap" tabIndex={0} role="group" aria-label={`${table.title}: table`}>
      <table className="table report-table" aria-labelledby={titleId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={isNumeric(c) ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const drill = drillTarget(row);
            return (
              <tr key={i}>
                {columns.map((c) =>
                  c.key === leadKey ? (
                    <th key={c.key} scope="row" className={isNumeric(c) ? 'num' : undefined}>
                      <CellValue column={c} row={row} drill={drill} isLead />
                    </th>
                  ) : (
                    <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                      <CellValue column={c} row={row} drill={drill} isLead={false} />
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
        {totals && (
          <tfoot>
            <tr className="report-totals">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className={isNumeric(c) ? 'num' : undefined}>
                    {totalsLead(columns, totals)}
                  </th>
                ) : (
                  <td key={c.key} className={isNumeric(c) ? 'num' : undefined}>
                    {totals[c.key] == null ? '' : formatCell(c.kind, totals[c.key])}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function CardView({ table, drillTarget }: Pick<ReportTableProps, 'table' | 'drillTarget'>) {
  const { columns, rows, totals } = table;
  const [lead, ...rest] = columns;
  if (!lead) return null;
  return (
    <ul className="card-list report-cards" aria-label={table.title}>
      {rows.map((row, i) => (
        <li key={i} className="card report-card">
          <strong className="report-card-head">
            <CellValue column={lead} row={row} drill={drillTarget(row)} isLead />
          </strong>
          <dl className="card-fields">
            {rest.map((c) => (
              <div key={c.key} className="report-card-field">
                <dt>{c.label}</dt>
                <dd>{formatCell(c.kind, row.cells[c.key])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
      {totals && (
        <li className="card report-card report-totals">
          <strong className="report-card-head">{totalsLead(columns, totals) || REPORT_TABLE_TEXTS.total}</strong>
          <dl className="card-fields">
            {rest
              .filter((c) => totals[c.key] != null && c.kind !== 'text')
              .map((c) => (
                <div key={c.key} className="report-card-field">
                  <dt>{c.label}</dt>
                  <dd>{formatCell(c.kind, totals[c.key])}</dd>
                </div>
              ))}
          </dl>
        </li>
      )}
    </ul>
  );
}

export function ReportTable({ table, drillTarget, onExport, exporting }: ReportTableProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  const note = truncationNote(table.rows.length, table.rowCount);
  return (
    <section className="panel report-section" aria-labelledby={titleId}>
      <header className="section-head report-section-head">
        <h2 id={titleId}>{table.title}</h2>
        <button type="button" className="btn btn-sm" onClick={onExport} disabled={exporting} aria-label={`${REPORT_TABLE_TEXTS.exportCsv}: ${table.title}`}>
          {exporting ? REPORT_TABLE_TEXTS.exporting : REPORT_TABLE_TEXTS.exportCsv}
        </button>
      </header>
      {note && <p className="report-truncated muted">{note}</p>}
      {table.rows.length === 0 ? (
        <p className="empty-state">{REPORT_TABLE_TEXTS.empty}</p>
      ) : isMobile ? (
        <CardView table={table} drillTarget={drillTarget} />
      ) : (
        <TableView table={table} drillTarget={drillTarget} titleId={titleId} />
      )}
    </section>
  );
}
