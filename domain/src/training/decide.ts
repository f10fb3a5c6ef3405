/**
 * An employee's progress on one training video (stream `training-{userId}-{videoId}`) as a
 * decider. The player reports where it stands and the ranges it has really played; the decider
 * merges them with what was watched before. Started once (the first report), watched whenever
 * the position or the watched ranges change (a repeated report changes nothing: idempotent),
 * completed once, when the watched ranges cover the video (decision 0076: skipping to the end
 * is no watching). Pure: the clock comes in the command.
 */
import {
  coversVideo,
  furthestWatched,
  mergeRanges,
  watchedSeconds,
  type TrainingEvent,
  type TrainingVideoId,
  type WatchedRange,
} from '@dealer/contracts';
import type { Decider } from '../decider';

export interface TrainingState {
  started: boolean;
  completed: boolean;
  durationSeconds: number;
  positionSeconds: number;
  watchedRanges: WatchedRange[];
}

export interface ReportTrainingProgress {
  type: 'ReportTrainingProgress';
  data: { userId: string; videoId: TrainingVideoId; durationSeconds: number; positionSeconds: number; watchedRanges: WatchedRange[] };
  now: Date;
}

export type TrainingCommand = ReportTrainingProgress;

const initialState = (): TrainingState => ({ started: false, completed: false, durationSeconds: 0, positionSeconds: 0, watchedRanges: [] });

export function evolveTraining(state: TrainingState, event: { type: string; data: unknown }): TrainingState {
  const e = event as TrainingEvent;
  switch (e.type) {
    case 'TrainingVideoStarted':
      return { ...state, started: true, durationSeconds: e.data.durationSeconds };
    case 'TrainingVideoWatched':
      return { ...state, durationSeconds: e.data.durationSeconds, positionSeconds: e.data.positionSeconds, watchedRanges: e.data.watchedRanges };
    case 'TrainingVideoCompleted':
      return { ...state, completed: true };
    default:
      return state;
  }
}

const sameRanges = (a: readonly WatchedRange[], b: readonly WatchedRange[]) => a.length === b.length && a.every(([s, e], i) => s === b[i]![0] && e === b[i]![1]);

export function decideTraining(command: TrainingCommand, state: TrainingState): TrainingEvent[] {
  const { userId, videoId, durationSeconds } = command.data;
  const at = command.now.toISOString();
  const duration = Math.round(durationSeconds * 10) / 10;
  const position = Math.min(duration, Math.max(0, Math.round(command.data.positionSeconds * 10) / 10));
  const events: TrainingEvent[] = [];
  if (!state.started) events.push({ type: 'TrainingVideoStarted', data: { userId, videoId, durationSeconds: duration, startedAt: at } });
  // A re-made video may be shorter: what was watched beyond its end no longer counts.
  const merged = mergeRanges([...state.watchedRanges, ...command.data.watchedRanges], duration);
  const changed = !sameRanges(merged, state.watchedRanges) || position !== state.positionSeconds || duration !== state.durationSeconds;
  if (changed) {
    events.push({
      type: 'TrainingVideoWatched',
      data: { userId, videoId, durationSeconds: duration, positionSeconds: position, watchedRanges: merged, watchedSeconds: watchedSeconds(merged), furthestSeconds: furthestWatched(merged), watchedAt: at },
    });
  }
  if (!state.completed && coversVideo(merged, duration)) {
    events.push({ type: 'TrainingVideoCompleted', data: { userId, videoId, durationSeconds: duration, watchedSeconds: watchedSeconds(merged), completedAt: at } });
  }
  return events;
}

export const trainingDecider: Decider<TrainingState, TrainingCommand, TrainingEvent> = {
  initialState,
  evolve: evolveTraining,
  decide: decideTraining,
};
