/**
 * A gift's stream (issue 13 "Gifts"), shared by the command API's gift commands, the online
 * orders' payment outcomes and the workers' expiry sweep: its ids, the stream read once and
 * folded through the gift decider, and GiftPurchased recorded once for a paid gift order.
 *
 * A paid gift order records GiftPurchased on `gift-{giftId}` (giftId derived from the order,
 * appended expecting no stream, so the confirm, the webhook, the abandoned-order sweep and their
 * retries record one gift) with the SHA-256 of the link's token and its expiry.
 */
import { GIFT_LIFETIME_DAYS, giftStreamId, type GiftPurchased, type OnlineOrderPlaced } from '@dealer/contracts';
import { giftDecider } from '@dealer/domain/gift/decide';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/port';
import type { Sql } from '../db/postgres';
import { deterministicUuid, type CommandContext } from '../metadata';
import { decideOn, load, type Loaded } from '../command-handling';
import { giftTokenFor, giftTokenHash } from '../auth/gift-token';
import { loadPackState, loadSaleLocation } from '../online-orders/sale-inputs';
import type { GiftState } from '@dealer/domain/gift/state';

/** The gift of a gift order: one per order, whoever records it. */
export const giftIdOf = (orderId: string) => deterministicUuid(`online-order:${orderId}:gift`);

/** The recipient's pack sale of a claimed gift: one per gift, whoever records it. */
export const giftSaleIdOf = (giftId: string) => deterministicUuid(`gift:${giftId}`);

/** The gift's stream read once and folded (state null: no such gift). */
export function readGift(store: EventStore, giftId: string): Promise<Loaded<GiftState | null>> {
  return load(store, giftStreamId(giftId), giftDecider);
}

/**
 * The gift of a paid gift order, recorded once (the caller appends OnlineOrderPaid after it).
 * Answers the gift id, the expiry recorded (the first one when a retry lost the race) and the
 * append's position (null when it was recorded already).
 */
export async function recordGiftPurchased(
  deps: { store: EventStore; sql: Sql; giftKey: Buffer },
  order: OnlineOrderPlaced['data'],
  ctx: CommandContext,
): Promise<{ giftId: string; expiresAt: string; position: number | null }> {
  const giftId = giftIdOf(order.orderId);
  const existing = await readGift(deps.store, giftId);
  if (existing.state) return { giftId, expiresAt: existing.state.gift.expiresAt, position: null };
  const now = ctx.now();
  // The pack's name and coupon count and the location's zone, for the reports (an online sale on the payment day).
  const pack = await loadPackState(deps.store, order.packId);
  const location = await loadSaleLocation(deps.sql, order.locationId);
  const purchased: GiftPurchased = {
    type: 'GiftPurchased',
    data: {
      giftId,
      customerId: order.customerId,
      orderId: order.orderId,
      packId: order.packId,
      locationId: order.locationId,
      price: order.price,
      tax: order.tax,
      total: order.total,
      recipientEmail: order.recipientEmail ?? null,
      giftMessage: order.giftMessage ?? null,
      tokenHash: giftTokenHash(giftTokenFor(deps.giftKey, giftId)),
      purchasedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + GIFT_LIFETIME_DAYS * 86_400_000).toISOString(),
      ...(pack ? { packName: pack.terms.name, couponCount: pack.items.reduce((n, item) => n + item.quantity, 0) } : {}),
      ...(location.timeZone ? { timeZone: location.timeZone } : {}),
    },
  };
  try {
    // Decided on the (empty) stream read above: a racing writer first is a WrongExpectedRevisionError.
    const appended = await decideOn(deps.store, giftStreamId(giftId), giftDecider, existing, { type: 'PurchaseGift', data: purchased.data }, ctx);
    return { giftId, expiresAt: purchased.data.expiresAt, position: appended.position };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const again = await readGift(deps.store, giftId);
    return { giftId, expiresAt: again.state!.gift.expiresAt, position: null };
  }
}
