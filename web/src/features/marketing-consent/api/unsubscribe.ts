// POST /api/unsubscribe/{token}: the unsubscribe link of a reminder (public; the signed token is the proof).
// The page posts it only when the customer presses the button, so mail scanners that open links change nothing.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, MarketingChannel } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface Unsubscribed {
  channel: MarketingChannel;
  granted: false;
}

export async function unsubscribe(token: string): Promise<Unsubscribed> {
  const response = await api.post<ApiEnvelope<Unsubscribed>>(`/api/unsubscribe/${encodeURIComponent(token)}`, {});
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<Unsubscribed, ApiError, string>, 'mutationFn'>;

export function useUnsubscribe(options: Options = {}) {
  return useMutation({ ...options, mutationFn: unsubscribe });
}

/**
 * The channel an unsubscribe token names (its 17th byte: 1 e-mail, 2 texts), read only to word the
 * page; the server verifies the token when the button is pressed. Null: not a token at all.
 */
export function channelOfToken(token: string): MarketingChannel | null {
  if (!/^[A-Za-z0-9_-]{66}$/.test(token)) return null;
  // Characters 20..23 hold bytes 15..17: byte 16 is the channel.
  const chunk = token.slice(20, 24).replace(/-/g, '+').replace(/_/g, '/');
  let bytes: string;
  try {
    bytes = atob(chunk);
  } catch {
    return null;
  }
  const code = bytes.charCodeAt(1);
  return code === 1 ? 'email' : code === 2 ? 'sms' : null;
}
