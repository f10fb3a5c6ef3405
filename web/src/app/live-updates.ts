// Live updates in the app (issue 24 part 3, ADR 0087): while someone is signed in, one stream per tab
// (lib/live-updates.ts) whose messages refetch the queries that show what changed. SPEC's polling is
// untouched: the 3 s verification poll and the 10 s listener go on, and cover the time the stream is down.
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@dealer/contracts';
import { getSession, subscribeSession } from '../lib/auth/session-store';
import { startLiveUpdates } from '../lib/live-updates';
import { redemptionVerificationKeys } from '../features/redemption-verifications/api/redemption-verification-keys';
import { packSaleKeys } from '../features/pack-sales/api/pack-sale-keys';

/**
 * The queries a message concerns: a verification's panel and the customer's verification lists (the
 * recent verifications listener, Pending Approvals); a sale's or redemption's customer's purchases and
 * coupons (staff's selected customer, the customer's own My coupons). The verify page (a link's
 * token) is loaded once by design and is not refetched.
 */
export function invalidateFor(queryClient: QueryClient, message: LiveMessage): Promise<void> {
  const keys: (readonly unknown[])[] =
    message.topic === 'verification'
      ? [redemptionVerificationKeys.detail(message.id), redemptionVerificationKeys.customerLists(message.customerId)]
      : [packSaleKeys.customer(message.customerId)];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** Keeps one stream open while a user is signed in; a new user gets a new stream, sign-out closes it. */
export function useLiveUpdates(queryClient: QueryClient) {
  useEffect(() => {
    let userId: string | null = null;
    let stop: (() => void) | null = null;
    const sync = () => {
      const next = getSession()?.payload.user.userId ?? null;
      if (next === userId) return;
      stop?.();
      stop = null;
      userId = next;
      if (next !== null) {
        stop = startLiveUpdates({
          onChange: (message) => void invalidateFor(queryClient, message),
          onResync: () => void queryClient.invalidateQueries({ queryKey: redemptionVerificationKeys.all }).then(() => queryClient.invalidateQueries({ queryKey: packSaleKeys.all })),
        });
      }
    };
    sync();
    const unsubscribe = subscribeSession(sync);
    return () => {
      unsubscribe();
      stop?.();
    };
  }, [queryClient]);
}
