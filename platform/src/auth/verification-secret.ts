/**
 * Keyed hashes of the secrets sent to customers (issue 10, item 6): the 6-digit SMS codes and
 * the e-mail link tokens of contact changes are stored only as HMAC-SHA256 under a key derived
 * from AUTH_SECRET, which is never in the database. A dump of the table alone does not let
 * anyone try the 10^6 possible codes; with the key, each code is still bound to its change, so
 * two pending changes that drew the same code have different hashes (nothing is unique across
 * codes). The workers hash when they issue a secret, the command API when it checks one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hashing key: HMAC of a fixed label under AUTH_SECRET (rotating AUTH_SECRET retires pending codes). */
export function verificationHashKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('dealer-coupons/verification-secret-hash/v1').digest();
}

/**
 * The stored form of a secret. An SMS code is bound to its change (it is looked up by the
 * customer's current change, then compared); a link token is looked up by its hash, so it is
 * bound to its kind only (256 random bits need no further binding).
 */
export function hashVerificationSecret(key: Buffer, secret: { kind: 'email' } | { kind: 'phone'; changeId: string }, value: string): string {
  const context = secret.kind === 'phone' ? `phone\u0000${secret.changeId}` : 'email';
  return createHmac('sha256', key).update(`${context}\u0000${value}`).digest('hex');
}

/** Constant-time comparison of two stored hashes. */
export function sameVerificationHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
