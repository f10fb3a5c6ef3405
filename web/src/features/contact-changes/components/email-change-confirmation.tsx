// The page an e-mail change link opens (/verify/contact/:token). It never confirms on load (mail scanners
// prefetch links): it says what will happen, and only "Confirm email change" posts the token. Then it shows
// the outcome: the change, or the server's message ('This link is not valid or has already been used.',
// 'The code has expired. Please request a new change.').
import { CONTACT_CHANGE_MESSAGES, UNKNOWN_ERROR } from '@dealer/contracts';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useConfirmContactLink } from '../api/confirm-contact-link';
import './email-change-confirmation.css';

export const EMAIL_CONFIRMATION_TEXTS = {
  title: 'Confirm your new email address',
  lead: 'A change of the email address on your Dealer Coupons account was requested: the new address is the one this link was sent to.',
  explain: 'Your email address changes only when you confirm below. Until then, your current email address stays in use.',
  notYou: 'If you did not ask for this change, do not confirm it and contact your dealership.',
  submit: 'Confirm email change',
  signInHint: 'If you sign in to Dealer Coupons, use your new email address from now on.',
  continue: 'Continue to Dealer Coupons',
} as const;

/** Only a failure to reach the server is worth another press; the server's refusals are final. */
const canRetry = (status: number) => status === 0 || status >= 500;

export function EmailChangeConfirmation({ token, continueTo }: { token: string; continueTo: string }) {
  const confirm = useConfirmContactLink();
  const t = EMAIL_CONFIRMATION_TEXTS;

  if (confirm.isSuccess) {
    return (
      <div className="verify-outcome">
        <p className="alert alert-success verify-outcome-message" role="status">
          {CONTACT_CHANGE_MESSAGES.emailConfirmed}
        </p>
        <p className="muted">{t.signInHint}</p>
        <Link to={continueTo} className="btn btn-primary verify-wide-button">
          {t.continue}
        </Link>
      </div>
    );
  }

  const failure = confirm.error;
  const final = failure !== null && !canRetry(failure.status);
  return (
    <div className="verify-outcome">
      {!final && (
        <>
          <p>{t.lead}</p>
          <p>{t.explain}</p>
          <p className="muted">{t.notYou}</p>
        </>
      )}
      {failure && (
        <div className="alert alert-danger verify-outcome-message" role="alert">
          {failure.messages[0] ?? UNKNOWN_ERROR}
        </div>
      )}
      {final ? (
        <Link to={continueTo} className="btn verify-wide-button">
          {t.continue}
        </Link>
      ) : (
        <button
          type="button"
          className="btn btn-primary verify-wide-button"
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
          onClick={() => confirm.mutate(token)}
        >
          {confirm.isPending && <Spinner size="sm" label="Confirming..." />}
          {t.submit}
        </button>
      )}
    </div>
  );
}
