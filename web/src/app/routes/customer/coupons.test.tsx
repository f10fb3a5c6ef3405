// @vitest-environment jsdom
// Route-level test of /customer/coupons (issue 21): a signed-in customer's packs and coupons from the handlers.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@dealer/contracts';
import { CUSTOMER_AREA_TEXTS } from '../../../features/customer-area/components/customer-area-texts';
import { ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { oilOffer } from '../../../testing/fixtures/online-orders';
import { availableCoupon, jane, janeSale, redeemedCoupon } from '../../../testing/fixtures/sales';
import { customer } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

/** Whose purchases the page asked for. */
const askedFor: string[] = [];

startAppServer(
  http.get('/api/customers/:customerId/purchases', ({ params }) => {
    askedFor.push(String(params.customerId));
    return ok([janeSale]);
  }),
  http.get('/api/customers/:customerId/gifts', () => ok([])),
  http.get('/api/pack-offers', () => ok([oilOffer])),
);

describe('/customer/coupons', () => {
  it("should list the signed-in customer's pack and its coupons with their status", async () => {
    renderApp('/customer/coupons', { as: customer(jane.customerId) });

    expect(await screen.findByRole('heading', { name: CUSTOMER_AREA_TEXTS.couponsTitle, level: 1 })).toBeInTheDocument();
    const pack = await screen.findByRole('article', { name: janeSale.packName });
    expect(within(pack).getByText(formatMoney(janeSale.total))).toBeInTheDocument();
    const coupons = within(pack).getByRole('table', { name: CUSTOMER_AREA_TEXTS.couponsOf(janeSale.packName) });
    expect(within(coupons).getByRole('row', { name: new RegExp(`^${availableCoupon.name}.*Available`) })).toBeInTheDocument();
    expect(within(coupons).getByRole('row', { name: new RegExp(`^${redeemedCoupon.name}.*Used`) })).toBeInTheDocument();
    expect(askedFor).toEqual([jane.customerId]);
  });

  it("should say where a pending pack's coupons are good the same way in its note and its rows (issue 23)", async () => {
    const places = { locationIds: [1, 2, 3], locationNames: ['Front Range Toyota', 'Flatirons Honda', 'Cherry Creek Ford'] };
    const pending = {
      ...janeSale,
      status: 'pending' as const,
      locationId: 1,
      locationName: 'Front Range Toyota',
      coupons: janeSale.coupons.map((c) => ({ ...c, ...places, saleStatus: 'pending' as const, soldLocationId: 1, soldLocationName: 'Front Range Toyota' })),
    };
    server.use(http.get('/api/customers/:customerId/purchases', () => ok([pending])));
    renderApp('/customer/coupons', { as: customer(jane.customerId) });

    const pack = await screen.findByRole('article', { name: janeSale.packName });
    expect(within(pack).getByText(CUSTOMER_AREA_TEXTS.packPending('Front Range Toyota'))).toBeInTheDocument();
    const rows = within(pack).getAllByText('Front Range Toyota only for now; Flatirons Honda and Cherry Creek Ford too once the pack is final');
    expect(rows.length).toBeGreaterThan(0);
    expect(within(pack).queryByText('Front Range Toyota, Flatirons Honda, Cherry Creek Ford')).toBeNull();
  });

  it('should show an available coupon\'s code, and its QR code in "Show at the desk"; a used coupon has none (issue 24)', async () => {
    const { user } = renderApp('/customer/coupons', { as: customer(jane.customerId) });
    const pack = await screen.findByRole('article', { name: janeSale.packName });
    const coupons = within(pack).getByRole('table', { name: CUSTOMER_AREA_TEXTS.couponsOf(janeSale.packName) });
    const available = within(coupons).getByRole('row', { name: new RegExp(`^${availableCoupon.name}`) });
    expect(within(available).getByText(availableCoupon.deskCode!)).toBeInTheDocument();
    const used = within(coupons).getByRole('row', { name: new RegExp(`^${redeemedCoupon.name}`) });
    expect(within(used).queryByRole('button', { name: CUSTOMER_AREA_TEXTS.showAtDeskLabel(redeemedCoupon.name) })).toBeNull();
    expect(within(used).queryByText(redeemedCoupon.deskCode!)).toBeNull();

    await user.click(within(available).getByRole('button', { name: CUSTOMER_AREA_TEXTS.showAtDeskLabel(availableCoupon.name) }));
    const dialog = await screen.findByRole('dialog', { name: CUSTOMER_AREA_TEXTS.deskTitle });
    const qr = within(dialog).getByRole('img', { name: CUSTOMER_AREA_TEXTS.deskQrLabel(availableCoupon.deskCode!) });
    // Version 1 (21 modules) plus the quiet zone of 4 on each side: an 11-character code in QR's alphanumeric mode.
    expect(qr.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(within(dialog).getByText(availableCoupon.deskCode!)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: CUSTOMER_AREA_TEXTS.deskClose }));
    expect(screen.queryByRole('dialog', { name: CUSTOMER_AREA_TEXTS.deskTitle })).toBeNull();
  });
});
