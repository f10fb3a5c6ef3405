// A gift link (`/login/{giftToken}`) opened by someone already signed in (issue 13 "Gifts"): a customer claims it in one
// click (POST /api/gift-claims with their session) and lands on My coupons with the claim's message; a refusal (sent to
// another e-mail, already claimed, expired) stays here with its reason. Staff are told the link is for the customer it
// was sent to. Either may sign out instead, which shows the sign-in form (the link's token is kept).
import { useMutation } from '@tanstack/react-query';
import type { GiftClaimView } from '@dealer/contracts';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-error';
import { signOut } from '../../../lib/auth/session';
import type { Session } from '../../../lib/auth/session-store';
import { claimGift } from '../api/claim-gift';
import { FormAlert } from './form-alert';

export const SIGNED_IN_GIFT_TEXTS = {
  customerLead: (who: string) => `Someone sent you a gift. You are signed in as ${who}: claim it and its coupons are added to your account.`,
  claim: 'Claim this gift',
  claiming: 'Claiming the gift...',
  employeeLead: (who: string) =>
    `This gift link is for the customer it was sent to, who claims it with their own customer account. You are signed in as ${who} (staff).`,
  notYou: 'Not you?',
  signOut: 'Sign out',
} as const;

const nameOf = (session: Session) => {
  const { user } = session.payload;
  const name = [user.first, user.last].filter(Boolean).join(' ');
  const login = user.isEmployee ? user.username : user.email;
  return name && login ? `${name} (${login})` : name || login || 'this account';
};

/** onSignOut: called as the user signs out here (the page then shows the sign-in form for the link). */
export function SignedInGiftClaim({ session, giftToken, onSignOut }: { session: Session; giftToken: string; onSignOut: () => void }) {
  const navigate = useNavigate();
  const claim = useMutation<GiftClaimView, ApiError, void>({ mutationFn: () => claimGift(giftToken) });
  const T = SIGNED_IN_GIFT_TEXTS;
  const signOutButton = (
    <button type="button" className="btn btn-ghost" onClick={() => {
        onSignOut();
        void signOut();
      }} disabled={claim.isPending}>
      {T.signOut}
    </button>
  );

  if (session.payload.user.isEmployee) {
    return (
      <div className="auth-form">
        <p className="alert alert-info">{T.employeeLead(nameOf(session))}</p>
        <p>{signOutButton}</p>
      </div>
    );
  }

  return (
    <div className="auth-form" aria-busy={claim.isPending}>
      <p className="alert alert-info">{T.customerLead(nameOf(session))}</p>
      <FormAlert messages={claim.error?.messages} />
      <button
        type="button"
        className="btn btn-primary"
        disabled={claim.isPending || claim.isSuccess}
        onClick={() =>
          claim.mutate(undefined, {
            // The claim's read position is kept by the API client, so My coupons shows the new pack.
            onSuccess: (claimed) => {
              toast.success(claimed.message);
              navigate(paths.customer.coupons, { replace: true });
            },
          })
        }
      >
        {claim.isPending && <Spinner size="sm" label={T.claiming} />}
        {T.claim}
      </button>
      <p>
        {T.notYou} {signOutButton}
      </p>
    </div>
  );
}
