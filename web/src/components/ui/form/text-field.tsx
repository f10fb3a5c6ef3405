// Labelled text input with hint and error message wired through aria-describedby.
import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} ref={ref} {...control} className="input" />}
    </Field>
  );
}
