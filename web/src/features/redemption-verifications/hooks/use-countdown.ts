// A countdown in whole seconds from a server-computed remaining wait: `seconds` were left at `since` (ms).
import { useEffect, useState } from 'react';

/** Seconds left at `now` of a wait that had `seconds` left at `since` (never below 0, never above `seconds`). */
export const remainingSeconds = (seconds: number, since: number, now: number) => Math.max(0, seconds - Math.floor(Math.max(0, now - since) / 1000));

export function useCountdown(seconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = remainingSeconds(seconds, since, now);
  const done = remaining === 0;
  useEffect(() => {
    setNow(Date.now());
    if (done) return;
    // Ticks a few times a second so the shown number turns over close to each whole second.
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [seconds, since, done]);
  return remaining;
}
