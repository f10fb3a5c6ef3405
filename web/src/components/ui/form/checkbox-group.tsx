// A labelled group of checkboxes (or radio buttons) in a fieldset: legend, options, hint and error wired
// through aria-describedby. The same input props (e.g. react-hook-form's register) go on every option.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldNotes, useFieldIds } from './field';
import './checkbox-group.css';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

interface CheckboxGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'> {
  legend: string;
  options: readonly ChoiceOption[];
  type?: 'checkbox' | 'radio';
  error?: string;
  hint?: ReactNode;
  /** Options side by side (wrapping) instead of one per line. */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

export function CheckboxGroup({ legend, options, type = 'checkbox', error, hint, inline = false, className, ref, ...input }: CheckboxGroupProps) {
  const ids = useFieldIds(hint, error);
  return (
    <fieldset
      className={`field choice-group ${inline ? 'is-inline' : ''} ${className ?? ''}`}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
      role={type === 'radio' ? 'radiogroup' : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="choice-options">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input {...input} ref={ref} type={type} value={o.value} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </fieldset>
  );
}
