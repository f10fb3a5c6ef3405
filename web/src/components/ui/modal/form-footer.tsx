// A modal form's footer: Cancel, and the submit button that shows a spinner while saving; both are
// disabled while the form is being saved.
import type { ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';

interface FormFooterProps {
  saving: boolean;
  onCancel: () => void;
  /** The submit button's text. */
  children: ReactNode;
  /** Disables submit for a reason other than saving (e.g. nothing changed). */
  submitDisabled?: boolean;
}

export function FormFooter({ saving, onCancel, children, submitDisabled = false }: FormFooterProps) {
  return (
    <div className="modal-footer">
      <button type="button" className="btn" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving || submitDisabled}>
        {saving && <Spinner size="sm" label="Saving..." />}
        {children}
      </button>
    </div>
  );
}
