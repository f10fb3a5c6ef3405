import { describe, expect, it } from 'vitest';
import { cents } from '../money/index';
import { ONLINE_ORDER_MESSAGES, checkConfirmOnlineOrder, checkPlaceOnlineOrder, foldOnlineOrder } from './rules';
import type { OnlineOrderEvent } from './events';

const packId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('checkPlaceOnlineOrder', () => {
  it('should take a pack id and a location, lower-casing the id', () => {
    expect(checkPlaceOnlineOrder({ packId: packId.toUpperCase(), locationId: 3 })).toEqual({ ok: true, value: { packId, locationId: 3 } });
    expect(checkPlaceOnlineOrder({ packId, locationId: '2' })).toEqual({ ok: true, value: { packId, locationId: 2 } });
  });

  it('should answer each missing or wrong field with its message', () => {
    expect(checkPlaceOnlineOrder({})).toEqual({ ok: false, errors: { packId: ONLINE_ORDER_MESSAGES.packRequired, locationId: ONLINE_ORDER_MESSAGES.locationRequired } });
    expect(checkPlaceOnlineOrder({ packId: 'not-a-pack', locationId: 0 })).toEqual({ ok: false, errors: { packId: ONLINE_ORDER_MESSAGES.packUnknown, locationId: ONLINE_ORDER_MESSAGES.locationRequired } });
    expect(checkPlaceOnlineOrder({ packId, locationId: 1.5 }).ok).toBe(false);
    expect(checkPlaceOnlineOrder({ packId, locationId: 1e10 }).ok).toBe(false);
  });
});

describe('checkConfirmOnlineOrder', () => {
  it('should take a card number or a payment method id, not both and not neither', () => {
    expect(checkConfirmOnlineOrder({ cardNumber: ' 4242 4242-4242 4242 ' })).toEqual({ ok: true, value: { cardNumber: '4242 4242-4242 4242' } });
    expect(checkConfirmOnlineOrder({ paymentMethodId: 'pm_card_visa' })).toEqual({ ok: true, value: { paymentMethodId: 'pm_card_visa' } });
    expect(checkConfirmOnlineOrder({})).toEqual({ ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.paymentRequired } });
    expect(checkConfirmOnlineOrder({ cardNumber: '4242424242424242', paymentMethodId: 'pm_card_visa' }).ok).toBe(false);
    expect(checkConfirmOnlineOrder({ cardNumber: '4242 abcd' })).toEqual({ ok: false, errors: { cardNumber: ONLINE_ORDER_MESSAGES.cardNumberInvalid } });
    expect(checkConfirmOnlineOrder({ cardNumber: '4'.repeat(33) }).ok).toBe(false);
    expect(checkConfirmOnlineOrder({ paymentMethodId: 'card_123' })).toEqual({ ok: false, errors: { paymentMethodId: ONLINE_ORDER_MESSAGES.paymentMethodInvalid } });
  });
});

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
