// Renders visible toasts; auto-hiding ones pause while hovered or focused (SPEC 2.5).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store';
import './toaster.css';

const LABELS: Record<Toast['type'], string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Error',
};

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);

  useEffect(() => {
    if (remaining.current === null || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id]);

  return (
    // A plain group, not a list item: an error toast is an alert, and a list may hold only list items (axe 'list').
    <div
      className={`toast toast-${toast.type}`}
      role={toast.type === 'danger' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast-body">
        <strong className="toast-title">{LABELS[toast.type]}</strong>
        <span className="toast-message">{toast.message}</span>
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    // A live region: announced as toasts arrive, and left visible to assistive tech when a modal hides the rest.
    // Clicks stop here so an open modal does not count a toast's dismissal as a click outside itself.
    <section className="toaster" aria-label="Notifications" aria-live="polite" onClick={(e) => e.stopPropagation()}>
      <div className="toaster-list">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </section>
  );
}
