// POST /api/app-events (SPEC 4, 7): a customer's sign-in triggers the Login app event; triggered events' messages become toasts.
import type { ApiEnvelope } from '@dealer/contracts';
import { toast } from '../../../components/ui/toaster/toast-store';
import { api } from '../../../lib/api-client';

interface AppEventResult {
  event: { name?: string | null; message?: string | null; isTriggered?: boolean } | null;
  result: unknown;
}

export const LOGIN_EVENT_TYPE = 'Login';

/** Fire and forget: the sign-in has succeeded whatever the events service answers. */
export async function triggerLoginEvent(customerId: string): Promise<void> {
  try {
    const response = await api.post<ApiEnvelope<AppEventResult[] | null>>('/api/app-events', { type: LOGIN_EVENT_TYPE, customerId }, { retry: false });
    for (const { event } of response.dataSet ?? []) {
      if (event?.isTriggered !== false && event?.message) toast.info(event.message);
    }
  } catch {
    // Events are a bonus (welcome offers); their failure must not spoil the sign-in.
  }
}
