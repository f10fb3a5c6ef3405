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
  GIFT_MESSAGES,
  customerStreamId,
  giftStreamId,
  isGiftTokenShaped,
  packSaleStreamId,
  type GiftClaimView,
  type GiftClaimed,
  type GiftPurchased,
  type OnlineOrderPlaced,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, decideOn, lastPositionOf, load, positionOfRequest, type CommandContext, type EventStore, type Loaded, type Sql } from '@dealer/platform';
import { giftIdOfToken, giftTokenMatches } from '@dealer/platform/auth/gift-token';
import { customerDecider } from '@dealer/domain/customer/decider';
import type { CustomerState } from '@dealer/domain/customer/customer';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { giftDecider, giftRefused } from '@dealer/domain/gift/decide';
import { endGift } from '@dealer/platform/gifts/end-gift';
import { giftSaleIdOf, readGift } from '@dealer/platform/gifts/gift-stream';
import { onlineSaleCommand } from '@dealer/platform/online-orders/payment-outcomes';
import { giftRefusal, type GiftState } from '@dealer/domain/gift/state';

export { giftIdOf, giftSaleIdOf, readGift, recordGiftPurchased } from '@dealer/platform/gifts/gift-stream';

export interface GiftDeps {
  store: EventStore;
  sql: Sql;
  /** giftTokenKey(verificationHashKey(AUTH_SECRET)): the tokens' key, never stored. */
  giftKey: Buffer;
  /**
   * The payment provider: a claim of a gift whose pack can no longer be issued ends the gift and
   * refunds the buyer at once (platform/src/gifts/end-gift.ts). Absent: the claim is only refused
   * (the workers' expiry sweep refunds it when its link expires).
   */
  provider?: PaymentProvider | null;
}

/** The customer's current e-mail (lower-case) as their stream says; null when none, erased or no such customer. */
export async function customerEmailOf(store: EventStore, customerId: string): Promise<string | null> {
  return customerEmailIn((await load(store, customerStreamId(customerId), customerDecider)).state);
}

/** customerEmailOf on a customer stream already read. */
export function customerEmailIn(state: CustomerState): string | null {
  if (state.status !== 'active') return null;
  return state.profile.emailAddress?.trim().toLowerCase() || null;
}


/**
 * The recipient's pack sale (onlineSaleCommand): the price and tax the buyer paid, sold by the
 * buyer, the coupon ids derived from the gift so a retry appends the same ones.
 */
function giftSaleCommand(deps: GiftDeps, gift: GiftPurchased['data'], recipientId: string, order: { taxExempt: boolean; taxRateBasisPoints: number }, ctx: CommandContext) {
  return onlineSaleCommand(
    deps,
    {
      saleId: giftSaleIdOf(gift.giftId),
      customerId: recipientId,
      buyerId: gift.customerId,
      packId: gift.packId,
      locationId: gift.locationId,
      price: gift.price,
      taxExempt: order.taxExempt,
      taxRateBasisPoints: order.taxRateBasisPoints,
      orderId: gift.orderId,
      couponIdPrefix: `gift:${gift.giftId}`,
    },
    ctx,
  );
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
export async function openGift(
  store: EventStore,
  token: unknown,
  email: string | null,
  now: Date,
  read?: Loaded<GiftState | null>,
): Promise<{ giftId: string; revision: number; state: GiftState; read: Loaded<GiftState> }> {
  if (typeof token !== 'string' || token.trim() === '') throw refuse('tokenRequired');
  const giftId = isGiftTokenShaped(token) ? giftIdOfToken(token) : null;
  if (!giftId) throw refuse('linkInvalid');
  // The gift as the caller read it already (a claim reads its stream once), else read now.
  const gift = read ?? (await readGift(store, giftId));
  const state = gift.state;
  if (!state || !giftTokenMatches(token, state.gift.tokenHash)) throw refuse('linkInvalid');
  const refusal = giftRefusal(state, now);
  if (refusal) throw refuse(refusal);
  if (!email || email !== state.gift.recipientEmail) throw refuse('wrongEmail');
  return { giftId, revision: gift.revision, state, read: gift as Loaded<GiftState> };
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
  const sale = await load(deps.store, saleStream, packSaleDecider);
  if (sale.revision !== -1) return sale.history[sale.history.length - 1]!.globalPosition;
  const order = await orderOf(deps.store, gift.orderId);
  try {
    // Decided on the sale as read (none yet) and appended as a new stream.
    return (await decideOn(deps.store, saleStream, packSaleDecider, sale, await giftSaleCommand(deps, gift, claim.customerId, order, ctx), ctx)).position!;
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
  // The gift's stream, read once for the whole claim.
  const giftIdOfInput = typeof input.giftToken === 'string' && isGiftTokenShaped(input.giftToken) ? giftIdOfToken(input.giftToken) : null;
  const read = giftIdOfInput ? await readGift(deps.store, giftIdOfInput) : undefined;
  // A claim by this customer whose sale is missing (a crash or a race between the two appends): finish it.
  if (typeof input.giftToken === 'string' && read) {
    const claim = read.state?.claim;
    if (read.state && claim && claim.customerId === input.customerId && giftTokenMatches(input.giftToken, read.state.gift.tokenHash)) {
      if ((await deps.store.readStream(packSaleStreamId(claim.saleId))).length === 0) {
        const position = await issueSale(deps, read.state.gift, claim, ctx);
        return { view: { giftId: claim.giftId, saleId: claim.saleId, message: GIFT_MESSAGES.claimed }, position };
      }
      // This very request claimed it and was interrupted before answering (a retry with its Idempotency-Key): its answer, not "already claimed".
      const own = positionOfRequest(read.history, ctx);
      if (own !== null) {
        const position = Math.max(own, (await lastPositionOf(deps.store, packSaleStreamId(claim.saleId))) ?? own);
        return { view: { giftId: claim.giftId, saleId: claim.saleId, message: GIFT_MESSAGES.claimed }, position };
      }
    }
  }
  const { giftId, state, read: gift0 } = await openGift(deps.store, input.giftToken, email, ctx.now(), read);
  const gift = state.gift;
  const saleId = giftSaleIdOf(giftId);
  await refuseUnsellableGift(deps, giftId, gift, input.customerId, ctx);
  const claimed: GiftClaimed = {
    type: 'GiftClaimed',
    data: { giftId, orderId: gift.orderId, customerId: input.customerId, buyerCustomerId: gift.customerId, saleId, via: input.via, claimedAt: ctx.now().toISOString() },
  };
  let position: number;
  try {
    position = (await decideOn(deps.store, giftStreamId(giftId), giftDecider, gift0, { type: 'ClaimGift', data: claimed.data, now: ctx.now() }, ctx)).position!;
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
