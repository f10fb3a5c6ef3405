// GET /api/dev-outbox?to=: messages the product would have sent (demo mode only; 404 otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface OutboxMessage {
  messageId: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  body: string;
  time: string;
}

export const outboxKeys = {
  all: ['dev-outbox'] as const,
  list: (to: string) => [...outboxKeys.all, to] as const,
};

/** Newest first, whatever order the server used. */
export async function getOutboxMessages(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  const response = await api.get<ApiEnvelope<OutboxMessage[] | null>>('/api/dev-outbox', { params: { to }, signal });
  return [...(response.dataSet ?? [])].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

export const getOutboxMessagesQueryOptions = (to: string) =>
  queryOptions({
    queryKey: outboxKeys.list(to),
    queryFn: ({ signal }) => getOutboxMessages(to, signal),
    staleTime: 0,
  });

export function useOutboxMessages(to: string) {
  return useQuery(getOutboxMessagesQueryOptions(to));
}
