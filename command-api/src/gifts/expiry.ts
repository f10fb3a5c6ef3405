/**
 * Gifts that end unclaimed (issue 13 "Gifts"): the buyer's payment goes back.
 *
 * - Expiry: every GIFT_EXPIRY_SWEEP_INTERVAL_MS the command API looks for paid gift orders whose
 *   payment is older than the gift's lifetime and whose gift was not claimed, or whose gift ended
 *   but whose refund is not recorded yet (the `online_orders` read model: status paid, a gift, no
 *   claim seen) and ends / refunds each one on its own streams.
 * - Not sellable: a recipient who comes to claim a gift whose pack can no longer be issued (the
 *   pack or a coupon disabled, the location no longer selling it) is refused, and the gift ends the
 *   same way at once (reason 'not-sellable').
 *
 * Ending a gift, exactly once whatever the retries and races: GiftExpired is appended with the gift
 * stream's expected revision (a claim racing it: exactly one of GiftClaimed / GiftExpired is
 * recorded; a claim after it is refused), then the provider refunds the whole payment under the
 * key `gift:{giftId}:refund` (a retried refund gets the first answer), then OnlineOrderRefunded is
 * appended with the order's expected revision. A crash or a provider error between the steps is
 * finished by the next sweep (the order is still paid, the gift already ended: only the refund is
 * asked again, under the same key).
 */
import type { FastifyInstance } from 'fastify';
import { GIFT_LIFETIME_DAYS, foldOnlineOrder, giftExpiresNow, giftStreamId, onlineOrderStreamId, type GiftExpired, type Money, type OnlineOrderEvent, type OnlineOrderRefunded } from '@dealer/contracts';
import { WrongExpectedRevisionError, handle, systemContext, toNewEvents, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { onlineOrderDecider } from '@dealer/domain/online-order/decide';
import { giftDecider } from '@dealer/domain/gift/decide';
import type { PaymentProvider } from '../payments/port';
import { giftSaleIdOf, readGift } from './gift-stream';
import { runPeriodically } from '../plugins/periodic-sweeper';
import { expiringGiftIds } from '@dealer/read-models/online-orders/queries';

export const GIFT_EXPIRY_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Gifts handled per sweep (the next sweep takes the rest). */
export const GIFT_EXPIRY_SWEEP_BATCH = 100;

export interface GiftExpiryDeps {
  store: EventStore;
  sql: Sql;
  /** Null: online purchase is off (no gift can have been paid). */
  provider: PaymentProvider | null;
}

/** What ending a gift did: ended (GiftExpired recorded now), refunded (the refund recorded now), or nothing. */
export type GiftEndOutcome = 'refunded' | 'ended' | null;

/**
 * Ends the gift unclaimed (reason 'expired': only once its link has expired at `now`) and refunds
 * the buyer; finishes the refund of a gift ended earlier. Null when there is nothing to do (claimed,
 * not expired yet, refunded already). A provider error is thrown after GiftExpired is recorded: the
 * next sweep asks for the refund again.
 */
export async function endGift(deps: GiftExpiryDeps, giftId: string, reason: GiftExpired['data']['reason'], now: Date, ctx: CommandContext): Promise<GiftEndOutcome> {
  let { revision, state } = await readGift(deps.store, giftId);
  if (!state || state.claim) return null;
  let ended = false;
  if (!state.expiry) {
    if (reason === 'expired' && !giftExpiresNow(state, now)) return null;
    const gift = state.gift;
    const expired: GiftExpired = {
      type: 'GiftExpired',
      data: { giftId, orderId: gift.orderId, customerId: gift.customerId, saleId: giftSaleIdOf(giftId), reason, refund: gift.total, refundTax: gift.tax, expiredAt: now.toISOString() },
    };
    try {
      ended = (await handle(deps.store, giftStreamId(giftId), giftDecider, { type: 'EndGift', data: expired.data, now }, ctx, { expectedRevision: revision })).position !== null;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // A claim (or another sweep) got there first: decide on the gift as it is now.
      ({ revision, state } = await readGift(deps.store, giftId));
      if (!state || state.claim || !state.expiry) return null;
    }
  }
  const refunded = await refundGift(deps, giftId, ctx);
  return refunded ? 'refunded' : ended ? 'ended' : null;
}

/** The ended gift's payment back to the buyer, once: true when OnlineOrderRefunded was recorded now. */
async function refundGift(deps: GiftExpiryDeps, giftId: string, ctx: CommandContext): Promise<boolean> {
  const { state: gift } = await readGift(deps.store, giftId);
  if (!gift?.expiry) return false;
  const orderId = gift.gift.orderId;
  const history = await deps.store.readStream(onlineOrderStreamId(orderId));
  const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
  const order = foldOnlineOrder(history as unknown as OnlineOrderEvent[]);
  // Refunded already (a sweep before, or a manager), or not recorded paid yet (a crash between the
  // gift and OnlineOrderPaid: the payment's own retry records it, then the next sweep refunds).
  if (!order || order.status !== 'paid' || order.giftId !== giftId) return false;
  if (!deps.provider) throw new Error(`gift ${giftId} ended but no payment provider is configured to refund it`);
  const refund = await deps.provider.refundPayment({
    paymentId: order.order.paymentId,
    idempotencyKey: `gift:${giftId}:refund`,
    orderId,
    reason: 'requested_by_customer',
    metadata: { giftId, reason: gift.expiry.reason },
  });
  const refunded: OnlineOrderRefunded = {
    type: 'OnlineOrderRefunded',
    data: {
      orderId,
      customerId: order.order.customerId,
      paymentId: order.order.paymentId,
      saleId: gift.expiry.saleId,
      refundId: refund.refundId,
      amount: refund.amountCents as Money,
      status: refund.status,
      refundedAt: ctx.now().toISOString(),
    },
  };
  try {
    // Through the order's decider: refunded once, and only while the order is paid.
    return (await handle(deps.store, onlineOrderStreamId(orderId), onlineOrderDecider, { type: 'RecordOnlineOrderRefund', data: refunded.data }, ctx, { expectedRevision: revision })).position !== null;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // Recorded meanwhile by another sweep (same refund, same key): nothing more.
    return false;
  }
}

export interface GiftSweepResult {
  refunded: number;
  failed: number;
}

/**
 * One sweep: paid gift orders paid at least the gift's lifetime ago whose gift the read model has
 * not seen claimed; each is decided on its own streams (the read model only finds candidates).
 */
export async function sweepExpiredGifts(deps: GiftExpiryDeps, now = new Date(), log?: (message: string, error: unknown) => void): Promise<GiftSweepResult> {
  const result: GiftSweepResult = { refunded: 0, failed: 0 };
  if (!deps.provider) return result;
  const cutoff = new Date(now.getTime() - GIFT_LIFETIME_DAYS * 86_400_000);
  const rows = (await expiringGiftIds(deps.sql, cutoff, GIFT_EXPIRY_SWEEP_BATCH)).map((giftId) => ({ giftId }));
  for (const { giftId } of rows) {
    try {
      if ((await endGift(deps, giftId, 'expired', now, systemContext('system:gift-expiry'))) === 'refunded') result.refunded++;
    } catch (error) {
      // The provider is down or refused: the gift stays ended and unrefunded, the next sweep asks again.
      result.failed++;
      log?.(`refunding expired gift ${giftId} failed`, error);
    }
  }
  return result;
}

/** Runs the sweep on a timer while the command API is up (nothing when online purchase is off). */
export function giftExpirySweeper(deps: GiftExpiryDeps, intervalMs = GIFT_EXPIRY_SWEEP_INTERVAL_MS) {
  return async function plugin(app: FastifyInstance) {
    if (!deps.provider) return;
    runPeriodically(app, intervalMs, 'sweeping expired gifts failed', (log) => sweepExpiredGifts(deps, new Date(), log));
  };
}
