import { describe, expect, it } from 'vitest';
import { cents, type OnlineOrderEvent } from '@dealer/contracts';
import { foldOnlineOrder } from './state';

const packId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('foldOnlineOrder', () => {
  const placed: OnlineOrderEvent = {
    type: 'OnlineOrderPlaced',
    data: { orderId: 'o1', customerId: 'c1', packId, locationId: 1, price: cents(1000), taxExempt: false, taxRateBasisPoints: 800, tax: cents(80), total: cents(1080), provider: 'demo', paymentId: 'p1' },
  };
  const failed: OnlineOrderEvent = { type: 'OnlineOrderPaymentFailed', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', message: 'Your card was declined.', code: 'card_declined', failedAt: 't' } };
  const paid: OnlineOrderEvent = { type: 'OnlineOrderPaid', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', saleId: 's1', via: 'confirm', paidAt: 't' } };

  it('should follow placed -> failed -> paid -> refunded, and keep paid through a late failure', () => {
    expect(foldOnlineOrder([])).toBeNull();
    expect(foldOnlineOrder([placed])?.status).toBe('placed');
    expect(foldOnlineOrder([placed, failed])).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(foldOnlineOrder([placed, failed, paid])).toMatchObject({ status: 'paid', saleId: 's1', failureMessage: null });
    expect(foldOnlineOrder([placed, paid, failed])?.status).toBe('paid');
    const refunded: OnlineOrderEvent = { type: 'OnlineOrderRefunded', data: { orderId: 'o1', customerId: 'c1', paymentId: 'p1', saleId: 's1', refundId: 'r1', amount: cents(1080), status: 'succeeded', refundedAt: 't' } };
    expect(foldOnlineOrder([placed, paid, refunded])).toMatchObject({ status: 'refunded', refundIds: ['r1'] });
  });
});
