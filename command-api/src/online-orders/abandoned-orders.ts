/**
 * Cancelling abandoned online orders (issue 13): every ABANDONED_SWEEP_INTERVAL_MS, the orders the
 * `online_orders` read model shows placed (or declined) longer than ONLINE_ORDER_ABANDON_AFTER_MS
 * ago are handed to cancelAbandonedOrder, which decides on the order's own stream and the
 * provider's payment: cancelled at the provider, or issued (or returned) when the provider had
 * taken the money after all. The read model only finds candidates; two command-api replicas
 * sweeping at once are harmless (the provider's key and the order's expected revision).
 */
import type { FastifyInstance } from 'fastify';
import { ONLINE_ORDER_ABANDON_AFTER_MS } from '@dealer/contracts';
import { systemContext } from '@dealer/platform';
import { cancelAbandonedOrder, type OnlineOrderDeps } from './service';
import { runPeriodically } from '../plugins/periodic-sweeper';
import { abandonedOrderIds } from '@dealer/read-models/online-orders/queries';

export const ABANDONED_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Orders handled per sweep (the next sweep takes the rest). */
export const ABANDONED_SWEEP_BATCH = 100;

export interface SweepResult {
  cancelled: number;
  paid: number;
  returned: number;
  failed: number;
}

export async function sweepAbandonedOrders(deps: OnlineOrderDeps, now = new Date(), log?: (message: string, error: unknown) => void): Promise<SweepResult> {
  const result: SweepResult = { cancelled: 0, paid: 0, returned: 0, failed: 0 };
  if (!deps.provider) return result;
  const cutoff = new Date(now.getTime() - ONLINE_ORDER_ABANDON_AFTER_MS);
  const rows = (await abandonedOrderIds(deps.sql, cutoff, ABANDONED_SWEEP_BATCH)).map((orderId) => ({ orderId }));
  for (const { orderId } of rows) {
    try {
      const outcome = await cancelAbandonedOrder(deps, orderId, now, systemContext('system:abandoned-orders'));
      if (outcome) result[outcome]++;
    } catch (error) {
      // The provider is down or refused: the order stays as it is and the next sweep tries again.
      result.failed++;
      log?.(`cancelling abandoned online order ${orderId} failed`, error);
    }
  }
  return result;
}

/** Runs the sweep on a timer while the command API is up (nothing when online purchase is off). */
export function abandonedOrderSweeper(deps: OnlineOrderDeps, intervalMs = ABANDONED_SWEEP_INTERVAL_MS) {
  return async function plugin(app: FastifyInstance) {
    if (!deps.provider) return;
    runPeriodically(app, intervalMs, 'sweeping abandoned online orders failed', (log) => sweepAbandonedOrders(deps, new Date(), log));
  };
}
