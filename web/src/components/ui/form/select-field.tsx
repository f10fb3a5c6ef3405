// Labelled native select with an optional disabled placeholder, hint and error wired through aria-describedby.
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, disabled option shown while nothing is chosen (e.g. 'Select a location...'). */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

export function SelectField({ label, options, placeholder, error, hint, className, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} ref={ref} {...control} className="input select">
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
