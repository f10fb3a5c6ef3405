/**
 * What counts as watched (decision 0076): the time ranges the player really played (the video
 * element's `played` TimeRanges), merged. Seeking adds nothing; the furthest point watched is the
 * end of the furthest watched range; a video is complete when the watched ranges cover all of it
 * but at most TRAINING_COMPLETE_GAP_SECONDS (a player's last frame, rounding).
 */
export type WatchedRange = readonly [start: number, end: number];

/** Ranges closer than this are one (timeupdate granularity, rounding). */
const JOIN_SECONDS = 0.5;
/** Seconds of a video that may be unwatched for it to count as watched through. */
export const TRAINING_COMPLETE_GAP_SECONDS = 2;

const tenth = (n: number) => Math.round(n * 10) / 10;

/** The union of ranges within [0, duration], sorted, overlapping or touching ones joined, to 0.1 s. */
export function mergeRanges(ranges: readonly WatchedRange[], durationSeconds: number): [number, number][] {
  const clipped = ranges
    .map(([s, e]) => [Math.max(0, tenth(s)), Math.min(tenth(durationSeconds), tenth(e))] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [s, e] of clipped) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1] + JOIN_SECONDS) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

export const watchedSeconds = (merged: readonly WatchedRange[]) => tenth(merged.reduce((sum, [s, e]) => sum + (e - s), 0));
export const furthestWatched = (merged: readonly WatchedRange[]) => (merged.length === 0 ? 0 : merged[merged.length - 1]![1]);

/** Watched through: the merged ranges leave at most TRAINING_COMPLETE_GAP_SECONDS of the video unwatched. */
export const coversVideo = (merged: readonly WatchedRange[], durationSeconds: number) =>
  durationSeconds > 0 && durationSeconds - watchedSeconds(merged) <= TRAINING_COMPLETE_GAP_SECONDS;

/** Percent of the video watched, 0-100 (whole numbers). */
export const percentWatched = (watched: number, durationSeconds: number) =>
  durationSeconds <= 0 ? 0 : Math.min(100, Math.round((watched / durationSeconds) * 100));
