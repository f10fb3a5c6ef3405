// A command's answer is the newest state of one verification: written into every cached list of its customer at
// once (the Pending Approvals list and its badge, the listener's list), then those lists are refetched with the
// command's read position (X-Min-Position, sent by the API client), so no list shows what the answer superseded.
import type { QueryClient } from '@tanstack/react-query';
import type { RedemptionVerification } from '@dealer/contracts';
import { redemptionVerificationKeys } from './redemption-verification-keys';

/** Open: Pending Approvals lists it (the server's rule: no outcome yet and not past its expiry). */
export const isOpen = (v: RedemptionVerification, now: number): boolean => !v.isComplete && !v.isFinal && Date.parse(v.expires) > now;

/** The list with `v` in its newest state: replaced in place, added first (newest first) when new, dropped from an open list once closed. */
export function withVerification(list: readonly RedemptionVerification[], v: RedemptionVerification, openOnly: boolean, now: number): RedemptionVerification[] {
  const others = list.filter((x) => x.redemptionVerificationId !== v.redemptionVerificationId);
  if (openOnly && !isOpen(v, now)) return others;
  const at = list.findIndex((x) => x.redemptionVerificationId === v.redemptionVerificationId);
  return at < 0 ? [v, ...others] : list.map((x) => (x.redemptionVerificationId === v.redemptionVerificationId ? v : x));
}

/** Resolves once the caches hold the answer (the refetch goes on): a success message shown after it never sits beside the old row. */
export async function applyVerificationAnswer(queryClient: QueryClient, v: RedemptionVerification, now = Date.now()): Promise<void> {
  const customerLists = redemptionVerificationKeys.customerLists(v.customerId);
  // A poll already under way may answer from before the command: it must not overwrite the answer.
  await queryClient.cancelQueries({ queryKey: customerLists });
  queryClient.setQueryData(redemptionVerificationKeys.detail(v.redemptionVerificationId), v);
  for (const openOnly of [true, false]) {
    queryClient.setQueryData<RedemptionVerification[]>(redemptionVerificationKeys.list(v.customerId, !openOnly), (old) =>
      old ? withVerification(old, v, openOnly, now) : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: customerLists });
}
