// PUT /api/customers/{id}/marketing-consent {channel, granted}: reminders before coupons expire, per channel.
// A customer sets their own (My profile); staff record what a customer agreed to. The caller reads the customer
// again after a change (the answer's position is remembered, so the read shows it).
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, MarketingConsentResult, MarketingChannel } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface SetMarketingConsentInput {
  customerId: string;
  channel: MarketingChannel;
  granted: boolean;
}

export const marketingConsentKeys = {
  set: ['marketing-consent'] as const,
};

export async function setMarketingConsent({ customerId, channel, granted }: SetMarketingConsentInput): Promise<MarketingConsentResult> {
  const response = await api.put<ApiEnvelope<MarketingConsentResult>>(`/api/customers/${encodeURIComponent(customerId)}/marketing-consent`, { channel, granted });
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<MarketingConsentResult, ApiError, SetMarketingConsentInput>, 'mutationFn'>;

export function useSetMarketingConsent(options: Options = {}) {
  return useMutation({ ...options, mutationKey: marketingConsentKeys.set, mutationFn: setMarketingConsent });
}
