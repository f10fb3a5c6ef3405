// POST /api/training/{videoId}/progress: where the player stands and the ranges it really played.
import type { TrainingVideoId, WatchedRange } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface ProgressReport {
  durationSeconds: number;
  positionSeconds: number;
  watchedRanges: WatchedRange[];
}

export interface ReportedProgress {
  videoId: TrainingVideoId;
  started: boolean;
  completed: boolean;
  positionSeconds: number;
  furthestSeconds: number;
  watchedSeconds: number;
  durationSeconds: number;
}

export async function reportProgress(videoId: TrainingVideoId, report: ProgressReport): Promise<ReportedProgress> {
  const response = await api.post<{ dataSet: ReportedProgress }>(`/api/training/${encodeURIComponent(videoId)}/progress`, report);
  return response.dataSet;
}
