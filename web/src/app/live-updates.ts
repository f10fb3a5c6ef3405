// Live updates in the app (issue 24 part 3, ADR 0087, 0091): while someone is signed in, one stream per tab
// (lib/live-updates.ts) whose messages refetch the queries that show what changed. SPEC's polling is
// untouched: the 3 s verification poll and the 10 s listener go on, and cover the time the stream is down.
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@dealer/contracts';
import { getSession, subscribeSession } from '../lib/auth/session-store';
import { startLiveUpdates } from '../lib/live-updates';
import { redemptionVerificationKeys } from '../features/redemption-verifications/api/redemption-verification-keys';
import { packSaleKeys } from '../features/pack-sales/api/pack-sale-keys';
import { paperBookKeys } from '../features/paper-conversion/api/paper-book-keys';
import { onlineOrderKeys } from '../features/online-orders/api/online-order-keys';

/** The queries of one paper book, whatever case or spaces its number was typed with (the stream names it normalised). */
const paperBookQuery = (bookNumber: string) => ({
  queryKey: paperBookKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] === 'book' && String(query.queryKey[2] ?? '').trim().toUpperCase() === bookNumber,
});

/**
 * The queries a message concerns: a verification's panel and the customer's verification lists (the
 * recent verifications listener, Pending Approvals); a sale's or redemption's customer's purchases and
 * coupons (staff's selected customer, the customer's own My coupons); a paper book's page (the paper
 * conversion wizard); an online order's page (the customer's order and purchase pages), the buyer's gifts
 * sent and the managers' list of online orders; a gift's buyer's gifts sent, order pages and that list.
 * The verify page (a link's token) is loaded once by design and is not refetched.
 */
export function invalidateFor(queryClient: QueryClient, message: LiveMessage): Promise<void> {
  const { topic, id, customerId } = message;
  const filters: Parameters<QueryClient['invalidateQueries']>[0][] = [];
  switch (topic) {
    case 'verification':
      filters.push({ queryKey: redemptionVerificationKeys.detail(id) });
      if (customerId) filters.push({ queryKey: redemptionVerificationKeys.customerLists(customerId) });
      break;
    case 'sale':
    case 'redemption':
      if (customerId) filters.push({ queryKey: packSaleKeys.customer(customerId) });
      break;
    case 'paper-book':
      filters.push(paperBookQuery(id));
      break;
    case 'online-order':
    case 'gift':
      filters.push({ queryKey: topic === 'online-order' ? onlineOrderKeys.detail(id) : onlineOrderKeys.details() }, { queryKey: onlineOrderKeys.lists() });
      if (customerId) filters.push({ queryKey: onlineOrderKeys.giftsSent(customerId) });
      break;
  }
  return Promise.all(filters.map((f) => queryClient.invalidateQueries(f))).then(() => undefined);
}

/** A resync: everything the stream covers is read again. */
export function invalidateAll(queryClient: QueryClient): Promise<void> {
  const all = [redemptionVerificationKeys.all, packSaleKeys.all, paperBookKeys.all, onlineOrderKeys.all];
  return Promise.all(all.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
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
          onResync: () => void invalidateAll(queryClient),
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
