import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, GIFT_MESSAGE_MAX, checkGiftOrder, isGiftTokenShaped } from './rules';

describe('checkGiftOrder', () => {
  it('should read a blank recipient as no gift and lower-case a recipient', () => {
    expect(checkGiftOrder({}, 'me@example.com')).toEqual({ ok: true, value: { recipientEmail: null, giftMessage: null } });
    expect(checkGiftOrder({ recipientEmail: '  ', giftMessage: '' }, null)).toEqual({ ok: true, value: { recipientEmail: null, giftMessage: null } });
    expect(checkGiftOrder({ recipientEmail: ' Friend@Example.COM ', giftMessage: ' Enjoy! ' }, 'me@example.com')).toEqual({
      ok: true,
      value: { recipientEmail: 'friend@example.com', giftMessage: 'Enjoy!' },
    });
  });

  it('should refuse a bad address, the buyer themself, a long message and a message for nobody', () => {
    expect(checkGiftOrder({ recipientEmail: 'friend' }, null)).toEqual({ ok: false, errors: { recipientEmail: GIFT_MESSAGES.recipientEmailInvalid } });
    expect(checkGiftOrder({ recipientEmail: 'ME@example.com' }, 'me@example.com')).toEqual({ ok: false, errors: { recipientEmail: GIFT_MESSAGES.recipientIsBuyer } });
    expect(checkGiftOrder({ recipientEmail: 'f@example.com', giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX + 1) }, null)).toEqual({ ok: false, errors: { giftMessage: GIFT_MESSAGES.messageTooLong } });
    expect(checkGiftOrder({ recipientEmail: 'f@example.com', giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX) }, null).ok).toBe(true);
    expect(checkGiftOrder({ giftMessage: 'Hi' }, null)).toEqual({ ok: false, errors: { recipientEmail: GIFT_MESSAGES.messageWithoutRecipient } });
    expect(checkGiftOrder({ recipientEmail: 42 }, null).ok).toBe(false);
  });
});

describe('gift tokens', () => {
  it('should take only base64url words of sane length as tokens', () => {
    expect(isGiftTokenShaped('abc_DEF-123')).toBe(true);
    expect(isGiftTokenShaped('a b')).toBe(false);
    expect(isGiftTokenShaped('x'.repeat(129))).toBe(false);
    expect(isGiftTokenShaped(42)).toBe(false);
  });
});
