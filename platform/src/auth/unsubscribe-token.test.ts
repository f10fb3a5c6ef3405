import { describe, expect, it } from 'vitest';
import { unsubscribeTokenFor, unsubscribeTokenKey, verifyUnsubscribeToken } from './unsubscribe-token';

const key = unsubscribeTokenKey(Buffer.alloc(32, 7));
const otherKey = unsubscribeTokenKey(Buffer.alloc(32, 8));
const customerId = '0b6a3a52-5d1c-4b8e-9a51-2f0c8d3e4a11';

describe('unsubscribe tokens', () => {
  it('should name the customer and channel it was made for, and be the same on every send', () => {
    const token = unsubscribeTokenFor(key, customerId, 'email');
    expect(token).toBe(unsubscribeTokenFor(key, customerId, 'email'));
    expect(verifyUnsubscribeToken(key, token)).toEqual({ customerId, channel: 'email' });
    expect(verifyUnsubscribeToken(key, unsubscribeTokenFor(key, customerId, 'sms'))).toEqual({ customerId, channel: 'sms' });
  });

  it('should refuse a token signed with another key, altered, or malformed', () => {
    const token = unsubscribeTokenFor(key, customerId, 'email');
    expect(verifyUnsubscribeToken(otherKey, token)).toBeNull();
    const altered = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    expect(verifyUnsubscribeToken(key, altered)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'short')).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}x`)).toBeNull();
  });
});
