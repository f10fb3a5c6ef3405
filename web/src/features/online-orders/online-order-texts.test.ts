// Unit tests of what the managers' online-orders list says about an order beside its status.
import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import type { OnlineOrderListItem } from '@dealer/contracts/online-orders/status';
import { orderDetails } from './components/online-order-texts';

const base: OnlineOrderListItem = {
  orderId: 'o1', customerId: 'c1', customerName: 'Pat Customer', status: 'placed', packId: 'p1', packName: 'Oil', locationId: 1, locationName: 'East',
  price: cents(1000), tax: cents(80), total: cents(1080), taxExempt: false, provider: 'stripe', saleId: null, isGift: false, giftId: null, gift: null,
  failureMessage: null, failureCount: 0, refundAmount: null, placedAt: '2026-11-20T15:00:00Z', paidAt: null, failedAt: null, refundedAt: null, cancelledAt: null,
};

describe('online order details', () => {
  it("should give a failed payment's message, the declines before a payment, a refund, a gift and the demo provider", () => {
    expect(orderDetails(base)).toBe('');
    expect(orderDetails({ ...base, status: 'failed', failureMessage: 'Your card was declined.', failureCount: 1 })).toBe('Your card was declined.');
    expect(orderDetails({ ...base, status: 'paid', failureCount: 2, paidAt: '2026-11-20T15:05:00Z', isGift: true, provider: 'demo' })).toMatch(
      /^2 declined before · Paid 11\/20\/2026 \d+:05 [AP]M · Gift · Demo payment$/,
    );
    expect(orderDetails({ ...base, status: 'refunded', refundAmount: cents(1080), refundedAt: '2026-11-21T10:00:00Z', taxExempt: true })).toMatch(
      /^Refunded \$10\.80 on 11\/2[01]\/2026 .* · Tax exempt$/,
    );
    expect(orderDetails({ ...base, status: 'cancelled', cancelledAt: '2026-11-21T16:00:00Z', failureCount: 1 })).toMatch(/^1 declined before · Cancelled 11\/21\/2026 /);
    expect(orderDetails({ ...base, status: 'returned', refundAmount: cents(1080) })).toBe('Returned $10.80: the pack could no longer be sold');
  });
});
