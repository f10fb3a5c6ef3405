// Enter Void Reason (SPEC 2.5): one required multi-line 'Void reason' ('Void reason is required' once edited,
// SPEC 5), Cancel and Submit, a spinner while the caller's request runs. Submit hands the text to the caller;
// Cancel or close give null. Shared: pack sales void with it, redemptions (issue 12) reuse it.
import { useId, useState, type FormEvent } from 'react';
import { PACK_SALE_LIMITS, PACK_SALE_MESSAGES } from '@dealer/contracts';
import { Modal } from '../modal/modal';
import { Spinner } from '../spinner/spinner';
import './void-reason-dialog.css';

export const VOID_REASON_TEXTS = {
  title: 'Enter Void Reason',
  label: 'Void reason',
  required: PACK_SALE_MESSAGES.voidReasonRequired,
  tooLong: PACK_SALE_MESSAGES.reasonMax,
} as const;

export interface VoidReasonDialogProps {
  open: boolean;
  /** The caller's request is running: Submit shows a spinner and nothing can close the dialog. */
  loading?: boolean;
  /** What is being voided, shown above the field (e.g. the pack and RO). */
  description?: string;
  onClose: (reason: string | null) => void;
}

function VoidReasonForm({ loading, description, onClose }: Omit<VoidReasonDialogProps, 'open'>) {
  const id = useId();
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const trimmed = text.trim();
  const error = !trimmed ? VOID_REASON_TEXTS.required : trimmed.length > PACK_SALE_LIMITS.reasonMax ? VOID_REASON_TEXTS.tooLong : null;
  const shownError = edited ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    if (!error && !loading) onClose(trimmed);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={loading} className="void-reason-form">
      <div className="modal-body void-reason-body">
        {description && <p className="void-reason-description">{description}</p>}
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {VOID_REASON_TEXTS.label}
          </label>
          <textarea
            id={id}
            className="input void-reason-input"
            rows={4}
            maxLength={PACK_SALE_LIMITS.reasonMax}
            autoFocus
            required
            value={text}
            readOnly={loading}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setEdited(true);
            }}
          />
          {shownError && (
            <p id={`${id}-error`} className="field-error">
              {shownError}
            </p>
          )}
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" disabled={loading} onClick={() => onClose(null)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={loading || (edited && Boolean(error))}>
          {loading && <Spinner size="sm" label="Submitting..." />}
          Submit
        </button>
      </div>
    </form>
  );
}

export function VoidReasonDialog({ open, loading = false, ...rest }: VoidReasonDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : rest.onClose(null))} locked={loading} title={VOID_REASON_TEXTS.title} size="sm" minimizable={false}>
      {open && <VoidReasonForm loading={loading} {...rest} />}
    </Modal>
  );
}
