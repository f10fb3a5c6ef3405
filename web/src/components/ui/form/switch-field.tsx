// On/off switch: a native checkbox with role="switch", styled as a toggle, with a visible label.
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import './switch-field.css';

interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function SwitchField({ label, ref, ...input }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <input {...input} ref={ref} id={id} type="checkbox" role="switch" className="switch-input" />
      <label htmlFor={id} className="switch-label">
        {label}
      </label>
    </div>
  );
}
