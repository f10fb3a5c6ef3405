/**
 * Cancelling abandoned online orders (issue 13): every ABANDONED_SWEEP_INTERVAL_MS the workers
 * (one active instance: periodic-sweep.ts) hand the orders the `online_orders` read model shows
 * placed (or declined) longer than ONLINE_ORDER_ABANDON_AFTER_MS ago to cancelAbandonedOrder,
 * which decides on the order's own stream and the provider's payment: cancelled at the provider,
 * or issued (or returned) when the provider had taken the money after all (platform's
 * online-orders/payment-outcomes.ts, as the command API's webhook does). The read model only finds
 * candidates; two sweeps at once would be harmless anyway (the provider's key and the order's
 * expected revision).
 */
import { ONLINE_ORDER_ABANDON_AFTER_MS, type OnlineOrderCancelled } from '@dealer/contracts';
import { WrongExpectedRevisionError, systemContext, type CommandContext, type Logger, type Sql } from '@dealer/platform';
import { PaymentProviderError, type Payment } from '@dealer/platform/payments/port';
import { onlineOrderPaymentSucceeded, providerOf, readOrder, recordOnOrder, type OnlineOrderDeps } from '@dealer/platform/online-orders/payment-outcomes';
import { startPeriodicSweep, type PeriodicSweepHandle } from './periodic-sweep';
import { abandonedOrderIds } from '@dealer/read-models/online-orders/queries';

export const ABANDONED_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Orders handled per sweep (the next sweep takes the rest). */
export const ABANDONED_SWEEP_BATCH = 100;
export const ABANDONED_ORDERS_ACTOR = 'system:abandoned-orders';

export type { OnlineOrderDeps };

export interface SweepResult {
  cancelled: number;
  paid: number;
  returned: number;
  failed: number;
}

/**
 * An order placed and not paid within ONLINE_ORDER_ABANDON_AFTER_MS of being placed: its payment is
 * cancelled at the provider (key `order:<orderId>:cancel`) and OnlineOrderCancelled recorded, so a
 * checkout left open cannot charge it later. A payment the provider already took (its notification
 * lost, the browser gone) is not cancelled: it issues the pack, or goes back when the pack can no
 * longer be sold. Answers what became of the order, or null when there was nothing to do.
 */
export async function cancelAbandonedOrder(deps: OnlineOrderDeps, orderId: string, now: Date, ctx: CommandContext): Promise<'cancelled' | 'paid' | 'returned' | null> {
  const read = await readOrder(deps.store, orderId);
  const state = read.state;
  if (!state || (state.status !== 'placed' && state.status !== 'failed')) return null;
  const placedAt = Date.parse(read.history[0]!.metadata.time);
  if (!(now.getTime() - placedAt >= ONLINE_ORDER_ABANDON_AFTER_MS)) return null;
  const provider = providerOf(deps);
  const taken = async (payment: Payment) => {
    await onlineOrderPaymentSucceeded(deps, orderId, payment.paymentId, payment.amountCents, ctx);
    return (await readOrder(deps.store, orderId)).state?.status === 'returned' ? ('returned' as const) : ('paid' as const);
  };
  let payment: Payment | null;
  try {
    payment = await provider.getPayment(state.order.paymentId);
  } catch (error) {
    // The provider does not know the payment (the demo provider forgets on restart): nothing can charge it.
    if (!(error instanceof PaymentProviderError) || error.kind !== 'not-found') throw error;
    payment = null;
  }
  if (payment?.status === 'succeeded') return taken(payment);
  // requires-action (3-D Secure waiting) and processing are cancelled too: the customer left them a day ago.
  if (payment && payment.status !== 'canceled') {
    try {
      await provider.cancelPayment({ paymentId: payment.paymentId, idempotencyKey: `order:${orderId}:cancel`, reason: 'abandoned' });
    } catch (error) {
      // Paid between the look and the cancel: the payment stands.
      const now = await provider.getPayment(payment.paymentId);
      if (now.status === 'succeeded') return taken(now);
      throw error;
    }
  }
  const cancelled: OnlineOrderCancelled = {
    type: 'OnlineOrderCancelled',
    data: { orderId, customerId: state.order.customerId, paymentId: state.order.paymentId, reason: 'abandoned', cancelledAt: now.toISOString() },
  };
  try {
    await recordOnOrder(deps, read, orderId, { type: 'CancelOnlineOrder', data: cancelled.data }, ctx);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return null;
  }
  return 'cancelled';
}


/** Order ids the read model shows placed (or declined) before `cutoff`: candidates only. */
const abandonedOrderCandidates = (sql: Sql, cutoff: Date) => abandonedOrderIds(sql, cutoff, ABANDONED_SWEEP_BATCH);

export async function sweepAbandonedOrders(deps: OnlineOrderDeps, now = new Date(), log?: (message: string, error: unknown) => void): Promise<SweepResult> {
  const result: SweepResult = { cancelled: 0, paid: 0, returned: 0, failed: 0 };
  if (!deps.provider) return result;
  const cutoff = new Date(now.getTime() - ONLINE_ORDER_ABANDON_AFTER_MS);
  for (const orderId of await abandonedOrderCandidates(deps.sql, cutoff)) {
    try {
      const outcome = await cancelAbandonedOrder(deps, orderId, now, systemContext(ABANDONED_ORDERS_ACTOR));
      if (outcome) result[outcome]++;
    } catch (error) {
      // The provider is down or refused: the order stays as it is and the next sweep tries again.
      result.failed++;
      log?.(`cancelling abandoned online order ${orderId} failed`, error);
    }
  }
  return result;
}

/** Runs the sweep on a timer in the workers (nothing when online purchase is off). */
export function startAbandonedOrderSweeper(deps: OnlineOrderDeps & { logger?: Logger }, intervalMs = ABANDONED_SWEEP_INTERVAL_MS): PeriodicSweepHandle | null {
  if (!deps.provider) return null;
  return startPeriodicSweep(deps, { lock: 'online-orders:abandoned-sweep', intervalMs, failure: 'sweeping abandoned online orders failed' }, (log) => sweepAbandonedOrders(deps, new Date(), log));
}
