/**
 * The SMS provider's inbound webhook protocol (ADR 0089), modelled on the common providers':
 *   POST /api/sms/inbound   JSON {messageId, from, to, body, receivedAt}
 *   X-Sms-Timestamp: unix seconds of the delivery attempt
 *   X-Sms-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" under SMS_WEBHOOK_SECRET>
 * A signature that does not match, or a timestamp more than 5 minutes from now, is refused (401):
 * a captured delivery cannot be replayed later, nor a body altered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@dealer/platform';

export const SMS_TIMESTAMP_HEADER = 'x-sms-timestamp';
export const SMS_SIGNATURE_HEADER = 'x-sms-signature';
/** How far the delivery's timestamp may be from our clock. */
export const SMS_TIMESTAMP_TOLERANCE_SECONDS = 300;

export const SMS_WEBHOOK_MESSAGES = {
  notConfigured: 'Inbound texts are not configured on this server.',
  badSignature: 'The webhook signature is missing or invalid.',
  staleTimestamp: 'The webhook timestamp is missing or more than 5 minutes from now.',
  badBody: 'The inbound text must be JSON with messageId, from and body.',
} as const;

/** The signature a provider sends for `raw` at `timestamp` (also what the tests sign with). */
export function smsWebhookSignature(secret: string, timestamp: string, raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Throws 401 unless the headers prove this raw body came from the provider just now. */
export function verifySmsWebhook(secret: string, headers: Record<string, string | string[] | undefined>, raw: Buffer, now: Date): void {
  const timestamp = one(headers[SMS_TIMESTAMP_HEADER]) ?? '';
  const signature = one(headers[SMS_SIGNATURE_HEADER]) ?? '';
  if (!/^\d{1,12}$/.test(timestamp)) throw new DomainError('unauthorized', [SMS_WEBHOOK_MESSAGES.staleTimestamp]);
  const expected = Buffer.from(smsWebhookSignature(secret, timestamp, raw));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('unauthorized', [SMS_WEBHOOK_MESSAGES.badSignature]);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SMS_TIMESTAMP_TOLERANCE_SECONDS) throw new DomainError('unauthorized', [SMS_WEBHOOK_MESSAGES.staleTimestamp]);
}

export interface InboundSms {
  messageId: string;
  from: string;
  body: string;
}

const FIELD_MAX = { messageId: 200, from: 40, body: 1600 } as const;

/** The signed body as an inbound text; 400 naming the field that is missing or not text. */
export function parseInboundSms(raw: Buffer): InboundSms {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new DomainError('validation', [SMS_WEBHOOK_MESSAGES.badBody], { body: SMS_WEBHOOK_MESSAGES.badBody });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new DomainError('validation', [SMS_WEBHOOK_MESSAGES.badBody], { body: SMS_WEBHOOK_MESSAGES.badBody });
  const data = json as Record<string, unknown>;
  for (const field of ['messageId', 'from', 'body'] as const) {
    const value = data[field];
    if (typeof value !== 'string' || (field !== 'body' && value.trim() === '') || value.length > FIELD_MAX[field]) {
      const message = `${field} must be text of at most ${FIELD_MAX[field]} characters.`;
      throw new DomainError('validation', [message], { [field]: message });
    }
  }
  return { messageId: data.messageId as string, from: data.from as string, body: data.body as string };
}
