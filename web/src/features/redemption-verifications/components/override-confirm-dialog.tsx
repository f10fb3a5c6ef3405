// The override's confirmation (SPEC 2.5 'Confirm Action', SPEC 8's question) with the reason staff give for
// accepting on the customer's behalf: required, at most REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax
// characters, sent with POST /api/redemption-verification-overrides and kept with who and when. No closes with
// null; Yes with the trimmed reason. The shared reason dialog with the confirmation's words.
import { REDEMPTION_MESSAGES, REDEMPTION_TEXTS, REDEMPTION_VERIFICATION_LIMITS } from '@dealer/contracts';
import { ReasonDialog } from '../../../components/ui/void-reason/reason-dialog';
import { NOTIFICATION_DEFAULTS } from '../../../components/ui/modal/notification-store';
import { RV_TEXTS } from './redemption-verification-texts';

const OVERRIDE_TEXTS = {
  title: NOTIFICATION_DEFAULTS.confirmTitle,
  label: RV_TEXTS.overrideReason,
  required: RV_TEXTS.overrideReasonRequired,
  tooLong: REDEMPTION_MESSAGES.overrideReasonMax,
  hint: RV_TEXTS.overrideReasonHint,
  cancel: NOTIFICATION_DEFAULTS.no,
  submit: NOTIFICATION_DEFAULTS.yes,
  busy: 'Submitting...',
};

export interface OverrideConfirmDialogProps {
  /** The customer's name for SPEC 8's question; null: closed. */
  customerName: string | null;
  roNumber: string | null;
  onClose: (reason: string | null) => void;
}

export function OverrideConfirmDialog({ customerName, roNumber, onClose }: OverrideConfirmDialogProps) {
  const description = customerName !== null && (
    <>
      <p>{REDEMPTION_TEXTS.overrideConfirm(customerName)}</p>
      {roNumber && <p className="muted">RO# {roNumber}</p>}
    </>
  );
  return (
    <ReasonDialog
      open={customerName !== null}
      role="alertdialog"
      texts={OVERRIDE_TEXTS}
      maxLength={REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax}
      description={description || undefined}
      onClose={onClose}
    />
  );
}
