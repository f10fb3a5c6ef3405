// Labelled multi-line text input with hint and error message wired through aria-describedby.
import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

export function TextAreaField({ label, error, hint, className, ref, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...textarea} ref={ref} {...control} rows={rows} className="input textarea" />}
    </Field>
  );
}
