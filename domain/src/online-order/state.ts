/** An online order's state folded from its events (stream `online-order-{id}`, issue 13). Pure. */
import type { OnlineOrderEvent, OnlineOrderPlaced, OnlineOrderStatus } from '@dealer/contracts';

export interface OnlineOrderState {
  order: OnlineOrderPlaced['data'];
  status: OnlineOrderStatus;
  saleId: string | null;
  /** A paid gift order's gift. */
  giftId: string | null;
  /** The last failure's message (cleared by a payment). */
  failureMessage: string | null;
  refundIds: string[];
}

/** One event applied to an order (the online-order decider evolves with it). */
export function evolveOnlineOrder(state: OnlineOrderState | null, event: { type: string; data: unknown }): OnlineOrderState | null {
  const e = event as OnlineOrderEvent;
  if (e.type === 'OnlineOrderPlaced') return { order: e.data, status: 'placed', saleId: null, giftId: null, failureMessage: null, refundIds: [] };
  const s = state;
  if (!s) return s;
  if (e.type === 'OnlineOrderPaid') return { ...s, status: 'paid', saleId: e.data.saleId, giftId: e.data.giftId ?? null, failureMessage: null };
  if (e.type === 'OnlineOrderPaymentFailed') return s.status === 'placed' || s.status === 'failed' ? { ...s, status: 'failed', failureMessage: e.data.message } : s;
  if (e.type === 'OnlineOrderRefunded') return { ...s, status: 'refunded', refundIds: [...s.refundIds, e.data.refundId] };
  if (e.type === 'OnlineOrderCancelled') return s.status === 'placed' || s.status === 'failed' ? { ...s, status: 'cancelled' } : s;
  if (e.type === 'OnlineOrderPaymentReturned') return { ...s, status: 'returned', failureMessage: e.data.message, refundIds: [...s.refundIds, e.data.refundId] };
  return s;
}

export function foldOnlineOrder(events: OnlineOrderEvent[]): OnlineOrderState | null {
  return events.reduce<OnlineOrderState | null>(evolveOnlineOrder, null);
}
