/**
 * SMS through an HTTP provider (SMS_PROVIDER_URL): POST JSON {to, body} with the message's
 * idempotency key as the Idempotency-Key header, so a provider that honours it sends a
 * retried message once; bearer SMS_PROVIDER_TOKEN when set. A non-2xx answer throws so the
 * job is retried, except answers no retry can fix (4xx other than 408/409/425/429), which
 * stop the job. Errors name only the status: never the number or the text.
 */
import { UnrecoverableError } from 'bullmq';
import type { MessageSender, OutgoingMessage } from './message';
import { MessageSendError } from './sent-messages';

export interface HttpSmsSettings {
  url: string;
  token?: string | undefined;
  timeoutMs?: number;
}

const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

export class HttpSmsSender implements MessageSender {
  constructor(private readonly settings: HttpSmsSettings) {}

  async send(m: OutgoingMessage) {
    if (m.channel !== 'sms') throw new Error('HttpSmsSender sends SMS only');
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': m.idempotencyKey };
    if (this.settings.token) headers.authorization = `Bearer ${this.settings.token}`;
    let response: Response;
    try {
      response = await fetch(this.settings.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: m.to, body: m.body }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
    } catch {
      throw new MessageSendError('sms', null);
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
        throw new UnrecoverableError(`sms send refused (provider status ${response.status})`);
      }
      throw new MessageSendError('sms', response.status);
    }
    const answer = (await response.json().catch(() => null)) as { id?: unknown; messageId?: unknown } | null;
    const providerId = answer?.id ?? answer?.messageId;
    return { messageId: typeof providerId === 'string' ? providerId : m.idempotencyKey, duplicate: false };
  }
}
