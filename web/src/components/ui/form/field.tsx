// The parts every labelled form field shares: the ids that tie a control to its hint and error
// (aria-describedby), the hint and error lines, and the labelled wrapper around a single control.
import { useId, type ReactNode } from 'react';

export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

export function useFieldIds(hint: ReactNode, error: string | undefined): FieldIds {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The hint and error lines under a field, with the ids its control's aria-describedby names. */
export function FieldNotes({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The attributes that wire a control to its field's label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Renders the control with the given id and aria attributes. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled field around one control (input, textarea, select) with its hint and error. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={ids.id}>
        {label}
      </label>
      {children({ id: ids.id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy })}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
