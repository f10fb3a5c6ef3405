/**
 * The online order (stream `online-order-{orderId}`, issue 13) as a decider: which payment
 * outcome may be recorded in which state. The service (command-api/src/online-orders/service.ts)
 * does the I/O (the payment provider, the pack sale, the gift) and records each outcome through
 * handle() with the revision it decided on. Pure.
 */
import {
  ONLINE_ORDER_MESSAGES,
  type OnlineOrderCancelled,
  type OnlineOrderEvent,
  type OnlineOrderPaid,
  type OnlineOrderPaymentFailed,
  type OnlineOrderPaymentReturned,
  type OnlineOrderPlaced,
  type OnlineOrderRefunded,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { evolveOnlineOrder, type OnlineOrderState } from './state';

export type OnlineOrderCommand =
  | { type: 'PlaceOnlineOrder'; data: OnlineOrderPlaced['data'] }
  | { type: 'RecordOnlineOrderPaid'; data: OnlineOrderPaid['data'] }
  | { type: 'RecordOnlineOrderPaymentFailed'; data: OnlineOrderPaymentFailed['data'] }
  | { type: 'RecordOnlineOrderRefund'; data: OnlineOrderRefunded['data'] }
  | { type: 'CancelOnlineOrder'; data: OnlineOrderCancelled['data'] }
  | { type: 'ReturnOnlineOrderPayment'; data: OnlineOrderPaymentReturned['data'] };

/** Waiting for its payment: placed, or a payment was declined and the customer may try again. */
const awaitingPayment = (s: OnlineOrderState) => s.status === 'placed' || s.status === 'failed';

export function decideOnlineOrder(command: OnlineOrderCommand, state: OnlineOrderState | null): OnlineOrderEvent[] {
  if (command.type === 'PlaceOnlineOrder') return state ? [] : [{ type: 'OnlineOrderPlaced', data: command.data }];
  if (!state) throw new DomainError('not_found', [ONLINE_ORDER_MESSAGES.orderUnknown]);
  switch (command.type) {
    case 'RecordOnlineOrderPaid':
      // Paid once: a second confirmation or notification records nothing.
      if (state.status === 'paid' || state.status === 'refunded') return [];
      // A cancelled or returned order is never paid: its payment goes back instead (the service returns it).
      if (!awaitingPayment(state)) throw new DomainError('conflict', [state.status === 'cancelled' ? ONLINE_ORDER_MESSAGES.cancelled : ONLINE_ORDER_MESSAGES.returned]);
      return [{ type: 'OnlineOrderPaid', data: command.data }];
    case 'RecordOnlineOrderPaymentFailed':
      return awaitingPayment(state) ? [{ type: 'OnlineOrderPaymentFailed', data: command.data }] : [];
    case 'CancelOnlineOrder':
      return awaitingPayment(state) ? [{ type: 'OnlineOrderCancelled', data: command.data }] : [];
    case 'ReturnOnlineOrderPayment':
      // A payment that arrived for an order that can no longer be sold (or was cancelled as abandoned).
      return awaitingPayment(state) || state.status === 'cancelled' ? [{ type: 'OnlineOrderPaymentReturned', data: command.data }] : [];
    case 'RecordOnlineOrderRefund':
      // The whole payment back once its sale (or gift) ended: only a paid order, once.
      return state.status === 'paid' ? [{ type: 'OnlineOrderRefunded', data: command.data }] : [];
  }
}

export const onlineOrderDecider: Decider<OnlineOrderState | null, OnlineOrderCommand, OnlineOrderEvent> = {
  initialState: () => null,
  evolve: evolveOnlineOrder,
  decide: decideOnlineOrder,
};
