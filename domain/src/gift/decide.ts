/**
 * The gift (stream `gift-{giftId}`, issue 13) as a decider: bought once, then claimed once by its
 * recipient or ended unclaimed once (the link expired, or the pack can no longer be issued).
 * The service (command-api/src/gifts) checks the link's token and the recipient's e-mail, issues
 * the pack and refunds; the decider keeps the order of things. Pure: the clock comes in.
 */
import { GIFT_MESSAGES, type GiftClaimed, type GiftEvent, type GiftExpired, type GiftPurchased } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { evolveGift, giftExpiresNow, giftRefusal, type GiftState } from './state';

export type GiftCommand =
  | { type: 'PurchaseGift'; data: GiftPurchased['data'] }
  | { type: 'ClaimGift'; data: GiftClaimed['data']; now: Date }
  | { type: 'EndGift'; data: GiftExpired['data']; now: Date };

/** A refused claim as the gift routes answer it: a broken link is the token field's 400, the rest 409. */
export function giftRefused(key: keyof typeof GIFT_MESSAGES): DomainError {
  const message = GIFT_MESSAGES[key];
  return key === 'linkInvalid' || key === 'tokenRequired' ? new DomainError('validation', [message], { giftToken: message }) : new DomainError('conflict', [message]);
}

export function decideGift(command: GiftCommand, state: GiftState | null): GiftEvent[] {
  switch (command.type) {
    case 'PurchaseGift':
      return state ? [] : [{ type: 'GiftPurchased', data: command.data }];
    case 'ClaimGift': {
      const refusal = giftRefusal(state, command.now);
      if (refusal) throw giftRefused(refusal);
      return [{ type: 'GiftClaimed', data: command.data }];
    }
    case 'EndGift':
      // Claimed or ended already: nothing. An expiry only once the link's time is over; a pack
      // that can no longer be issued ends it at once.
      if (!state || state.claim || state.expiry) return [];
      if (command.data.reason === 'expired' && !giftExpiresNow(state, command.now)) return [];
      return [{ type: 'GiftExpired', data: command.data }];
  }
}

export const giftDecider: Decider<GiftState | null, GiftCommand, GiftEvent> = {
  initialState: () => null,
  evolve: evolveGift,
  decide: decideGift,
};
