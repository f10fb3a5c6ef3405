// How a report's cells read (SPEC 9: USD, en-US; SPEC 5: month/day/year): money from integer cents, counts
// with thousands separators, percent from basis points, local dates shown as they are.
import { formatMoney, formatPercent, type Money, type ReportCell, type ReportColumn, type ReportColumnKind } from '@dealer/contracts';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as month/day/year, never moved through a time zone. */
export function formatReportDate(date: string): string {
  const m = LOCAL_DATE.exec(date);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : date;
}

export function formatCell(kind: ReportColumnKind, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return kind === 'date' ? formatReportDate(value) : value;
  switch (kind) {
    case 'money':
      return formatMoney(value as Money);
    case 'count':
      return value.toLocaleString('en-US');
    case 'percent':
      return formatPercent(value);
    default:
      return String(value);
  }
}

/** Figures are right-aligned so their digits line up. */
export const isNumeric = (column: Pick<ReportColumn, 'kind'>) => column.kind === 'money' || column.kind === 'count' || column.kind === 'percent';

/** 'Showing the first 1,000 of 2,345 rows; Export CSV has them all', or null when every row is shown. */
export function truncationNote(shown: number, rowCount: number): string | null {
  if (rowCount <= shown) return null;
  return `Showing the first ${shown.toLocaleString('en-US')} of ${rowCount.toLocaleString('en-US')} rows; Export CSV has them all`;
}

/** The figure on a chart's axis: whole dollars for money, counts as they are. */
export function formatAxisValue(valueKind: 'money' | 'count', value: number): string {
  if (valueKind === 'count') return Math.round(value).toLocaleString('en-US');
  const dollars = Math.round(Math.abs(value) / 100);
  return `${value < 0 && dollars > 0 ? '-' : ''}$${dollars.toLocaleString('en-US')}`;
}

export const formatChartValue = (valueKind: 'money' | 'count', value: number) => (valueKind === 'money' ? formatMoney(value as Money) : value.toLocaleString('en-US'));
