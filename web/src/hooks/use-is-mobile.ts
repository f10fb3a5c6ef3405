// Screen-size shortcuts on the stored screen width (SPEC 2.3, 9 breakpoints: mobile <= 768 px).
import { useScreen } from '../lib/screen/screen-context';

/** True at 768 px and below, where tables become cards. */
export function useIsMobile(): boolean {
  return useScreen().isMobile;
}
