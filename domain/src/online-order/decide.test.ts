import { describe, expect, it } from 'vitest';
import { ONLINE_ORDER_MESSAGES, cents, type OnlineOrderEvent } from '@dealer/contracts';
import { DomainError } from '../errors';
import { given as givenEvents } from '../testing/given';
import { onlineOrderDecider, type OnlineOrderCommand } from './decide';

const given = (events: OnlineOrderEvent[]) => givenEvents(onlineOrderDecider, events);
const ids = { orderId: 'o-1', customerId: 'c-1', paymentId: 'pay-1' };
const placed: OnlineOrderEvent = {
  type: 'OnlineOrderPlaced',
  data: { ...ids, packId: 'p-1', locationId: 1, price: cents(19_900), taxExempt: false, taxRateBasisPoints: 800, tax: cents(1_592), total: cents(21_492), provider: 'demo', paymentId: 'pay-1' },
};
const paid: OnlineOrderEvent = { type: 'OnlineOrderPaid', data: { ...ids, saleId: 's-1', via: 'confirm', paidAt: '2026-11-27T15:00:00.000Z' } };
const failed: OnlineOrderEvent = { type: 'OnlineOrderPaymentFailed', data: { ...ids, message: 'Your card was declined.', code: 'card_declined', failedAt: '2026-11-27T15:00:00.000Z' } };
const cancelled: OnlineOrderEvent = { type: 'OnlineOrderCancelled', data: { ...ids, reason: 'abandoned', cancelledAt: '2026-11-28T15:00:00.000Z' } };
const refunded: OnlineOrderEvent = { type: 'OnlineOrderRefunded', data: { ...ids, saleId: 's-1', refundId: 're-1', amount: cents(21_492), status: 'succeeded', refundedAt: '2026-11-29T15:00:00.000Z' } };
const returned: OnlineOrderEvent = { type: 'OnlineOrderPaymentReturned', data: { ...ids, refundId: 're-2', amount: cents(21_492), status: 'succeeded', message: ONLINE_ORDER_MESSAGES.returned, returnedAt: '2026-11-29T15:00:00.000Z' } };
const command = (e: OnlineOrderEvent): OnlineOrderCommand => {
  const type = { OnlineOrderPlaced: 'PlaceOnlineOrder', OnlineOrderPaid: 'RecordOnlineOrderPaid', OnlineOrderPaymentFailed: 'RecordOnlineOrderPaymentFailed', OnlineOrderRefunded: 'RecordOnlineOrderRefund', OnlineOrderCancelled: 'CancelOnlineOrder', OnlineOrderPaymentReturned: 'ReturnOnlineOrderPayment' }[e.type];
  return { type, data: e.data } as OnlineOrderCommand;
};

describe('the online order decider', () => {
  it('should place an order once (a retry records nothing)', () => {
    expect(given([]).when(command(placed))()).toEqual([placed]);
    expect(given([placed]).when(command(placed))()).toEqual([]);
  });

  it('should refuse any outcome of an order that was never placed', () => {
    for (const e of [paid, failed, cancelled, refunded, returned]) expect(given([]).when(command(e))).toThrow(DomainError);
  });

  it('should record a payment on a placed or declined order, once', () => {
    expect(given([placed]).when(command(paid))()).toEqual([paid]);
    expect(given([placed, failed]).when(command(paid))()).toEqual([paid]);
    expect(given([placed, paid]).when(command(paid))()).toEqual([]);
    expect(given([placed, paid, refunded]).when(command(paid))()).toEqual([]);
  });

  it('should never pay a cancelled or returned order', () => {
    expect(given([placed, cancelled]).when(command(paid))).toThrow(ONLINE_ORDER_MESSAGES.cancelled);
    expect(given([placed, returned]).when(command(paid))).toThrow(ONLINE_ORDER_MESSAGES.returned);
  });

  it('should record a decline or an abandonment only while the order waits for its payment', () => {
    expect(given([placed]).when(command(failed))()).toEqual([failed]);
    expect(given([placed, failed]).when(command(failed))()).toEqual([failed]);
    expect(given([placed, paid]).when(command(failed))()).toEqual([]);
    expect(given([placed, failed]).when(command(cancelled))()).toEqual([cancelled]);
    expect(given([placed, paid]).when(command(cancelled))()).toEqual([]);
    expect(given([placed, cancelled]).when(command(cancelled))()).toEqual([]);
  });

  it('should return a payment that arrived for an unsellable or cancelled order, once, and never a paid one', () => {
    expect(given([placed]).when(command(returned))()).toEqual([returned]);
    expect(given([placed, cancelled]).when(command(returned))()).toEqual([returned]);
    expect(given([placed, returned]).when(command(returned))()).toEqual([]);
    expect(given([placed, paid]).when(command(returned))()).toEqual([]);
  });

  it('should refund a paid order once', () => {
    expect(given([placed, paid]).when(command(refunded))()).toEqual([refunded]);
    expect(given([placed, paid, refunded]).when(command(refunded))()).toEqual([]);
    expect(given([placed]).when(command(refunded))()).toEqual([]);
  });

  it('should fold the status the order page shows', () => {
    expect(given([placed, failed]).state?.status).toBe('failed');
    expect(given([placed, failed, paid]).state).toMatchObject({ status: 'paid', saleId: 's-1', failureMessage: null });
    expect(given([placed, paid, refunded]).state).toMatchObject({ status: 'refunded', refundIds: ['re-1'] });
  });
});
