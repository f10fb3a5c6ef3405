// Toast queue of SPEC 2.5: per-type auto-hide times, errors persist, new toasts appear 500 ms apart.
import { TIMINGS } from '@dealer/contracts';

/** SPEC 3 alert types; 'danger' is the error type. */
export type ToastType = 'info' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds until it hides itself, or null to stay until dismissed. */
  durationMs: number | null;
}

type Listener = () => void;

export function toastDuration(type: ToastType): number | null {
  if (type === 'danger') return null;
  if (type === 'success' || type === 'info') return TIMINGS.toastSuccessInfoMs;
  return TIMINGS.toastDefaultMs;
}

let visible: readonly Toast[] = [];
const queue: Toast[] = [];
const listeners = new Set<Listener>();
let nextId = 1;
let lastShownAt = Number.NEGATIVE_INFINITY;
let drainTimer: ReturnType<typeof setTimeout> | null = null;

function emit() {
  for (const listener of listeners) listener();
}

function drain() {
  if (drainTimer !== null || queue.length === 0) return;
  const wait = Math.max(0, lastShownAt + TIMINGS.toastGapMs - Date.now());
  if (wait > 0) {
    drainTimer = setTimeout(() => {
      drainTimer = null;
      drain();
    }, wait);
    return;
  }
  const next = queue.shift();
  if (!next) return;
  visible = [...visible, next];
  lastShownAt = Date.now();
  emit();
  drain();
}

export function showToast(type: ToastType, message: string): number {
  const id = nextId++;
  queue.push({ id, type, message, durationMs: toastDuration(type) });
  drain();
  return id;
}

export function dismissToast(id: number): void {
  visible = visible.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return visible;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  warning: (message: string) => showToast('warning', message),
  error: (message: string) => showToast('danger', message),
  /** One error toast per message (SPEC 8: every returned message is shown). */
  errors: (messages: readonly string[]) => messages.forEach((m) => showToast('danger', m)),
};
