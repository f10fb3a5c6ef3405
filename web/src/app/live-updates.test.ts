// Which queries a live update refetches (issue 24 part 3): the verification's panel and its customer's
// verification lists; a sale's or redemption's customer's purchases and coupons; nothing of other customers.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateFor } from './live-updates';
import { redemptionVerificationKeys } from '../features/redemption-verifications/api/redemption-verification-keys';
import { packSaleKeys } from '../features/pack-sales/api/pack-sale-keys';
import { paperBookKeys } from '../features/paper-conversion/api/paper-book-keys';
import { onlineOrderKeys } from '../features/online-orders/api/online-order-keys';

function clientWithQueries() {
  const client = new QueryClient();
  const keys = {
    panel: redemptionVerificationKeys.detail('v1'),
    otherPanel: redemptionVerificationKeys.detail('v2'),
    listener: redemptionVerificationKeys.list('c1', true),
    pending: redemptionVerificationKeys.list('c1', false),
    otherCustomerList: redemptionVerificationKeys.list('c2', true),
    purchases: packSaleKeys.purchases('c1'),
    coupons: packSaleKeys.coupons('c1'),
    otherCoupons: packSaleKeys.coupons('c2'),
    book: paperBookKeys.book('pb-1 '),
    otherBook: paperBookKeys.book('PB-2'),
    order: onlineOrderKeys.detail('o1'),
    otherOrder: onlineOrderKeys.detail('o2'),
    giftsSent: onlineOrderKeys.giftsSent('c1'),
    otherGiftsSent: onlineOrderKeys.giftsSent('c2'),
    orderList: [...onlineOrderKeys.lists(), { status: null, locationId: null, limit: 20, offset: 0 }],
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  const invalidated = () => Object.entries(keys).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
  return { client, invalidated };
}

describe('invalidateFor', () => {
  it('should refetch the verification and its customer\'s lists on a verification change', async () => {
    const { client, invalidated } = clientWithQueries();
    await invalidateFor(client, { topic: 'verification', id: 'v1', customerId: 'c1', position: 5 });
    expect(invalidated()).toEqual(['listener', 'panel', 'pending']);
  });

  it("should refetch the customer's purchases and coupons on a sale or a redemption", async () => {
    for (const topic of ['sale', 'redemption'] as const) {
      const { client, invalidated } = clientWithQueries();
      await invalidateFor(client, { topic, id: 'x', customerId: 'c1', position: 5 });
      expect(invalidated()).toEqual(['coupons', 'purchases']);
    }
  });

  it('should refetch a paper book by its number however it was typed, and nothing else', async () => {
    const { client, invalidated } = clientWithQueries();
    await invalidateFor(client, { topic: 'paper-book', id: 'PB-1', customerId: null, position: 5 });
    expect(invalidated()).toEqual(['book']);
  });

  it("should refetch the order, the buyer's gifts sent and the managers' list on an order change; every order page on a gift change", async () => {
    const order = clientWithQueries();
    await invalidateFor(order.client, { topic: 'online-order', id: 'o1', customerId: 'c1', position: 5 });
    expect(order.invalidated()).toEqual(['giftsSent', 'order', 'orderList']);
    const gift = clientWithQueries();
    await invalidateFor(gift.client, { topic: 'gift', id: 'g1', customerId: 'c1', position: 5 });
    expect(gift.invalidated()).toEqual(['giftsSent', 'order', 'orderList', 'otherOrder']);
  });
});
