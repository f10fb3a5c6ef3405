import { describe, expect, it } from 'vitest';
import { giftIdOfToken, giftTokenFor, giftTokenHash, giftTokenKey, giftTokenMatches } from './gift-token';
import { verificationHashKey } from './verification-secret';

const key = giftTokenKey(verificationHashKey('a-test-secret-of-a-sufficient-length'));
const giftId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('gift tokens', () => {
  it('should be the same for a gift under one key, name the gift, and differ under another key or for another gift', () => {
    const token = giftTokenFor(key, giftId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(giftTokenFor(key, giftId.toUpperCase())).toBe(token);
    expect(giftIdOfToken(token)).toBe(giftId);
    expect(giftTokenFor(giftTokenKey(verificationHashKey('another-secret-of-a-sufficient-length')), giftId)).not.toBe(token);
    expect(giftTokenFor(key, '1f8fad5b-d9cb-469f-a165-70867728950e')).not.toBe(token);
  });

  it('should match only the recorded hash, and read nothing from what is not a token', () => {
    const token = giftTokenFor(key, giftId);
    const hash = giftTokenHash(token);
    expect(hash).not.toContain(token);
    expect(giftTokenMatches(token, hash)).toBe(true);
    const forged = `${token.slice(0, 63)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(giftIdOfToken(forged)).toBe(giftId);
    expect(giftTokenMatches(forged, hash)).toBe(false);
    expect(giftTokenMatches(token, 'short')).toBe(false);
    for (const bad of ['', 'no-such-token', `${token}x`, token.slice(1)]) expect(giftIdOfToken(bad)).toBeNull();
  });
});
