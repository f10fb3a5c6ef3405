// @vitest-environment jsdom
// Route-level tests of live updates for paper books, online orders and gifts (issue 24 part 3, decision 0091): a
// change message on the stream makes the page showing that book, order or gift read it again at once, with the
// message's position as X-Min-Position (read-your-writes); a message about something else reads nothing.
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { cents, MIN_POSITION_HEADER } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { ok } from '../../testing/answers';
import { startAppServer } from '../../testing/app-server';
import { useLiveStream } from '../../testing/live-stream';
import { formDraftServer } from '../../testing/form-drafts';
import { locations } from '../../testing/fixtures/locations';
import { openPaperBook } from '../../testing/fixtures/paper-books';
import { oilOffer, paidOrderStatus } from '../../testing/fixtures/online-orders';
import { jane, janeSale } from '../../testing/fixtures/sales';
import { customer, employee } from '../../testing/identities';
import { renderApp } from '../../testing/render-app';

const book = openPaperBook;

const giftOrder: OnlineOrderStatusView = {
  ...paidOrderStatus,
  orderId: 'order-gift',
  customerId: jane.customerId,
  isGift: true,
  giftId: 'gift-1',
  saleId: null,
  gift: { recipientEmail: 'friend@example.com', expiresAt: '2026-12-31T00:00:00.000Z', claimedAt: null, endedAt: null, endReason: null },
};

/** Each GET a handler answered: the path and the X-Min-Position it carried. */
const reads: { path: string; minPosition: string | null }[] = [];
const record = (request: Request) => reads.push({ path: new URL(request.url).pathname, minPosition: request.headers.get(MIN_POSITION_HEADER) });
const readsOf = (path: string) => reads.filter((r) => r.path === path);
/** Time for a refetch that should not happen to show up. */
const settle = () => new Promise((r) => setTimeout(r, 150));
beforeEach(() => {
  reads.splice(0);
});

/** The paper conversion wizard keeps a form draft (decision 0082): the draft routes as the server answers them. */
const drafts = formDraftServer();
beforeEach(() => drafts.reset());

startAppServer(
  http.get('/api/locations', () => ok(locations)),
  ...drafts.handlers,
  http.get('/api/paper-books/:bookNumber', ({ request }) => {
    record(request);
    return ok(book);
  }),
  http.get('/api/online-orders/:orderId', ({ request }) => {
    record(request);
    return ok(paidOrderStatus);
  }),
  http.get('/api/customers/:customerId/purchases', () => ok([janeSale])),
  http.get('/api/customers/:customerId/gifts', ({ request }) => {
    record(request);
    return ok([giftOrder]);
  }),
  http.get('/api/pack-offers', () => ok([oilOffer])),
);
const live = useLiveStream();

describe('live updates of paper books, online orders and gifts', () => {
  it('should read the paper book on the paper conversion page again when the stream says it changed, and not for another book', async () => {
    renderApp('/employee/paper-conversion/action?book=PB-10001', { as: employee() });
    expect(await screen.findByText('Oil Change 4-Pack', {}, { timeout: 20_000 })).toBeInTheDocument();
    const path = '/api/paper-books/PB-10001';
    await waitFor(() => expect(readsOf(path)).toHaveLength(1));
    await live.send({ topic: 'paper-book', id: 'PB-99999', customerId: null, position: 40 });
    await live.send({ topic: 'paper-book', id: 'PB-10001', customerId: null, position: 41 });
    await waitFor(() => expect(readsOf(path)).toHaveLength(2));
    expect(readsOf(path)[1]!.minPosition).toBe('41');
    await settle();
    expect(readsOf(path)).toHaveLength(2);
  });

  it("should read the customer's order again when the stream says it changed (paid, refunded, cancelled)", async () => {
    renderApp(`/customer/purchase/confirm?orderId=${paidOrderStatus.orderId}`, { as: customer(jane.customerId) });
    const path = `/api/online-orders/${paidOrderStatus.orderId}`;
    await waitFor(() => expect(readsOf(path)).toHaveLength(1), { timeout: 20_000 });
    await live.send({ topic: 'online-order', id: 'another-order', customerId: jane.customerId, position: 50 });
    await live.send({ topic: 'online-order', id: paidOrderStatus.orderId, customerId: jane.customerId, position: 51 });
    await waitFor(() => expect(readsOf(path)).toHaveLength(2));
    expect(readsOf(path)[1]!.minPosition).toBe('51');
    await settle();
    expect(readsOf(path)).toHaveLength(2);
  });

  it("should read the buyer's gifts sent on My coupons again when the stream says a gift was claimed or expired", async () => {
    renderApp('/customer/coupons', { as: customer(jane.customerId) });
    const path = `/api/customers/${jane.customerId}/gifts`;
    await waitFor(() => expect(readsOf(path)).toHaveLength(1), { timeout: 20_000 });
    await live.send({ topic: 'gift', id: 'gift-1', customerId: jane.customerId, position: 60 });
    await waitFor(() => expect(readsOf(path)).toHaveLength(2));
    expect(readsOf(path)[1]!.minPosition).toBe('60');
  });
});
