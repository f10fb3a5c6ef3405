// Loading indicator with an accessible label.
import './spinner.css';

export function Spinner({ label = 'Loading...', size = 'md' }: { label?: string; size?: 'sm' | 'md' }) {
  return (
    <span className={`spinner spinner-${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
