// Unit tests of the order's fold for the orders that end without a sale: cancelled when not paid in time (never once
// paid), returned when a payment arrived for a pack that could no longer be sold.
import { describe, expect, it } from 'vitest';
import { cents, ONLINE_ORDER_MESSAGES, type OnlineOrderEvent } from '@dealer/contracts';
import { foldOnlineOrder } from './state';

const placed: OnlineOrderEvent = {
  type: 'OnlineOrderPlaced',
  data: { orderId: 'o1', customerId: 'c1', packId: 'p', locationId: 1, price: cents(1000), taxExempt: false, taxRateBasisPoints: 800, tax: cents(80), total: cents(1080), provider: 'demo', paymentId: 'p1' },
};
const failed: OnlineOrderEvent = { type: 'OnlineOrderPaymentFailed', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', message: 'Your card was declined.', code: null, failedAt: 't' } };
const paid: OnlineOrderEvent = { type: 'OnlineOrderPaid', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', saleId: 's1', via: 'confirm', paidAt: 't' } };
const cancelled: OnlineOrderEvent = { type: 'OnlineOrderCancelled', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', reason: 'abandoned', cancelledAt: 't' } };
const returned: OnlineOrderEvent = {
  type: 'OnlineOrderPaymentReturned',
  data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', refundId: 'r9', amount: cents(1080), status: 'succeeded', message: ONLINE_ORDER_MESSAGES.returned, returnedAt: 't' },
};

describe('foldOnlineOrder: orders without a sale', () => {
  it('should cancel a placed or declined order, never a paid one', () => {
    expect(foldOnlineOrder([placed, cancelled])?.status).toBe('cancelled');
    expect(foldOnlineOrder([placed, failed, cancelled])?.status).toBe('cancelled');
    expect(foldOnlineOrder([placed, paid, cancelled])?.status).toBe('paid');
  });

  it('should record a returned payment with its refund and the reason', () => {
    expect(foldOnlineOrder([placed, returned])).toMatchObject({ status: 'returned', saleId: null, refundIds: ['r9'], failureMessage: ONLINE_ORDER_MESSAGES.returned });
    expect(foldOnlineOrder([placed, cancelled, returned])?.status).toBe('returned');
  });
});
