// Unit tests of what the buyer's order page says about a gift: claimed (when), waiting (until when), ended unclaimed
// with the refund (expired or no longer sold), and the refund still on its way.
import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { giftEndedText, giftState } from './components/gift-order-texts';

const gift = { recipientEmail: 'robin@gift.example', expiresAt: '2026-12-20T15:00:00Z', claimedAt: null, endedAt: null, endReason: null };
const order = (o: Partial<OnlineOrderStatusView>) =>
  ({ status: 'paid', isGift: true, giftId: 'g1', gift, total: cents(29900), refundAmount: null, ...o }) as OnlineOrderStatusView;

describe('a gift on the buyer order page', () => {
  it('should say waiting until the link ends, then claimed with the time', () => {
    expect(giftState(order({}))).toMatch(/^Waiting to be claimed \(the link works until 12\/2[01]\/2026 .*\)$/);
    expect(giftState(order({ gift: { ...gift, expiresAt: null } }))).toBe('Waiting to be claimed');
    expect(giftState(order({ gift: { ...gift, claimedAt: '2026-11-22T10:00:00Z' } }))).toMatch(/^Claimed on 11\/2[12]\/2026 /);
    expect(giftEndedText(order({ gift: { ...gift, claimedAt: '2026-11-22T10:00:00Z' } }))).toBeNull();
    expect(giftState(order({ isGift: false, giftId: null, gift: null }))).toBeNull();
  });

  it('should say a gift not claimed in time was refunded, with the amount and why', () => {
    const ended = { ...gift, endedAt: '2026-12-20T15:10:00Z', endReason: 'expired' as const };
    expect(giftEndedText(order({ gift: ended }))).toBe('The gift was not claimed in time. Your refund is on its way.');
    expect(giftEndedText(order({ gift: ended, status: 'refunded', refundAmount: cents(29900) }))).toBe(
      'The gift was not claimed in time; you were refunded $299.00.',
    );
    expect(giftEndedText(order({ gift: { ...ended, endReason: 'not-sellable' }, status: 'refunded', refundAmount: cents(29900) }))).toBe(
      'The gift could no longer be issued (the pack is no longer sold); you were refunded $299.00.',
    );
    // A claimed gift refunded by a manager's void is not "not claimed".
    expect(giftEndedText(order({ gift: { ...gift, claimedAt: '2026-11-22T10:00:00Z' }, status: 'refunded', refundAmount: cents(29900) }))).toBeNull();
  });
});
