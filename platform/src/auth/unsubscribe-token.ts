/**
 * Unsubscribe tokens (issue 24 part 2): the secret in a marketing e-mail's unsubscribe link and
 * its List-Unsubscribe header (RFC 8058 one-click). A token is 49 bytes in base64url: the
 * customer id (16 bytes), the channel (1 byte: 1 e-mail, 2 text) and an HMAC-SHA256 of both
 * under a key derived from AUTH_SECRET. Deterministic, so a retried send builds the same link,
 * and nothing is stored: the token only withdraws that customer's consent on that channel, so
 * it may stay valid as long as the key (a customer may unsubscribe from an old e-mail).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MarketingChannel } from '@dealer/contracts';

/** The key: HMAC of a fixed label under the verification key (itself derived from AUTH_SECRET). */
export function unsubscribeTokenKey(verificationHashKey: Buffer): Buffer {
  return createHmac('sha256', verificationHashKey).update('dealer-coupons/unsubscribe-token/v1').digest();
}

const CHANNEL_BYTE: Record<MarketingChannel, number> = { email: 1, sms: 2 };
const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const mac = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest();

export function unsubscribeTokenFor(key: Buffer, customerId: string, channel: MarketingChannel): string {
  const id = uuidBytes(customerId.toLowerCase());
  if (id.length !== 16) throw new Error('a customer id is a UUID');
  const body = Buffer.concat([id, Buffer.from([CHANNEL_BYTE[channel]])]);
  return Buffer.concat([body, mac(key, body)]).toString('base64url');
}

/** The customer and channel a genuine token names, or null (malformed or not signed with this key). */
export function verifyUnsubscribeToken(key: Buffer, token: string): { customerId: string; channel: MarketingChannel } | null {
  if (!/^[A-Za-z0-9_-]{66}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 49) return null;
  const body = bytes.subarray(0, 17);
  const expected = mac(key, body);
  const given = bytes.subarray(17);
  if (!timingSafeEqual(expected, given)) return null;
  const channel = body[16] === 1 ? 'email' : body[16] === 2 ? 'sms' : null;
  if (!channel) return null;
  const hex = body.subarray(0, 16).toString('hex');
  return { customerId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, channel };
}
