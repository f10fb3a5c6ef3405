// Enter Void Reason (SPEC 2.5): one required multi-line 'Void reason' ('Void reason is required' once edited,
// SPEC 5), Cancel and Submit, a spinner while the caller's request runs. Submit hands the text to the caller;
// Cancel or close give null. Shared: pack sales void with it, redemptions (issue 12) reuse it.
import { PACK_SALE_LIMITS, PACK_SALE_MESSAGES } from '@dealer/contracts';
import { ReasonDialog } from './reason-dialog';

export const VOID_REASON_TEXTS = {
  title: 'Enter Void Reason',
  label: 'Void reason',
  required: PACK_SALE_MESSAGES.voidReasonRequired,
  tooLong: PACK_SALE_MESSAGES.reasonMax,
  cancel: 'Cancel',
  submit: 'Submit',
  busy: 'Submitting...',
} as const;

export interface VoidReasonDialogProps {
  open: boolean;
  /** The caller's request is running: Submit shows a spinner and nothing can close the dialog. */
  loading?: boolean;
  /** What is being voided, shown above the field (e.g. the pack and RO). */
  description?: string;
  onClose: (reason: string | null) => void;
}

export function VoidReasonDialog(props: VoidReasonDialogProps) {
  return <ReasonDialog {...props} texts={VOID_REASON_TEXTS} maxLength={PACK_SALE_LIMITS.reasonMax} />;
}
