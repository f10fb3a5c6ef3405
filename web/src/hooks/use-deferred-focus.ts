// Focus for a field of a dialog opened from another dialog. `autoFocus` fires while the opener still traps
// focus (it pulls focus back, and the new dialog then focuses its first button), so focus once both settled.
import { useCallback, useEffect, useRef } from 'react';

export function useDeferredFocus<T extends HTMLElement>(enabled = true): (element: T | null) => void {
  const element = useRef<T | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => element.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [enabled]);
  return useCallback((el: T | null) => {
    element.current = el;
  }, []);
}
