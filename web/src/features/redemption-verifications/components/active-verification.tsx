// The verification staff are following: RO#, location, status, op codes, expiry, polled every 3 s until it is
// complete (the last known value stays on a failed poll), and Resend behind SPEC 4's rate-limit countdown.
import { useEffect, useState } from 'react';
import { formatPhone, locationLabel, type RedemptionVerification } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { isApiError } from '../../../lib/api-error';
import { usePolledRedemptionVerification } from '../api/get-redemption-verification';
import { useSendRedemptionVerification } from '../api/send-redemption-verification';
import { useCountdown } from '../hooks/use-countdown';
import { CHANNEL_LABELS, RV_TEXTS, formatDateTime } from './redemption-verification-texts';
import { OpCodeList, StatusBadge } from './verification-parts';

interface ActiveVerificationProps {
  redemptionVerificationId: string;
  sentMessage: string;
  onSeen: (verifications: readonly RedemptionVerification[]) => void;
}

function Countdown({ verification, since, busy, onResend }: { verification: RedemptionVerification; since: number; busy: boolean; onResend: () => void }) {
  const remaining = useCountdown(verification.rateLimitRemainingSeconds, since);
  return (
    <div className="rv-resend">
      {remaining > 0 && (
        <p className="rv-countdown" aria-live="off">
          {RV_TEXTS.countdown(remaining)}
        </p>
      )}
      {/* Until the first message is out there is nothing to send again (the server would not send it twice). */}
      <button type="button" className="btn btn-sm" disabled={remaining > 0 || busy || verification.status === 'pending'} onClick={onResend}>
        {busy && <Spinner size="sm" label="Sending..." />}
        {RV_TEXTS.resend}
      </button>
    </div>
  );
}

/** Where it went: the e-mail address, or the mobile phone in SPEC 5's (xxx) xxx-xxxx. */
const recipient = (v: RedemptionVerification) => (v.type === 'email' ? v.emailAddress : v.phoneMobile && formatPhone(v.phoneMobile));

export function ActiveVerification({ redemptionVerificationId, sentMessage, onSeen }: ActiveVerificationProps) {
  const query = usePolledRedemptionVerification(redemptionVerificationId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resend = useSendRedemptionVerification({
    onSuccess: () => {
      setRefusal(null);
      toast.success(sentMessage);
    },
    onError: (error) => {
      // A 429 carries 'Please wait {n} seconds before sending the verification again.'; a poll re-syncs the countdown.
      setRefusal(error.messages[0] ?? RV_TEXTS.unknownError);
      if (isApiError(error) && error.status === 429) void query.refetch();
    },
  });
  const verification = query.data;
  useEffect(() => {
    if (verification) onSeen([verification]);
  }, [verification, onSeen]);

  if (!verification) {
    if (query.isError)
      return (
        <ErrorMessages error={query.error} className="rv-active" />
      );
    return (
      <div className="rv-active empty-state">
        <Spinner label="Loading verification..." />
      </div>
    );
  }

  const to = recipient(verification);
  return (
    <article className="rv-active" aria-labelledby="rv-active-title">
      <div className="section-head rv-active-header">
        <h3 id="rv-active-title">RO# {verification.roNumber}</h3>
        <StatusBadge verification={verification} />
      </div>
      <dl className="detail-grid rv-details">
        <div className="detail-row">
          <dt>Location</dt>
          <dd>{locationLabel(verification)}</dd>
        </div>
        <div className="detail-row">
          <dt>Started</dt>
          <dd>{formatDateTime(verification.startedDate)}</dd>
        </div>
        <div className="detail-row">
          <dt>Sent by</dt>
          <dd>
            {CHANNEL_LABELS[verification.type]}
            {to && <span className="detail-note">{to}</span>}
          </dd>
        </div>
        <div className="detail-row">
          <dt>Expires</dt>
          <dd>{formatDateTime(verification.expires)}</dd>
        </div>
        <div className="detail-row detail-row-wide">
          <dt>Pending op codes</dt>
          <dd>
            <OpCodeList verification={verification} which="pending" />
          </dd>
        </div>
        <div className="detail-row detail-row-wide">
          <dt>Approved op codes</dt>
          <dd>
            <OpCodeList verification={verification} which="approved" />
          </dd>
        </div>
        {verification.declinedOpCodes.length > 0 && (
          <div className="detail-row detail-row-wide">
            <dt>Declined op codes</dt>
            <dd>
              <OpCodeList verification={verification} which="declined" />
            </dd>
          </div>
        )}
        {verification.overrideReason && (
          <div className="detail-row detail-row-wide">
            <dt>{RV_TEXTS.overrideReasonLabel}</dt>
            <dd>{verification.overrideReason}</dd>
          </div>
        )}
      </dl>
      {verification.isComplete ? (
        verification.errorMessage && <p className="muted rv-final">{verification.errorMessage}</p>
      ) : (
        <Countdown
          verification={verification}
          since={query.dataUpdatedAt}
          busy={resend.isPending}
          onResend={() => resend.mutate({ kind: 'resend', redemptionVerificationId: verification.redemptionVerificationId, type: verification.type })}
        />
      )}
      {refusal && (
        <div className="alert alert-danger rv-refusal" role="alert">
          {refusal}
        </div>
      )}
      {query.isRefetchError && <p className="field-hint">{RV_TEXTS.pollFailed}</p>}
    </article>
  );
}
