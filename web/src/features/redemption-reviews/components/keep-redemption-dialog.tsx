// Keep Redemption: one required multi-line 'Note' (why the redemption stands although the DMS shows its RO
// voided), Cancel and Keep, a spinner while the request runs. Keep hands the note to the caller; Cancel or close
// give null. The shared reason dialog with the server's rule for the note (required, at most the reason size).
import { PACK_SALE_LIMITS, PACK_SALE_MESSAGES, REDEMPTION_REVIEW_MESSAGES } from '@dealer/contracts';
import { ReasonDialog } from '../../../components/ui/void-reason/reason-dialog';
import { REVIEW_TEXTS } from './redemption-review-texts';

const KEEP_TEXTS = {
  title: REVIEW_TEXTS.keepTitle,
  label: REVIEW_TEXTS.noteLabel,
  required: REDEMPTION_REVIEW_MESSAGES.noteRequired,
  tooLong: PACK_SALE_MESSAGES.reasonMax,
  cancel: REVIEW_TEXTS.cancel,
  submit: REVIEW_TEXTS.keepSubmit,
  busy: REVIEW_TEXTS.saving,
};

export interface KeepRedemptionDialogProps {
  open: boolean;
  loading?: boolean;
  /** What is being kept, shown above the field. */
  description?: string;
  onClose: (note: string | null) => void;
}

export function KeepRedemptionDialog(props: KeepRedemptionDialogProps) {
  return <ReasonDialog {...props} texts={KEEP_TEXTS} maxLength={PACK_SALE_LIMITS.reasonMax} />;
}
