// Watches the statuses of one customer's verifications (from the 10 s listener and the 3 s poll) and toasts a
// change of state once. The first sight of a verification only records it.
import { useCallback, useRef } from 'react';
import type { RedemptionVerification, RedemptionVerificationStatus } from '@dealer/contracts';
import { toast } from '../../../components/ui/toaster/toast-store';
import { TRANSITION_TOASTS } from '../components/redemption-verification-texts';

export interface TransitionNotice {
  type: 'success' | 'warning' | 'info';
  text: string;
}

/** Records the statuses seen in `statuses` and returns a notice for each change worth telling staff about. */
export function trackTransitions(
  statuses: Map<string, RedemptionVerificationStatus>,
  customerId: string,
  verifications: readonly RedemptionVerification[],
): TransitionNotice[] {
  const notices: TransitionNotice[] = [];
  for (const v of verifications) {
    if (v.customerId !== customerId) continue;
    const before = statuses.get(v.redemptionVerificationId);
    statuses.set(v.redemptionVerificationId, v.status);
    const notice = before !== undefined && before !== v.status ? TRANSITION_TOASTS[v.status] : undefined;
    if (notice) notices.push({ type: notice.type, text: notice.text(v.roNumber) });
  }
  return notices;
}

export function useStatusTransitions(customerId: string): { observe: (verifications: readonly RedemptionVerification[]) => void } {
  const known = useRef<{ customerId: string; statuses: Map<string, RedemptionVerificationStatus> }>({ customerId, statuses: new Map() });
  const observe = useCallback(
    (verifications: readonly RedemptionVerification[]) => {
      // Another customer: start over (SPEC 4: the listener resets when the customer changes).
      if (known.current.customerId !== customerId) known.current = { customerId, statuses: new Map() };
      for (const notice of trackTransitions(known.current.statuses, customerId, verifications)) toast[notice.type](notice.text);
    },
    [customerId],
  );
  return { observe };
}
