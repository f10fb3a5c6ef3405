/**
 * Ending a gift unclaimed and giving the buyer's payment back (issue 13 "Gifts"), shared by the
 * command API (a claim of a gift whose pack can no longer be issued ends it at once, reason
 * 'not-sellable') and the workers' expiry sweep (its link expired, reason 'expired').
 *
 * Exactly once whatever the retries and races: GiftExpired is appended with the revision the
 * gift stream was read at (a claim racing it: exactly one of GiftClaimed / GiftExpired is
 * recorded; a claim after it is refused), then the provider refunds the whole payment under the
 * key `gift:{giftId}:refund` (a retried refund gets the first answer), then OnlineOrderRefunded is
 * appended with the revision the order was read at. A crash or a provider error between the
 * steps is finished by the next sweep (the order is still paid, the gift already ended: only the
 * refund is asked again, under the same key). Each stream is read once per attempt.
 */
import { giftStreamId, onlineOrderStreamId, type GiftExpired, type Money, type OnlineOrderRefunded } from '@dealer/contracts';
import { giftDecider } from '@dealer/domain/gift/decide';
import { onlineOrderDecider } from '@dealer/domain/online-order/decide';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/port';
import type { Sql } from '../db/postgres';
import type { CommandContext } from '../metadata';
import { decideOn, load } from '../command-handling';
import type { PaymentProvider } from '../payments/port';
import { giftSaleIdOf, readGift } from './gift-stream';
import { giftExpiresNow, type GiftState } from '@dealer/domain/gift/state';

export interface GiftEndDeps {
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
export async function endGift(deps: GiftEndDeps, giftId: string, reason: GiftExpired['data']['reason'], now: Date, ctx: CommandContext): Promise<GiftEndOutcome> {
  const read = await readGift(deps.store, giftId);
  let state = read.state;
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
      const result = await decideOn(deps.store, giftStreamId(giftId), giftDecider, read, { type: 'EndGift', data: expired.data, now }, ctx);
      ended = result.position !== null;
      state = result.state;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // A claim (or another sweep) got there first: decide on the gift as it is now.
      state = (await readGift(deps.store, giftId)).state;
      if (!state || state.claim || !state.expiry) return null;
    }
  }
  const refunded = state ? await refundGift(deps, giftId, state, ctx) : false;
  return refunded ? 'refunded' : ended ? 'ended' : null;
}

/** The ended gift's payment back to the buyer, once: true when OnlineOrderRefunded was recorded now. */
async function refundGift(deps: GiftEndDeps, giftId: string, gift: GiftState, ctx: CommandContext): Promise<boolean> {
  if (!gift.expiry) return false;
  const orderId = gift.gift.orderId;
  const read = await load(deps.store, onlineOrderStreamId(orderId), onlineOrderDecider);
  const order = read.state;
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
    // Through the order's decider, on the order as read: refunded once, and only while the order is paid.
    return (await decideOn(deps.store, onlineOrderStreamId(orderId), onlineOrderDecider, read, { type: 'RecordOnlineOrderRefund', data: refunded.data }, ctx)).position !== null;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // Recorded meanwhile by another sweep (same refund, same key): nothing more.
    return false;
  }
}
