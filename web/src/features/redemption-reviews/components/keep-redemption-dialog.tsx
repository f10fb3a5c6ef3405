// Keep Redemption: one required multi-line 'Note' (why the redemption stands although the DMS shows its RO
// voided), Cancel and Keep, a spinner while the request runs. Keep hands the note to the caller; Cancel or close
// give null. Built like Enter Void Reason, with the server's rule for the note (required, at most the reason size).
import { useId, useState, type FormEvent } from 'react';
import { PACK_SALE_LIMITS, PACK_SALE_MESSAGES, REDEMPTION_REVIEW_MESSAGES } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { REVIEW_TEXTS } from './redemption-review-texts';

export interface KeepRedemptionDialogProps {
  open: boolean;
  loading?: boolean;
  /** What is being kept, shown above the field. */
  description?: string;
  onClose: (note: string | null) => void;
}

function KeepForm({ loading, description, onClose }: Omit<KeepRedemptionDialogProps, 'open'>) {
  const id = useId();
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const trimmed = text.trim();
  const error = !trimmed ? REDEMPTION_REVIEW_MESSAGES.noteRequired : trimmed.length > PACK_SALE_LIMITS.reasonMax ? PACK_SALE_MESSAGES.reasonMax : null;
  const shownError = edited ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    if (!error && !loading) onClose(trimmed);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={loading} className="keep-redemption-form">
      <div className="modal-body">
        {description && <p className="keep-redemption-description">{description}</p>}
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {REVIEW_TEXTS.noteLabel}
          </label>
          <textarea
            id={id}
            className="input keep-redemption-input"
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
          {REVIEW_TEXTS.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={loading || (edited && Boolean(error))}>
          {loading && <Spinner size="sm" label={REVIEW_TEXTS.saving} />}
          {REVIEW_TEXTS.keepSubmit}
        </button>
      </div>
    </form>
  );
}

export function KeepRedemptionDialog({ open, loading = false, ...rest }: KeepRedemptionDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : rest.onClose(null))} locked={loading} title={REVIEW_TEXTS.keepTitle} size="sm" minimizable={false}>
      {open && <KeepForm loading={loading} {...rest} />}
    </Modal>
  );
}
