// A countdown in whole seconds from a server-computed remaining wait: `seconds` were left at `since` (ms).
import { useNow } from '../../../hooks/use-now';

/** Seconds left at `now` of a wait that had `seconds` left at `since` (never below 0, never above `seconds`). */
export const remainingSeconds = (seconds: number, since: number, now: number) => Math.max(0, seconds - Math.floor(Math.max(0, now - since) / 1000));

export function useCountdown(seconds: number, since: number): number {
  // Ticks a few times a second, only while counting, so the shown number turns over close to each
  // whole second; a new answer (seconds, since) starts it again.
  const counting = remainingSeconds(seconds, since, Date.now()) > 0;
  const now = useNow(250, counting);
  return remainingSeconds(seconds, since, now);
}
