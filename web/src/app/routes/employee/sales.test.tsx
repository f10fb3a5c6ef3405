// @vitest-environment jsdom
// Route-level tests of /employee/sales (issue 21): the real app and page against MSW handlers in the API's shapes.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../testing/answers';
import { server, useAppServer } from '../../../testing/app-server';
import { locations } from '../../../testing/fixtures/locations';
import { jane, janeCoupons, janeSale, janeSearchResult, oilPack } from '../../../testing/fixtures/sales';
import { employee } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const searches: string[] = [];

useAppServer(
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/customer-search', ({ request }) => {
    const term = new URL(request.url).searchParams.get('searchTerm') ?? '';
    searches.push(term);
    return ok(term.toLowerCase().includes('roe') ? [janeSearchResult] : null);
  }),
  http.get('/api/customers/:customerId', ({ params }) => ok({ ...jane, customerId: String(params.customerId) })),
  http.get('/api/customers/:customerId/purchases', () => ok([janeSale])),
  http.get('/api/customers/:customerId/coupons', () => ok(janeCoupons)),
  http.get('/api/redemption-verifications', () => ok(null)),
  http.get('/api/packs', () => ok([oilPack])),
);

/** Opens the page, searches for Jane by name and picks her from the results. */
async function openJane() {
  const app = renderApp('/employee/sales', { as: employee() });
  const { user } = app;
  await user.type(await screen.findByRole('searchbox', { name: 'Search customers by phone, email or RO number' }), 'Roe');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const results = await screen.findByRole('table', { name: 'Search results' });
  await user.click(within(results).getByRole('button', { name: 'Jane Roe' }));
  return app;
}

describe('/employee/sales', () => {
  it('should find a customer by name and show her packs and coupons', async () => {
    await openJane();
    expect(searches).toEqual(['Roe']);
    expect(await screen.findByRole('heading', { name: 'Jane Roe', level: 2 })).toBeTruthy();
    const coupons = await screen.findByRole('table', { name: 'Coupons' });
    expect(within(coupons).getByRole('button', { name: 'Redeem Synthetic Oil Change 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Coupon packs' })).toBeTruthy();
  });
});
