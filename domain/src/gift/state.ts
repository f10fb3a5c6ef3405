/** The gift's state folded from its events (stream `gift-{id}`, issue 13), and what it allows now. Pure. */
import type { GIFT_MESSAGES, GiftClaimed, GiftEvent, GiftExpired, GiftPurchased } from '@dealer/contracts';

export interface GiftState {
  gift: GiftPurchased['data'];
  claim: GiftClaimed['data'] | null;
  /** Ended unclaimed and refunded (GiftExpired): never claimable again. */
  expiry: GiftExpired['data'] | null;
}

/** One event applied to a gift: the first claim or ending counts, later ones change nothing. */
export function evolveGift(state: GiftState | null, event: { type: string; data: unknown }): GiftState | null {
  const e = event as GiftEvent;
  if (e.type === 'GiftPurchased') return { gift: e.data, claim: state?.claim ?? null, expiry: state?.expiry ?? null };
  if (!state) return state;
  if (e.type === 'GiftClaimed' && state.claim === null && state.expiry === null) return { ...state, claim: e.data };
  if (e.type === 'GiftExpired' && state.claim === null && state.expiry === null) return { ...state, expiry: e.data };
  return state;
}

export function foldGift(events: GiftEvent[]): GiftState | null {
  return events.reduce<GiftState | null>(evolveGift, null);
}

/** A gift that can be ended unclaimed at `now`: paid, not claimed, not ended, its link expired. */
export function giftExpiresNow(state: GiftState | null, now: Date): boolean {
  return !!state && !state.claim && !state.expiry && now.getTime() >= Date.parse(state.gift.expiresAt);
}

/** Why a gift cannot be claimed now, or null when it can (the e-mail is checked by the caller). */
export function giftRefusal(state: GiftState | null, now: Date): keyof typeof GIFT_MESSAGES | null {
  if (!state || !state.gift.recipientEmail) return 'linkInvalid';
  if (state.claim) return 'alreadyClaimed';
  if (state.expiry) return state.expiry.reason === 'not-sellable' ? 'notSellableRefunded' : 'expiredRefunded';
  if (now.getTime() >= Date.parse(state.gift.expiresAt)) return 'expired';
  return null;
}
