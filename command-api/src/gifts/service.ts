/**
 * Gift packs (issue 13 "Gifts"). A paid gift order records GiftPurchased on `gift-{giftId}`
 * (giftId derived from the order, appended expecting no stream, so the confirm, the webhook and
 * their retries record one gift) with the SHA-256 of the link's token and its expiry; the
 * message worker e-mails the recipient the links. Claiming (a new customer registering from the
 * link, or a signed-in customer whose e-mail is the gift's) appends GiftClaimed with the gift
 * stream's expected revision, so of two claims racing exactly one wins, then issues the pack to
 * the recipient: a PackSold with saleId deterministicUuid('gift:{giftId}') and the order's
 * onlineOrderId, appended expecting no stream (a retry after a crash between the two finishes it
 * once).
 */
import {
  GIFT_LIFETIME_DAYS,
  GIFT_MESSAGES,
  customerStreamId,
  foldGift,
  giftRefusal,
  giftStreamId,
  isGiftTokenShaped,
  packSaleStreamId,
  type GiftClaimView,
  type GiftClaimed,
  type GiftEvent,
  type GiftPurchased,
  type GiftState,
  type OnlineOrderPlaced,
  type PackSold,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, deterministicUuid, handle, lastPositionOf, positionOfRequest, toNewEvents, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { giftIdOfToken, giftTokenFor, giftTokenHash, giftTokenMatches } from '@dealer/platform/auth/gift-token';
import { customerDecider } from '@dealer/domain/customer/decider';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { loadCouponStates, loadPackState, loadSaleLocation } from '../pack-sales/lookups';
import { giftDecider, giftRefused } from '@dealer/domain/gift/decide';
import { endGift } from './expiry';
import { giftSaleIdOf, readGift } from './gift-stream';

export { giftSaleIdOf, readGift } from './gift-stream';

export const giftIdOf = (orderId: string) => deterministicUuid(`online-order:${orderId}:gift`);
export interface GiftDeps {
  store: EventStore;
  sql: Sql;
  /** giftTokenKey(verificationHashKey(AUTH_SECRET)): the tokens' key, never stored. */
  giftKey: Buffer;
  /**
   * The payment provider: a claim of a gift whose pack can no longer be issued ends the gift and
   * refunds the buyer at once (gifts/expiry.ts). Absent: the claim is only refused (the expiry sweep
   * refunds it when its link expires).
   */
  provider?: PaymentProvider | null;
}

/** The customer's current e-mail (lower-case) as their stream says; null when none, erased or no such customer. */
export async function customerEmailOf(store: EventStore, customerId: string): Promise<string | null> {
  const state = (await store.readStream(customerStreamId(customerId))).reduce(customerDecider.evolve, customerDecider.initialState());
  if (state.status !== 'active') return null;
  return state.profile.emailAddress?.trim().toLowerCase() || null;
}


/**
 * The gift of a paid gift order, recorded once (the caller appends OnlineOrderPaid after it).
 * Answers the gift id, the expiry recorded (the first one when a retry lost the race) and the
 * append's position (null when it was recorded already).
 */
export async function recordGiftPurchased(
  deps: GiftDeps,
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
    const appended = await handle(deps.store, giftStreamId(giftId), giftDecider, { type: 'PurchaseGift', data: purchased.data }, ctx, { expectedRevision: -1 });
    return { giftId, expiresAt: purchased.data.expiresAt, position: appended.position };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const again = await readGift(deps.store, giftId);
    return { giftId, expiresAt: again.state!.gift.expiresAt, position: null };
  }
}

/**
 * The recipient's pack sale as the pack-sale decider's SellPack: the price and tax the buyer
 * paid (no override), final at once on RO ONLINE, sold by the buyer (no employee sold it), the
 * coupon ids derived from the gift so a retry appends the same ones.
 */
async function giftSaleCommand(deps: GiftDeps, gift: GiftPurchased['data'], recipientId: string, order: { taxExempt: boolean; taxRateBasisPoints: number }, ctx: CommandContext) {
  const pack = await loadPackState(deps.store, gift.packId);
  const coupons = await loadCouponStates(deps.store, pack?.items.map((i) => i.couponId) ?? []);
  const location = await loadSaleLocation(deps.sql, gift.locationId);
  const agreed = pack ? { ...pack, terms: { ...pack.terms, price: gift.price } } : null;
  let n = 0;
  return {
    type: 'SellPack' as const,
    data: {
      saleId: giftSaleIdOf(gift.giftId),
      customerId: recipientId,
      customerTaxExempt: order.taxExempt,
      pack: agreed,
      coupons,
      location: { locationId: location.locationId, isUsingCrm: location.isUsingCrm, timeZone: location.timeZone },
      saleRoNumber: 'ONLINE',
      roStatus: 'closed' as const,
      price: null,
      priceOverrideReason: null,
      taxRateBasisPoints: order.taxRateBasisPoints,
      mileageAtSale: null,
      actor: { userId: gift.customerId, isManager: false },
      now: ctx.now(),
      newId: () => deterministicUuid(`gift:${gift.giftId}:coupon:${n++}`),
    },
  };
}

/** The order a gift came from (its tax exemption and rate are what the sale records). */
async function orderOf(store: EventStore, orderId: string): Promise<OnlineOrderPlaced['data']> {
  const placed = (await store.readStream(`online-order-${orderId}`)).find((e) => e.type === 'OnlineOrderPlaced');
  if (!placed) throw new DomainError('validation', [GIFT_MESSAGES.linkInvalid], { giftToken: GIFT_MESSAGES.linkInvalid });
  return placed.data as OnlineOrderPlaced['data'];
}

const refuse = giftRefused;

/**
 * The gift a token opens, checked for `email` (the link's or the signed-in customer's) at `now`,
 * without claiming it: the registration checks before it creates an account.
 */
export async function openGift(store: EventStore, token: unknown, email: string | null, now: Date): Promise<{ giftId: string; revision: number; state: GiftState }> {
  if (typeof token !== 'string' || token.trim() === '') throw refuse('tokenRequired');
  const giftId = isGiftTokenShaped(token) ? giftIdOfToken(token) : null;
  if (!giftId) throw refuse('linkInvalid');
  const { revision, state } = await readGift(store, giftId);
  if (!state || !giftTokenMatches(token, state.gift.tokenHash)) throw refuse('linkInvalid');
  const refusal = giftRefusal(state, now);
  if (refusal) throw refuse(refusal);
  if (!email || email !== state.gift.recipientEmail) throw refuse('wrongEmail');
  return { giftId, revision, state };
}

/**
 * Nothing is claimed for a pack that cannot be issued now (the same decision the sale makes): the
 * gift ends and the buyer is refunded at once when a provider is at hand (of the claim and the
 * ending one is recorded, the gift stream's revision decides) and the claim is refused saying so;
 * without a provider, or when the provider cannot refund now (the expiry sweep finishes it), the
 * claim is refused with the decider's message or that one.
 */
export async function refuseUnsellableGift(deps: GiftDeps, giftId: string, gift: GiftPurchased['data'], recipientId: string, ctx: CommandContext): Promise<void> {
  try {
    packSaleDecider.decide(await giftSaleCommand(deps, gift, recipientId, await orderOf(deps.store, gift.orderId), ctx), null);
    return;
  } catch (error) {
    if (!(error instanceof DomainError) || !deps.provider) throw error;
    try {
      await endGift({ store: deps.store, sql: deps.sql, provider: deps.provider }, giftId, 'not-sellable', ctx.now(), ctx);
    } catch {
      // The provider cannot refund now: the gift is ended (or not) as recorded; the expiry sweep finishes the refund.
    }
    if ((await readGift(deps.store, giftId)).state?.expiry) throw refuse('notSellableRefunded');
    throw error;
  }
}

/** Issues the claimed gift's pack sale once; answers the sale's position, whoever recorded it. */
async function issueSale(deps: GiftDeps, gift: GiftPurchased['data'], claim: GiftClaimed['data'], ctx: CommandContext): Promise<number> {
  const saleStream = packSaleStreamId(claim.saleId);
  const issued = await lastPositionOf(deps.store, saleStream);
  if (issued !== null) return issued;
  const order = await orderOf(deps.store, gift.orderId);
  const events = packSaleDecider.decide(await giftSaleCommand(deps, gift, claim.customerId, order, ctx), null);
  const sold = events.map((e) => (e.type === 'PackSold' ? ({ ...e, data: { ...e.data, onlineOrderId: gift.orderId } } satisfies PackSold) : e));
  try {
    return (await deps.store.appendToStream(saleStream, toNewEvents(sold, ctx), { expectedRevision: 'no_stream' })).position;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // A racing claim of this customer issued it first.
    return (await lastPositionOf(deps.store, saleStream))!;
  }
}

/**
 * Claims a gift for `customerId` (their current e-mail must be the gift's): GiftClaimed with the
 * gift stream's expected revision, then the recipient's pack sale. A second use answers "already
 * claimed"; the same customer's retry after a crash between the two appends finishes the sale.
 */
export async function claimGift(
  deps: GiftDeps,
  input: { giftToken: unknown; customerId: string; via: GiftClaimed['data']['via'] },
  ctx: CommandContext,
): Promise<{ view: GiftClaimView; position: number }> {
  const email = await customerEmailOf(deps.store, input.customerId);
  // A claim by this customer whose sale is missing (a crash or a race between the two appends): finish it.
  if (typeof input.giftToken === 'string' && isGiftTokenShaped(input.giftToken)) {
    const giftId = giftIdOfToken(input.giftToken);
    const read = giftId ? await readGift(deps.store, giftId) : null;
    const claim = read?.state?.claim;
    if (read?.state && claim && claim.customerId === input.customerId && giftTokenMatches(input.giftToken, read.state.gift.tokenHash)) {
      if ((await deps.store.readStream(packSaleStreamId(claim.saleId))).length === 0) {
        const position = await issueSale(deps, read.state.gift, claim, ctx);
        return { view: { giftId: claim.giftId, saleId: claim.saleId, message: GIFT_MESSAGES.claimed }, position };
      }
      // This very request claimed it and was interrupted before answering (a retry with its Idempotency-Key): its answer, not "already claimed".
      const own = positionOfRequest(await deps.store.readStream(giftStreamId(giftId!)), ctx);
      if (own !== null) {
        const position = Math.max(own, (await lastPositionOf(deps.store, packSaleStreamId(claim.saleId))) ?? own);
        return { view: { giftId: claim.giftId, saleId: claim.saleId, message: GIFT_MESSAGES.claimed }, position };
      }
    }
  }
  const { giftId, revision, state } = await openGift(deps.store, input.giftToken, email, ctx.now());
  const gift = state.gift;
  const saleId = giftSaleIdOf(giftId);
  await refuseUnsellableGift(deps, giftId, gift, input.customerId, ctx);
  const claimed: GiftClaimed = {
    type: 'GiftClaimed',
    data: { giftId, orderId: gift.orderId, customerId: input.customerId, buyerCustomerId: gift.customerId, saleId, via: input.via, claimedAt: ctx.now().toISOString() },
  };
  let position: number;
  try {
    position = (await handle(deps.store, giftStreamId(giftId), giftDecider, { type: 'ClaimGift', data: claimed.data, now: ctx.now() }, ctx, { expectedRevision: revision })).position!;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // Another claim got there first: it is this customer's own (a double click) or a second use.
    const again = await readGift(deps.store, giftId);
    // Ended unclaimed meanwhile (the expiry sweep won the race): refused with why.
    const refusal = again.state?.expiry ? giftRefusal(again.state, ctx.now()) : null;
    if (refusal) throw refuse(refusal);
    if (again.state?.claim?.customerId !== input.customerId) throw refuse('alreadyClaimed');
    position = (await lastPositionOf(deps.store, giftStreamId(giftId)))!;
  }
  // The sale comes after the claim: its position (whoever issued it) covers both (read-your-writes).
  position = Math.max(position, await issueSale(deps, gift, claimed.data, ctx));
  return { view: { giftId, saleId, message: GIFT_MESSAGES.claimed }, position };
}
