/**
 * Gift tokens (issue 13 "Gifts"): the secret in a gift link. A token is 48 bytes in base64url:
 * the gift id (16 bytes, so a claim reads the gift's stream directly) and an HMAC-SHA256 of the
 * gift id under a key derived from AUTH_SECRET (never in the database). Deriving it lets the
 * command API record only its hash in GiftPurchased and the message worker rebuild the same
 * token for the e-mail on every retry: the token in clear is never stored or put in an event.
 * A claim compares SHA-256 of the presented token with the recorded hash (constant time).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The key: HMAC of a fixed label under the verification key (itself derived from AUTH_SECRET). */
export function giftTokenKey(verificationHashKey: Buffer): Buffer {
  return createHmac('sha256', verificationHashKey).update('dealer-coupons/gift-token/v1').digest();
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

export function giftTokenFor(key: Buffer, giftId: string): string {
  const id = uuidBytes(giftId.toLowerCase());
  if (id.length !== 16) throw new Error('a gift id is a UUID');
  const mac = createHmac('sha256', key).update(`gift\u0000${giftId.toLowerCase()}`).digest();
  return Buffer.concat([id, mac]).toString('base64url');
}

export const giftTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The gift id a token names, or null when it is not shaped like one (nothing is verified here). */
export function giftIdOfToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 48) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the token is the one whose hash was recorded. */
export function giftTokenMatches(token: string, recordedHash: string): boolean {
  const a = Buffer.from(giftTokenHash(token));
  const b = Buffer.from(recordedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
