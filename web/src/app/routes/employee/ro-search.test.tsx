// @vitest-environment jsdom
// Route-level test of RO search by advisor and dates (/employee/ro-search, issue 23): the criteria go to
// GET /api/ro-search as typed, pages follow the answer's `next` and come back, and View opens the RO above.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RepairOrder, RoSearchPage, RoSearchRow } from '@dealer/contracts';
import { ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { locations } from '../../../testing/fixtures/locations';
import { employee } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const asked: Record<string, string>[] = [];

const found = (n: number): RoSearchRow => ({
  roNumber: String(410000 + n), locationId: 1, locationName: 'North Motors', status: n === 1 ? 'open' : 'closed',
  openDate: `2026-03-${String(10 + n).padStart(2, '0')}T08:00:00`, closeDate: n === 1 ? null : `2026-03-${String(10 + n).padStart(2, '0')}T15:00:00`,
  voidDate: null, advisorFullName: 'Pat Lee', customerFullName: `Customer ${n}`, vin: `1HGCM82633A00${String(n).padStart(4, '0')}`, mileage: 42000,
});

/** Two pages: ROs 1-2 then 3. */
const PAGES: Record<string, RoSearchPage> = { first: { rows: [found(1), found(2)], next: 'cursor-2' }, 'cursor-2': { rows: [found(3)], next: null } };

const repairOrder = (roNumber: string): RepairOrder => ({
  roNumber, locationId: 1, deptId: null, locationName: 'North Motors', vin: null, mileage: null, customerEmail: null, customerPhones: [],
  customerAddress: null, customerAddress2: null, customerCity: null, customerState: null, customerZip: null,
  customerFirstName: 'Customer', customerLastName: 'Three', customerFullName: 'Customer Three', advisorFirstName: 'Pat', advisorLastName: 'Lee',
  advisorFullName: 'Pat Lee', soldHours: null, soldHoursCustomer: null, soldHoursInternal: null, soldHoursWarranty: null,
  advisorDepartment: null, advisorTeam: null, openDate: '2026-03-13T08:00:00', promiseDate: null, closeDate: '2026-03-13T15:00:00',
  voidDate: null, isClosed: true, isVoided: false, jobs: [],
  totals: { partsCost: 0, partsSale: 0, laborCost: 0, laborSale: 0, miscCost: 0, miscSale: 0, soldHours: 0, totalCost: 0 },
});

startAppServer(
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/coupon-redemption-reviews', () => ok([])),
  http.get('/api/ro-search', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    return HttpResponse.json({ dataSet: PAGES[query.after ?? 'first'] });
  }),
  http.get('/api/ro-data', ({ request }) => ok(repairOrder(new URL(request.url).searchParams.get('roNumber')!))),
);

describe('/employee/ro-search: search by advisor and dates', () => {
  beforeEach(() => {
    asked.splice(0);
  });

  it('should send the criteria, page forward and back, and open a found RO', async () => {
    const { user } = renderApp('/employee/ro-search', { as: employee() });
    // The first render of the file compiles the page's modules: more than the usual 5 s on a busy machine.
    const finder = await screen.findByRole('search', { name: 'Search repair orders' }, { timeout: 20_000 });
    await within(finder).findByRole('option', { name: 'North Motors' });
    await user.selectOptions(within(finder).getByRole('combobox', { name: 'Search at' }), 'North Motors');
    await user.type(within(finder).getByRole('textbox', { name: /^Advisor/ }), 'Pat Lee');
    await user.selectOptions(within(finder).getByRole('combobox', { name: 'Status' }), 'Closed');
    await user.selectOptions(within(finder).getByRole('combobox', { name: 'Dates' }), 'Closed');
    await user.type(within(finder).getByLabelText('From'), '2026-03-01');
    await user.type(within(finder).getByLabelText('To'), '2026-03-31');
    await user.click(within(finder).getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('table', { name: 'Repair orders found' });
    expect(asked).toEqual([{ locationId: '1', advisor: 'Pat Lee', status: 'closed', dateField: 'closed', from: '2026-03-01', to: '2026-03-31' }]);
    expect(within(results).getAllByRole('row')).toHaveLength(3);
    expect(within(results).getByRole('row', { name: /^410001 North Motors Open 03\/11\/2026/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(results).queryByRole('row', { name: /^410001/ })).not.toBeInTheDocument());
    expect(asked.at(-1)).toMatchObject({ after: 'cursor-2', advisor: 'Pat Lee' });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(within(results).getByRole('row', { name: /^410001/ })).toBeInTheDocument());
    expect(asked.at(-1)).not.toHaveProperty('after');

    await user.click(within(results).getByRole('button', { name: 'View RO# 410002 at North Motors' }));
    expect(await screen.findByRole('heading', { name: /RO# 410002/ })).toBeInTheDocument();
  });

  it('should say so when nothing matches, and list the newest ROs with no criteria', async () => {
    const { user } = renderApp('/employee/ro-search', { as: employee() });
    const finder = await screen.findByRole('search', { name: 'Search repair orders' });
    await user.click(within(finder).getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Repair orders found' });
    expect(asked).toEqual([{}]);

    server.use(http.get('/api/ro-search', () => HttpResponse.json({ dataSet: { rows: [], next: null } })));
    await user.type(within(finder).getByRole('textbox', { name: /^Customer name/ }), 'Nobody');
    await user.click(within(finder).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No repair orders match this search.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Repair orders found' })).not.toBeInTheDocument();
  });
});
