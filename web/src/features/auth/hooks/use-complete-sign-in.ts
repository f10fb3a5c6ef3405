// What follows a successful sign-in or registration: the success toast, the employee's failed-login notice,
// the customer's Login event, and the way on to the destination (SPEC 2.3, 4, 6).
import { defaultPageFor, formatDateTime, lastFailedLoginMessage } from '@dealer/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toaster/toast-store';
import { resolveDestination } from '../../../lib/auth/destination';
import type { Session } from '../../../lib/auth/session-store';
import { triggerLoginEvent } from '../api/trigger-login-event';


interface CompleteOptions {
  message: string;
  /** The destination query value; falls back to the user's default page. */
  destination?: string | null;
  /** Overrides both (registration always lands on the customer's coupons). */
  goTo?: string;
}

export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (session: Session, { message, destination, goTo }: CompleteOptions) => {
      const { user } = session.payload;
      toast.success(message);
      if (user.isEmployee) {
        const notice = lastFailedLoginMessage(user.lastFailedLoginDate, new Date(), formatDateTime);
        if (notice) toast.warning(notice);
      } else {
        if (user.customerId) void triggerLoginEvent(user.customerId);
      }
      navigate(goTo ?? resolveDestination(destination, defaultPageFor(user)), { replace: true });
    },
    [navigate],
  );
}
