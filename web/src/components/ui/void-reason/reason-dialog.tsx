// A dialog that asks one required multi-line reason (SPEC 2.5's Enter Void Reason is its model): the message
// for an empty text once edited (SPEC 5), a maximum, Cancel and Submit with a spinner while the caller's request
// runs. Submit hands the trimmed text to the caller; Cancel or close give null. Enter Void Reason, the review
// list's Keep Redemption and the verification override's confirmation are this dialog with their own words.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../modal/modal';
import { Spinner } from '../spinner/spinner';
import './void-reason-dialog.css';

export interface ReasonDialogTexts {
  title: string;
  label: string;
  required: string;
  tooLong: string;
  /** Under the field (optional). */
  hint?: string;
  cancel: string;
  submit: string;
  /** The spinner's label while the request runs. */
  busy: string;
}

export interface ReasonDialogProps {
  open: boolean;
  texts: ReasonDialogTexts;
  maxLength: number;
  /** The caller's request is running: Submit shows a spinner and nothing can close the dialog. */
  loading?: boolean;
  /** What the reason is for, shown above the field. */
  description?: ReactNode;
  /** 'alertdialog' for a confirmation that asks a question. */
  role?: 'dialog' | 'alertdialog';
  onClose: (reason: string | null) => void;
}

function ReasonForm({ texts, maxLength, loading = false, description, onClose }: Omit<ReasonDialogProps, 'open' | 'role'>) {
  const id = useId();
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const trimmed = text.trim();
  const error = !trimmed ? texts.required : trimmed.length > maxLength ? texts.tooLong : null;
  const shownError = edited ? error : null;
  const describedBy = [texts.hint ? `${id}-hint` : null, shownError ? `${id}-error` : null].filter(Boolean).join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    if (!error && !loading) onClose(trimmed);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={loading} className="reason-form">
      <div className="modal-body reason-body">
        {description && <div className="reason-description">{description}</div>}
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {texts.label}
          </label>
          <textarea
            id={id}
            className="input reason-input"
            rows={4}
            maxLength={maxLength}
            autoFocus
            required
            value={text}
            readOnly={loading}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => {
              setText(e.target.value);
              setEdited(true);
            }}
          />
          {texts.hint && (
            <p id={`${id}-hint`} className="field-hint">
              {texts.hint}
            </p>
          )}
          {shownError && (
            <p id={`${id}-error`} className="field-error">
              {shownError}
            </p>
          )}
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" disabled={loading} onClick={() => onClose(null)}>
          {texts.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={loading || (edited && Boolean(error))}>
          {loading && <Spinner size="sm" label={texts.busy} />}
          {texts.submit}
        </button>
      </div>
    </form>
  );
}

export function ReasonDialog({ open, loading = false, role, ...rest }: ReasonDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : rest.onClose(null))}
      locked={loading}
      title={rest.texts.title}
      size="sm"
      minimizable={false}
      {...(role ? { role } : {})}
    >
      {open && <ReasonForm loading={loading} {...rest} />}
    </Modal>
  );
}
