/**
 * The invoice-summary report (issue 14): per location for the period, ready for accounting:
 * sold (count, net, tax, gross; paper-book conversions apart), redeemed (count, allocated value
 * recognised as revenue, discount given), redemptions voided, sales voided (count, net, tax),
 * refunded (refund and its tax; online refunds through the provider among them) and net
 * receipts (gross sold − refunded), every location asked with a totals row; a chart of sales
 * against redemptions per day (per month over 62 days). Figures: invoice-figures.ts.
 */
import { REPORT_MESSAGES, type ReportChart, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportDefinition } from './definition';
import { FIGURE_COLUMNS, INVOICE_NOTES, figureCells, figuresByLocation, salesVsRedemptionsChart, streamFiguresByLocation, type FigureRow } from './invoice-figures';

export const INVOICE_SUMMARY_TABLE = 'locations';

const COLUMNS: ReportColumn[] = [{ key: 'location', label: 'Location', kind: 'text' }, ...FIGURE_COLUMNS];

const locationRow = (r: FigureRow): ReportRow => ({ cells: { location: String(r.location_name), ...figureCells(r) } });

async function locationsAnswer(sql: Sql, query: ReportQuery): Promise<{ table: ReportTable; chart: ReportChart }> {
  const { rows, totals, buckets } = await figuresByLocation(sql, query, [...new Set(query.locationIds)]);
  const table: ReportTable = {
    key: INVOICE_SUMMARY_TABLE,
    title: 'Per location',
    columns: COLUMNS,
    rows: rows.map(locationRow),
    rowCount: rows.length,
    totals: { location: 'Total', ...figureCells(totals) },
  };
  return { table, chart: salesVsRedemptionsChart(query, buckets) };
}

export const invoiceSummaryReport: ReportDefinition = {
  name: 'invoice-summary',
  readModels: ['reports'],
  async answer(sql, query) {
    const { table, chart } = await locationsAnswer(sql, query);
    return { tables: [table], charts: [chart], notes: [...INVOICE_NOTES] };
  },
  async *stream(sql, query, tableKey) {
    if (tableKey !== INVOICE_SUMMARY_TABLE) throw new Error(REPORT_MESSAGES.tableUnknown);
    for await (const batch of streamFiguresByLocation(sql, query, [...new Set(query.locationIds)])) yield batch.map(locationRow);
  },
};
