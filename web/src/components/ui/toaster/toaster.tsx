// Renders visible toasts; auto-hiding ones pause while hovered or focused (SPEC 2.5). While a dialog is open the
// toasts never cover it (issue 23: 'Last unsuccessful login' hid the Search Customer dialog's buttons): they stand
// beside the dialog where there is room, else at the bottom edge, with the dialog made shorter by their height.
// On a phone, where they stand at the bottom edge over the page, the page gets room below its last control to
// scroll clear of them, and scrolling a control into view keeps it above them.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type RefObject } from 'react';
import { getStack, subscribeStack } from '../modal/modal-stack';
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

/** Space kept between the toasts, the dialog and the window's edges. */
const GAP_PX = 12;
/** How much shorter an open dialog is made so the toasts at the bottom edge do not cover it. */
export const TOAST_RESERVE_VAR = '--toast-reserve';
/** The height of the toasts standing at the bottom edge over the page (phones): room kept below the page's end. */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

/**
 * Runs `update` now, and again (once per animation frame) when one of `elements` or the window
 * changes size; answers the function that stops it.
 */
function whenLayoutChanges(update: () => void, elements: Element[]): () => void {
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(update);
  };
  update();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
  for (const element of elements) observer?.observe(element);
  window.addEventListener('resize', schedule);
  return () => {
    cancelAnimationFrame(frame);
    observer?.disconnect();
    window.removeEventListener('resize', schedule);
  };
}

/**
 * Where the toasts go while a dialog is open: beside the topmost dialog if the window has room on its right
 * (or left), otherwise at the bottom edge with the dialog's height reduced by theirs. Null: the usual place.
 */
function useClearOfDialogs(toaster: RefObject<HTMLElement | null>, count: number): CSSProperties | null {
  const stack = useSyncExternalStore(subscribeStack, getStack, getStack);
  const dialogOpen = stack.some((e) => !e.minimized);
  const [placement, setPlacement] = useState<CSSProperties | null>(null);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = toaster.current;
    if (!dialogOpen || count === 0 || !el) {
      root.style.removeProperty(TOAST_RESERVE_VAR);
      setPlacement(null);
      return;
    }
    const place = () => {
      const dialogs = [...document.querySelectorAll<HTMLElement>('.modal:not(.is-minimized)')];
      const dialog = dialogs[dialogs.length - 1];
      if (!dialog) return;
      const box = dialog.getBoundingClientRect();
      const need = el.offsetWidth + 2 * GAP_PX;
      if (window.innerWidth - box.right >= need) {
        root.style.removeProperty(TOAST_RESERVE_VAR);
        setPlacement({ top: Math.max(box.top, GAP_PX), right: GAP_PX, bottom: 'auto', left: 'auto' });
      } else if (box.left >= need) {
        root.style.removeProperty(TOAST_RESERVE_VAR);
        setPlacement({ top: Math.max(box.top, GAP_PX), left: GAP_PX, right: 'auto', bottom: 'auto' });
      } else {
        root.style.setProperty(TOAST_RESERVE_VAR, `${el.offsetHeight + GAP_PX}px`);
        setPlacement({ top: 'auto', bottom: GAP_PX });
      }
    };
    const unwatch = whenLayoutChanges(place, [el, ...document.querySelectorAll('.modal')]);
    return () => {
      unwatch();
      root.style.removeProperty(TOAST_RESERVE_VAR);
    };
  }, [dialogOpen, count, stack, toaster]);

  return placement;
}

/**
 * While toasts stand at the bottom edge over the page (no dialog open, the phone layout), keeps their height in
 * TOAST_CLEARANCE_VAR so the page can scroll its last controls clear of them (toaster.css).
 */
function useClearOfPage(toaster: RefObject<HTMLElement | null>, count: number, besideDialog: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = toaster.current;
    if (besideDialog || count === 0 || !el) {
      root.style.removeProperty(TOAST_CLEARANCE_VAR);
      return;
    }
    const measure = () => {
      // Standing at the bottom edge (the phone layout): their lower edge lies in the window's lower half. A tall
      // stack at the top right of a wide screen may too; toaster.css uses the value under the phone breakpoint only.
      const atBottom = el.getBoundingClientRect().bottom > window.innerHeight / 2;
      if (atBottom) root.style.setProperty(TOAST_CLEARANCE_VAR, `${el.offsetHeight + GAP_PX}px`);
      else root.style.removeProperty(TOAST_CLEARANCE_VAR);
    };
    const unwatch = whenLayoutChanges(measure, [el]);
    return () => {
      unwatch();
      root.style.removeProperty(TOAST_CLEARANCE_VAR);
    };
  }, [besideDialog, count, toaster]);
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const ref = useRef<HTMLElement>(null);
  const placement = useClearOfDialogs(ref, toasts.length);
  useClearOfPage(ref, toasts.length, placement !== null);
  return (
    // A live region: announced as toasts arrive, and left visible to assistive tech when a modal hides the rest.
    // Clicks stop here so an open modal does not count a toast's dismissal as a click outside itself.
    <section
      ref={ref}
      className={placement ? 'toaster is-clear-of-dialog' : 'toaster'}
      style={placement ?? undefined}
      aria-label="Notifications"
      aria-live="polite"
      onClick={(e) => e.stopPropagation()}
    >
      <div className="toaster-list">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </section>
  );
}
