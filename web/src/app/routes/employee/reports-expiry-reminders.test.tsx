// @vitest-environment jsdom
// Route-level test of the Expiry Reminders report (/employee/reports/expiry-reminders, issue 24 part 2): listed on the
// reports index, its table of reminders per location, month and channel with the rate and the totals, and the notes
// that say what the figures count, as GET /api/reports/expiry-reminders answers them for the period asked.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_CATALOGUE, type ReportAnswer, type ReportColumn } from '@dealer/contracts';
import { ok } from '../../../testing/answers';
import { startAppServer } from '../../../testing/app-server';
import { locations } from '../../../testing/fixtures/locations';
import { reportLocations } from '../../../testing/fixtures/reports';
import { manager } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const asked: Record<string, string>[] = [];

const COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'month', label: 'Month', kind: 'text' },
  { key: 'channel', label: 'Channel', kind: 'text' },
  { key: 'reminders', label: 'Reminders sent', kind: 'count' },
  { key: 'coupons', label: 'Coupons reminded', kind: 'count' },
  { key: 'redeemed', label: 'Redeemed within 30 days', kind: 'count' },
  { key: 'rate', label: 'Rate', kind: 'percent' },
];

function remindersAnswer(from: string, to: string, locationIds: number[]): ReportAnswer {
  return {
    report: 'expiry-reminders',
    from,
    to,
    locationIds,
    options: {},
    drill: {},
    tables: [
      {
        key: 'reminders',
        title: 'Reminders per location, month and channel',
        columns: COLUMNS,
        rows: [
          { cells: { location: 'North Motors', month: 'May 2026', channel: 'E-mail', reminders: 40, coupons: 96, redeemed: 24, rate: 2500 } },
          { cells: { location: 'North Motors', month: 'May 2026', channel: 'Text', reminders: 10, coupons: 30, redeemed: 10, rate: 3333 } },
        ],
        rowCount: 2,
        totals: { location: 'Total', month: null, channel: null, reminders: 50, coupons: 126, redeemed: 34, rate: 2698 },
      },
    ],
    charts: [],
    notes: ['Rate = Redeemed within 30 days / Coupons reminded.'],
  };
}

startAppServer(
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/report-locations', () => ok(reportLocations)),
  http.get('/api/reports/expiry-reminders', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    return HttpResponse.json<ReportAnswer>(remindersAnswer(query.from!, query.to!, query.locationIds!.split(',').map(Number)));
  }),
);

describe('/employee/reports/expiry-reminders', () => {
  beforeEach(() => {
    vi.setSystemTime(new Date(2026, 4, 15, 12));
    asked.splice(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should be listed on the reports index with its summary', async () => {
    renderApp('/employee/reports', { as: manager() });
    const link = await screen.findByRole('link', { name: 'Expiry Reminders' });
    expect(link).toHaveAttribute('href', '/employee/reports/expiry-reminders');
    expect(screen.getByText(REPORT_CATALOGUE['expiry-reminders'].summary)).toBeInTheDocument();
  });

  it('should show the reminders per location, month and channel with the rate and totals, and what the figures count', async () => {
    renderApp('/employee/reports/expiry-reminders', { as: manager() });
    const table = await screen.findByRole('table', { name: 'Reminders per location, month and channel' });
    expect(asked).toEqual([{ from: '2026-05-01', to: '2026-05-31', locationIds: '1,2' }]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(COLUMNS.map((c) => c.label));
    const text = within(table).getByRole('row', { name: /^North Motors May 2026 Text/ });
    expect(within(text).getByRole('rowheader')).toHaveTextContent('North Motors');
    expect(within(text).getAllByRole('cell').map((c) => c.textContent)).toEqual(['May 2026', 'Text', '10', '30', '10', '33.33%']);
    const email = within(table).getByRole('row', { name: /^North Motors May 2026 E-mail/ });
    expect(email).toHaveTextContent('25%');
    const totals = within(table).getAllByRole('rowgroup').at(-1)!;
    expect(totals).toHaveTextContent('Total');
    expect(totals).toHaveTextContent('126');
    expect(totals).toHaveTextContent('26.98%');
    expect(screen.getByRole('region', { name: 'About these figures' })).toHaveTextContent('Rate = Redeemed within 30 days / Coupons reminded.');
    expect(screen.getByRole('button', { name: 'Export CSV: Reminders per location, month and channel' })).toBeInTheDocument();
  });
});
