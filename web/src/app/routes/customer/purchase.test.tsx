// @vitest-environment jsdom
// Route-level test of buying a pack online (issue 21): /purchase -> /customer/purchase -> checkout -> confirmation,
// a signed-in customer choosing the pack and its location, placing the order and paying with the demo's test card.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatMoney, ONLINE_ORDER_MESSAGES, type PlaceOnlineOrderRequest } from '@dealer/contracts';
import { CHECKOUT_TEXTS, DEMO_TEST_CARDS, PURCHASE_TEXTS } from '../../../features/purchase/components/purchase-texts';
import { created, ok } from '../../../testing/answers';
import { server, startAppServer } from '../../../testing/app-server';
import { locations, northLocation, southLocation } from '../../../testing/fixtures/locations';
import { oilOffer, paidOrder, paidOrderStatus, placedOrder } from '../../../testing/fixtures/online-orders';
import { jane } from '../../../testing/fixtures/sales';
import { customer } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

startAppServer(
  http.get('/api/pack-offers', () => ok([oilOffer])),
  http.get('/api/locations', () => ok(locations)),
  http.get('/api/customers/:customerId', () => ok(jane)),
);

describe('buying a pack online', () => {
  it('should place the order for the chosen pack and location, pay it and show the confirmation', async () => {
    const placed: PlaceOnlineOrderRequest[] = [];
    const confirmed: unknown[] = [];
    server.use(
      http.post('/api/online-orders', async ({ request }) => {
        placed.push((await request.json()) as PlaceOnlineOrderRequest);
        return created(placedOrder, '50');
      }),
      http.post('/api/online-orders/:orderId/confirm', async ({ request, params }) => {
        expect(params.orderId).toBe(placedOrder.orderId);
        confirmed.push(await request.json());
        return ok(paidOrder, { position: '51' });
      }),
      http.get('/api/online-orders/:orderId', () => ok(paidOrderStatus)),
    );
    const { user } = renderApp('/purchase', { as: customer(jane.customerId) });

    // The pack, bought from North Motors first...
    const offers = await screen.findByRole('list', { name: 'Packs sold online' });
    await user.click(within(offers).getByRole('link', { name: PURCHASE_TEXTS.buyAt(northLocation.locationName) }));
    // The purchase page's code loads before it replaces the list of packs.
    const continueButton = await screen.findByRole('button', { name: CHECKOUT_TEXTS.continue });
    expect(screen.getByRole('heading', { name: oilOffer.name, level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(CHECKOUT_TEXTS.taxAt('8.25%'))).toBeInTheDocument();
    // ...then changed to South Motors, whose 7% sales tax shows before paying.
    await user.selectOptions(screen.getByRole('combobox', { name: CHECKOUT_TEXTS.location }), southLocation.locationName);
    expect(await screen.findByText(CHECKOUT_TEXTS.taxAt('7%'))).toBeInTheDocument();
    await user.click(continueButton);

    expect(await screen.findByRole('heading', { name: `${CHECKOUT_TEXTS.chooseTitle}: ${CHECKOUT_TEXTS.checkoutTitle}`, level: 1 })).toBeInTheDocument();
    expect(placed).toEqual([{ packId: oilOffer.packId, locationId: southLocation.locationId }]);
    await user.type(screen.getByRole('textbox', { name: CHECKOUT_TEXTS.cardNumber }), DEMO_TEST_CARDS[0].number);
    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.pay(formatMoney(placedOrder.total)) }));

    const thanks = await screen.findByRole('region', { name: ONLINE_ORDER_MESSAGES.paid });
    expect(within(thanks).getByText(southLocation.locationName)).toBeInTheDocument();
    expect(within(thanks).getByText(formatMoney(placedOrder.total))).toBeInTheDocument();
    expect(confirmed).toEqual([{ cardNumber: DEMO_TEST_CARDS[0].number }]);
    expect(window.location.pathname + window.location.search).toBe(`/customer/purchase/confirm?orderId=${placedOrder.orderId}`);
  });

  it('should lead a customer who opens the purchase page without a pack to the packs sold online, not say the pack is not sold', async () => {
    renderApp('/customer/purchase', { as: customer(jane.customerId) });
    expect(await screen.findByRole('list', { name: 'Packs sold online' })).toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_TEXTS.notFound)).not.toBeInTheDocument();
  });
});
