// Screen-size hooks on the SPEC 9 breakpoints (mobile <= 768 px).
import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@dealer/contracts';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobileMax}px)`;

/** True at 768 px and below, where tables become cards. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
