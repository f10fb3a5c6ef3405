/**
 * The invoice-summary report (issue 14): per location for the period, ready for accounting:
 * sold (count, net, tax, gross; paper-book conversions apart), redeemed (count, allocated value
 * recognised as revenue, discount given), redemptions voided, sales voided (count, net, tax),
 * refunded (refund and its tax; online refunds through the provider among them) and net
 * receipts (gross sold − refunded), every location asked with a totals row; a chart of sales
 * against redemptions per day (per month over 62 days). Figures: invoice-figures.ts.
 */
import { REPORT_MESSAGES, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportDefinition } from './definition';
import { FIGURE_COLUMNS, INVOICE_NOTES, figureCells, figuresByLocation, salesVsRedemptionsChart, type FigureRow } from './invoice-figures';

export const INVOICE_SUMMARY_TABLE = 'locations';

const COLUMNS: ReportColumn[] = [{ key: 'location', label: 'Location', kind: 'text' }, ...FIGURE_COLUMNS];

const locationRow = (r: FigureRow): ReportRow => ({ cells: { location: String(r.location_name), ...figureCells(r) } });

async function locationsTable(sql: Sql, query: ReportQuery): Promise<ReportTable> {
  const { rows, totals } = await figuresByLocation(sql, { ...query, locationIds: [...new Set(query.locationIds)] });
  return {
    key: INVOICE_SUMMARY_TABLE,
    title: 'Per location',
    columns: COLUMNS,
    rows: rows.map(locationRow),
    rowCount: rows.length,
    totals: { location: 'Total', ...figureCells(totals) },
  };
}

export const invoiceSummaryReport: ReportDefinition = {
  name: 'invoice-summary',
  readModels: ['reports'],
  async answer(sql, query) {
    const [table, chart] = await Promise.all([locationsTable(sql, query), salesVsRedemptionsChart(sql, query, [...new Set(query.locationIds)])]);
    return { tables: [table], charts: [chart], notes: [...INVOICE_NOTES] };
  },
  async *stream(sql, query, tableKey) {
    if (tableKey !== INVOICE_SUMMARY_TABLE) throw new Error(REPORT_MESSAGES.tableUnknown);
    // At most one row per location asked (REPORT_LOCATIONS_MAX): one query, in batches of 1000.
    const { rows } = await figuresByLocation(sql, { ...query, locationIds: [...new Set(query.locationIds)] });
    for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map(locationRow);
  },
};
