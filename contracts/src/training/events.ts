/**
 * Training progress (stream `training-{userId}-{videoId}`): per employee and video, started once,
 * watched (where they are, the ranges they have watched, the furthest point), completed once.
 */
import type { TrainingVideoId } from './videos';
import type { WatchedRange } from './progress';

export const trainingStreamId = (userId: string, videoId: TrainingVideoId) => `training-${userId}-${videoId}`;

export interface TrainingVideoStarted {
  type: 'TrainingVideoStarted';
  data: { userId: string; videoId: TrainingVideoId; durationSeconds: number; startedAt: string };
}

export interface TrainingVideoWatched {
  type: 'TrainingVideoWatched';
  data: {
    userId: string;
    videoId: TrainingVideoId;
    durationSeconds: number;
    /** Where the player stands: resuming starts here. */
    positionSeconds: number;
    /** Every range watched so far, merged. */
    watchedRanges: WatchedRange[];
    watchedSeconds: number;
    furthestSeconds: number;
    watchedAt: string;
  };
}

export interface TrainingVideoCompleted {
  type: 'TrainingVideoCompleted';
  data: { userId: string; videoId: TrainingVideoId; durationSeconds: number; watchedSeconds: number; completedAt: string };
}

export type TrainingEvent = TrainingVideoStarted | TrainingVideoWatched | TrainingVideoCompleted;

export const TRAINING_EVENT_TYPES: ReadonlySet<string> = new Set(['TrainingVideoStarted', 'TrainingVideoWatched', 'TrainingVideoCompleted']);

/** One employee's progress on one video, as the pages show it. */
export interface TrainingProgressView {
  videoId: TrainingVideoId;
  title: string;
  summary: string;
  page: string;
  started: boolean;
  completed: boolean;
  positionSeconds: number;
  furthestSeconds: number;
  watchedSeconds: number;
  durationSeconds: number | null;
  percentWatched: number;
  startedAt: string | null;
  lastWatchedAt: string | null;
  completedAt: string | null;
}

/** A row of the managers' completion table: an employee at a location they hold a role at, per video. */
export interface TrainingCompletionRow {
  locationId: number;
  locationName: string | null;
  userId: string;
  name: string;
  videos: { videoId: TrainingVideoId; started: boolean; completed: boolean; percentWatched: number; lastWatchedAt: string | null; completedAt: string | null }[];
}
