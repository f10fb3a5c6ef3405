// @vitest-environment jsdom
// Route-level test of a report page (/employee/reports/coupon-sales, issue 21): the table and chart figures come
// from the handler's answer, and changing the period or the locations asks the report again with them.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, type Money, type ReportAnswer } from '@dealer/contracts';
import { ok } from '../../../testing/answers';
import { startAppServer } from '../../../testing/app-server';
import { locations } from '../../../testing/fixtures/locations';
import { couponSalesAnswer, PACK_NET, reportLocations, salesAt } from '../../../testing/fixtures/reports';
import { manager } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

/** The query of every report request, as the page sent it. */
const asked: Record<string, string>[] = [];

startAppServer(
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/report-locations', () => ok(reportLocations)),
  http.get('/api/reports/coupon-sales', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    return HttpResponse.json<ReportAnswer>(couponSalesAnswer(query.from!, query.to!, query.locationIds!.split(',').map(Number)));
  }),
);

const money = (sales: number) => formatMoney((sales * PACK_NET) as Money);

/** A table's row whose name starts with `name` (a row is named by its cells). */
const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });

describe('/employee/reports/coupon-sales', () => {
  // The period presets count from today: 15 May 2026 (Date only; timers stay real).
  beforeEach(() => {
    vi.setSystemTime(new Date(2026, 4, 15, 12));
    asked.splice(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should show the answer's table and chart figures, and ask again for another period and fewer locations", async () => {
    const { user } = renderApp('/employee/reports/coupon-sales', { as: manager() });

    const table = await screen.findByRole('table', { name: 'Sales per location' });
    expect(asked).toEqual([{ from: '2026-05-01', to: '2026-05-31', locationIds: '1,2' }]);
    expect(row(table, 'North Motors')).toHaveTextContent(money(salesAt(1, '2026-05-01')));
    expect(row(table, 'South Motors')).toHaveTextContent(money(salesAt(2, '2026-05-01')));
    expect(screen.getByRole('img', { name: /^Net sales and voids per day/ })).toBeInTheDocument();
    const figures = screen.getByRole('table', { name: 'Net sales and voids per day: figures' });
    expect(row(figures, '05/01/2026')).toHaveTextContent(money(salesAt(1, '2026-05-01') + salesAt(2, '2026-05-01')));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last month');
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-04-01', to: '2026-04-30', locationIds: '1,2' }));
    await waitFor(() => expect(row(table, 'North Motors')).toHaveTextContent(money(salesAt(1, '2026-04-01'))));

    await user.click(screen.getByRole('button', { name: /^Locations/ }));
    await user.click(screen.getByRole('checkbox', { name: 'South Motors' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-04-01', to: '2026-04-30', locationIds: '1' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /^South Motors/ })).not.toBeInTheDocument());
    expect(row(table, 'North Motors')).toHaveTextContent(money(salesAt(1, '2026-04-01')));
  });
});
