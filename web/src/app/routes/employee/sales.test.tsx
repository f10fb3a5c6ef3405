// @vitest-environment jsdom
// Route-level tests of /employee/sales (issue 21): the real app and page against MSW handlers in the API's shapes.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { COUPON_REDEMPTION_MESSAGES, formatMoney, PACK_SALE_MESSAGES, XSRF_HEADER, type PackSaleRequest } from '@dealer/contracts';
import { VOID_REASON_TEXTS } from '../../../components/ui/void-reason/void-reason-dialog';
import type { RedeemCouponInput } from '../../../features/pack-sales/api/redeem-coupon';
import { NO_CUSTOMER_TEXT } from '../../../features/customers/components/customer-workspace';
import { PACK_SALE_TEXTS } from '../../../features/pack-sales/components/pack-sale-texts';
import { REDEMPTION_TEXTS } from '../../../features/pack-sales/components/redemption-texts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../lib/api-client';
import { created, ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { locations } from '../../../testing/fixtures/locations';
import { availableCoupon, jane, janeCoupons, janeSale, janeSearchResult, oilPack, redeemedCoupon } from '../../../testing/fixtures/sales';
import { employee, manager } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';
import { formDraftServer } from '../../../testing/form-drafts';

/** The search terms the page sent, per test. */
const searches: string[] = [];
beforeEach(() => {
  searches.splice(0);
});

/** The sell dialog keeps a form draft (decision 0082): the draft routes as the server answers them. */
const drafts = formDraftServer();
beforeEach(() => drafts.reset());

startAppServer(
  ...drafts.handlers,
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

/** Opens the page, searches for Jane by name in Search Customer (the page's one search) and picks her. */
async function openJane(as = employee()) {
  const app = renderApp('/employee/sales', { as });
  const { user } = app;
  await user.click(await screen.findByRole('button', { name: 'Search customers' }, { timeout: 20_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Search Customer' });
  await user.type(within(dialog).getByRole('searchbox', { name: 'Search customers by phone, email, RO number or coupon code' }), 'Roe');
  await user.click(within(dialog).getByRole('button', { name: 'Search' }));
  await user.click(await within(dialog).findByText('Jane Roe'));
  await screen.findByRole('heading', { name: 'Jane Roe', level: 2 });
  return app;
}

/** The toast area, where the outcome of a command is announced. */
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

/** Records the JSON bodies a command handler receives. */
function bodies<T>() {
  const received: T[] = [];
  return { received, take: async (request: Request) => void received.push((await request.json()) as T) };
}

describe('/employee/sales', () => {
  it('should offer one customer search: Search customers, and no other search box on the page (decision 0078)', async () => {
    renderApp('/employee/sales', { as: employee() });
    expect(await screen.findByRole('button', { name: 'Search customers' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(NO_CUSTOMER_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Customer' })).not.toBeInTheDocument();
  });

  it('should find a customer by name and show her packs and coupons', async () => {
    await openJane();
    expect(searches).toEqual(['Roe']);
    expect(await screen.findByRole('heading', { name: 'Jane Roe', level: 2 })).toBeInTheDocument();
    const coupons = await screen.findByRole('table', { name: PACK_SALE_TEXTS.couponsTitle });
    expect(within(coupons).getByRole('button', { name: REDEMPTION_TEXTS.redeemLabel(availableCoupon.name) })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: PACK_SALE_TEXTS.packsTitle })).toBeInTheDocument();
    // Voiding a sale is a manager's: an employee is not offered it.
    expect(await screen.findByRole('article', { name: /Oil Change Pack/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `${PACK_SALE_TEXTS.voidSale}: ${janeSale.packName}, RO# ${janeSale.saleRoNumber}` })).not.toBeInTheDocument();
  });

  it('should sell a pack through the sell dialog, post the sale on its RO and show the success message', async () => {
    const sales = bodies<PackSaleRequest>();
    const headers: Headers[] = [];
    server.use(
      http.post('/api/pack-sales', async ({ request }) => {
        headers.push(request.headers);
        await sales.take(request);
        return created({ saleId: 'sale-2', id: 'sale-2', revision: 1, status: 'pending', message: PACK_SALE_MESSAGES.sold }, '42');
      }),
    );
    const { user } = await openJane();

    await user.click(await screen.findByRole('button', { name: PACK_SALE_TEXTS.sellPack }));
    const dialog = await screen.findByRole('dialog', { name: PACK_SALE_TEXTS.sellTitle });
    const pack = within(dialog).getByRole('combobox', { name: PACK_SALE_TEXTS.pack });
    await user.selectOptions(pack, await within(dialog).findByRole('option', { name: `${oilPack.name} (${formatMoney(oilPack.price)})` }));
    await user.click(within(dialog).getByRole('button', { name: PACK_SALE_TEXTS.continueToRo }));
    const ro = await screen.findByRole('dialog', { name: 'Enter Sale RO #' });
    await user.type(within(ro).getByRole('textbox', { name: 'RO Number' }), '4002');
    await user.click(within(ro).getByRole('button', { name: 'Submit' }));

    expect(await within(notifications()).findByText(PACK_SALE_MESSAGES.sold)).toBeInTheDocument();
    expect(sales.received).toEqual([
      { customerId: jane.customerId, packId: oilPack.packId, locationId: 1, roNumber: '4002', price: null, priceOverrideReason: null },
    ] satisfies PackSaleRequest[]);
    // The app's one API client sent it: signed in, with the anti-forgery echo and the command's key.
    expect(headers[0]?.get('authorization')).toBe(`Bearer ${employee().token}`);
    expect(headers[0]?.get(XSRF_HEADER)).toBe('test-xsrf');
    expect(headers[0]?.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog', { name: PACK_SALE_TEXTS.sellTitle })).not.toBeInTheDocument();
  });

  it('should redeem an available coupon on the RO entered and show the success message', async () => {
    const redemptions = bodies<RedeemCouponInput>();
    server.use(
      http.post('/api/coupon-redemptions', async ({ request }) => {
        await redemptions.take(request);
        return created({ redemptionId: 'redemption-3', id: 'redemption-3', issuedCouponId: availableCoupon.issuedCouponId, status: 'redeemed', amount: 5500, revision: 1, message: COUPON_REDEMPTION_MESSAGES.redeemed }, '43');
      }),
    );
    const { user } = await openJane();

    await user.click(await screen.findByRole('button', { name: REDEMPTION_TEXTS.redeemLabel(availableCoupon.name) }));
    const ro = await screen.findByRole('dialog', { name: 'Enter Redemption RO #' });
    await user.type(within(ro).getByRole('textbox', { name: 'RO Number' }), '5002');
    await user.click(within(ro).getByRole('button', { name: 'Submit' }));

    expect(await within(notifications()).findByText(COUPON_REDEMPTION_MESSAGES.redeemed)).toBeInTheDocument();
    expect(redemptions.received).toEqual([
      { issuedCouponId: availableCoupon.issuedCouponId, customerId: jane.customerId, locationId: 1, roNumber: '5002' },
    ] satisfies RedeemCouponInput[]);
  });

  it('should void a redemption with the reason given in the void dialog', async () => {
    const voids = bodies<unknown>();
    server.use(
      http.post('/api/coupon-redemptions/:issuedCouponId/void', async ({ request, params }) => {
        expect(params.issuedCouponId).toBe(redeemedCoupon.issuedCouponId);
        await voids.take(request);
        return ok({ redemptionId: 'redemption-2', id: 'redemption-2', issuedCouponId: redeemedCoupon.issuedCouponId, status: 'voided', amount: 5500, revision: 2, message: COUPON_REDEMPTION_MESSAGES.voided }, { position: '44' });
      }),
    );
    const { user } = await openJane();

    await user.click(await screen.findByRole('button', { name: REDEMPTION_TEXTS.voidLabel(redeemedCoupon.name) }));
    const dialog = await screen.findByRole('dialog', { name: VOID_REASON_TEXTS.title });
    expect(within(dialog).getByText(REDEMPTION_TEXTS.voidDescription(redeemedCoupon.name, redeemedCoupon.redemption!.roNumber))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: VOID_REASON_TEXTS.label }), 'Wrong customer');
    await user.click(within(dialog).getByRole('button', { name: VOID_REASON_TEXTS.submit }));

    expect(await within(notifications()).findByText(COUPON_REDEMPTION_MESSAGES.voided)).toBeInTheDocument();
    expect(voids.received).toEqual([{ redemptionId: 'redemption-2', reason: 'Wrong customer' }]);
    expect(screen.queryByRole('dialog', { name: VOID_REASON_TEXTS.title })).not.toBeInTheDocument();
  });

  it("should let a manager void a sale none of whose coupons was used, after the void dialog's reason", async () => {
    const unused = { ...janeSale, coupons: [availableCoupon] };
    const voids = bodies<unknown>();
    server.use(
      http.get('/api/customers/:customerId/purchases', () => ok([unused])),
      http.get('/api/customers/:customerId/coupons', () => ok([availableCoupon])),
      http.post('/api/pack-sales/:saleId/void', async ({ request, params }) => {
        expect(params.saleId).toBe(unused.saleId);
        await voids.take(request);
        return ok({ saleId: unused.saleId, id: unused.saleId, revision: 3, status: 'voided', message: PACK_SALE_MESSAGES.voidedSuccess }, { position: '45' });
      }),
    );
    const { user } = await openJane(manager());

    await user.click(await screen.findByRole('button', { name: `${PACK_SALE_TEXTS.voidSale}: ${unused.packName}, RO# ${unused.saleRoNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: VOID_REASON_TEXTS.title });
    expect(within(dialog).getByText(PACK_SALE_TEXTS.voidDescription(unused.packName, unused.saleRoNumber, formatMoney(unused.total)))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: VOID_REASON_TEXTS.label }), 'Customer changed their mind');
    await user.click(within(dialog).getByRole('button', { name: VOID_REASON_TEXTS.submit }));

    expect(await within(notifications()).findByText(PACK_SALE_MESSAGES.voidedSuccess)).toBeInTheDocument();
    expect(voids.received).toEqual([{ reason: 'Customer changed their mind' }]);
  });

  it('should list each coupon once, grouped by pack, with filters, and say who sold a pack without showing ids (issue 23)', async () => {
    server.use(http.get('/api/customers/:customerId/purchases', () => ok([{ ...janeSale, soldBy: 'system:demo-seed', soldByName: null }])));
    const { user } = await openJane();

    const pack = await screen.findByRole('region', { name: PACK_SALE_TEXTS.fromPack(janeSale.packName) });
    expect(within(pack).getAllByRole('row')).toHaveLength(1 + janeCoupons.length);
    // The sale says how many coupons it came with, and does not list them again.
    const sale = await screen.findByRole('article', { name: /Oil Change Pack/ });
    expect(within(sale).queryByRole('table')).not.toBeInTheDocument();
    expect(within(sale).getByText('Demo data (no seller)')).toBeInTheDocument();
    expect(screen.queryByText(jane.customerId)).not.toBeInTheDocument();

    const filters = screen.getByRole('group', { name: 'Show coupons' });
    await user.click(within(filters).getByRole('button', { name: 'Used (1)' }));
    expect(within(filters).getByRole('button', { name: 'Used (1)' })).toHaveAttribute('aria-pressed', 'true');
    const used = screen.getByRole('region', { name: PACK_SALE_TEXTS.fromPack(janeSale.packName) });
    expect(within(used).getAllByRole('row')).toHaveLength(2);
    expect(within(used).getByText(redeemedCoupon.name)).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Voided (0)' }));
    expect(screen.getByText('No voided coupons.')).toBeInTheDocument();
  });

  it('should find the customer by a coupon code typed in Search Customer and open her with that coupon marked, ready to redeem (issue 24)', async () => {
    const hit = { code: availableCoupon.deskCode!, kind: 'coupon' as const, saleId: availableCoupon.saleId, issuedCouponId: availableCoupon.issuedCouponId, packName: availableCoupon.packName, couponName: availableCoupon.name, status: 'available' as const };
    server.use(
      http.get('/api/customer-search', ({ request }) => {
        const term = new URL(request.url).searchParams.get('searchTerm') ?? '';
        searches.push(term);
        return ok([{ ...janeSearchResult, searchType: 'Code', deskCode: hit }]);
      }),
    );
    const { user } = renderApp('/employee/sales', { as: employee() });
    await user.click(await screen.findByRole('button', { name: 'Search customers' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Search Customer' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search customers by phone, email, RO number or coupon code' }), hit.code.toLowerCase());
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText(`Code: ${availableCoupon.name}`)).toBeInTheDocument();
    await user.click(within(dialog).getByText('Jane Roe'));
    await screen.findByRole('heading', { name: 'Jane Roe', level: 2 });
    expect(searches).toEqual([hit.code.toLowerCase()]);
    expect(await screen.findByText(`${PACK_SALE_TEXTS.codeMatch(hit.code, availableCoupon.name)} ${PACK_SALE_TEXTS.codeMatchReady}`)).toBeInTheDocument();
    const coupons = await screen.findByRole('table', { name: PACK_SALE_TEXTS.couponsTitle });
    const marked = within(coupons).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(within(marked[0]!).getByRole('button', { name: REDEMPTION_TEXTS.redeemLabel(availableCoupon.name) })).toBeInTheDocument();
  });

  it("should show each coupon's desk code and the pack's in the customer's coupons and purchase history (issue 24)", async () => {
    await openJane();
    const sale = await screen.findByRole('article', { name: /Oil Change Pack/ });
    expect(within(sale).getByText(PACK_SALE_TEXTS.packCode)).toBeInTheDocument();
    expect(within(sale).getByText(janeSale.deskCode!)).toBeInTheDocument();
    const coupons = await screen.findByRole('table', { name: PACK_SALE_TEXTS.couponsTitle });
    for (const c of janeCoupons) {
      const row = within(coupons).getByText(c.deskCode!).closest('tr')!;
      expect(within(row).getByText(c.name)).toBeInTheDocument();
    }
  });

  it('should say in Search Customer when a code names a used coupon (issue 24)', async () => {
    const hit = { code: redeemedCoupon.deskCode!, kind: 'coupon' as const, saleId: redeemedCoupon.saleId, issuedCouponId: redeemedCoupon.issuedCouponId, packName: redeemedCoupon.packName, couponName: redeemedCoupon.name, status: 'redeemed' as const };
    server.use(http.get('/api/customer-search', () => ok([{ ...janeSearchResult, searchType: 'Code', deskCode: hit }])));
    const { user } = renderApp('/employee/sales', { as: employee() });
    await user.click(await screen.findByRole('button', { name: 'Search customers' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Search Customer' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search customers by phone, email, RO number or coupon code' }), hit.code);
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('This coupon has already been used.')).toBeInTheDocument();
  });

  it("should show the selected customer's reminder consent and let staff record texts in a small dialog (issue 24)", async () => {
    const puts: unknown[] = [];
    let consent = { email: true, sms: false };
    server.use(
      http.get('/api/customers/:customerId', ({ params }) => ok({ ...jane, customerId: String(params.customerId), marketingConsent: consent })),
      http.put('/api/customers/:customerId/marketing-consent', async ({ request }) => {
        const body = (await request.json()) as { channel: 'email' | 'sms'; granted: boolean };
        puts.push(body);
        consent = { ...consent, [body.channel]: body.granted };
        return ok({ customerId: jane.customerId, channel: body.channel, granted: body.granted, changed: true, revision: 5 }, { position: '9' });
      }),
    );
    const { user } = await openJane();
    const details = screen.getByRole('region', { name: 'Jane Roe' });
    expect(within(details).getByText('E-mail on, texts off')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Change coupon reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coupon reminders' });
    await user.click(within(dialog).getByRole('switch', { name: 'Reminder texts' }));
    expect(await within(notifications()).findByText('Reminder texts turned on.')).toBeInTheDocument();
    expect(puts).toEqual([{ channel: 'sms', granted: true }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(details).findByText('E-mail on, texts on')).toBeInTheDocument();
  });
});
