// The override's confirmation (SPEC 2.5 'Confirm Action', SPEC 8's question) with the reason staff give for
// accepting on the customer's behalf: required, at most REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax
// characters, sent with POST /api/redemption-verification-overrides and kept with who and when. No closes with
// null; Yes with the trimmed reason.
import { useId, useState, type FormEvent } from 'react';
import { REDEMPTION_MESSAGES, REDEMPTION_TEXTS, REDEMPTION_VERIFICATION_LIMITS } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { NOTIFICATION_DEFAULTS } from '../../../components/ui/modal/notification-store';
import { RV_TEXTS } from './redemption-verification-texts';

export interface OverrideConfirmDialogProps {
  /** The customer's name for SPEC 8's question; null: closed. */
  customerName: string | null;
  roNumber: string | null;
  onClose: (reason: string | null) => void;
}

function OverrideConfirmForm({ customerName, roNumber, onClose }: { customerName: string; roNumber: string | null; onClose: (reason: string | null) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const trimmed = text.trim();
  const error = !trimmed ? RV_TEXTS.overrideReasonRequired : trimmed.length > REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax ? REDEMPTION_MESSAGES.overrideReasonMax : null;
  const shownError = edited ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    if (!error) onClose(trimmed);
  };
  return (
    <form noValidate onSubmit={submit}>
      <div className="modal-body notification rv-override-body">
        <p>{REDEMPTION_TEXTS.overrideConfirm(customerName)}</p>
        {roNumber && <p className="muted">RO# {roNumber}</p>}
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {RV_TEXTS.overrideReason}
          </label>
          <textarea
            id={id}
            className="input rv-override-reason"
            rows={3}
            maxLength={REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax}
            autoFocus
            required
            value={text}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setText(e.target.value);
              setEdited(true);
            }}
          />
          <p id={`${id}-hint`} className="field-hint">
            {RV_TEXTS.overrideReasonHint}
          </p>
          {shownError && (
            <p id={`${id}-error`} className="field-error">
              {shownError}
            </p>
          )}
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={() => onClose(null)}>
          {NOTIFICATION_DEFAULTS.no}
        </button>
        <button type="submit" className="btn btn-primary">
          {NOTIFICATION_DEFAULTS.yes}
        </button>
      </div>
    </form>
  );
}

export function OverrideConfirmDialog({ customerName, roNumber, onClose }: OverrideConfirmDialogProps) {
  return (
    <Modal
      open={customerName !== null}
      onOpenChange={(next) => (next ? undefined : onClose(null))}
      title={NOTIFICATION_DEFAULTS.confirmTitle}
      size="sm"
      minimizable={false}
      role="alertdialog"
    >
      {customerName !== null && <OverrideConfirmForm customerName={customerName} roNumber={roNumber} onClose={onClose} />}
    </Modal>
  );
}
