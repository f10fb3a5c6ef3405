/**
 * Queries of the `training` read model (table owned by the projector): an employee's own progress
 * on every training video, and the managers' completion table (every employee holding a role at
 * the locations asked, per video), with names from the users read model.
 */
import { TRAINING_VIDEOS, TRAINING_VIDEO_IDS, percentWatched, type TrainingCompletionRow, type TrainingProgressView, type TrainingVideoId } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export const TRAINING = 'training';

interface ProgressRow {
  videoId: string;
  durationSeconds: number;
  positionSeconds: number;
  furthestSeconds: number;
  watchedSeconds: number;
  startedAt: Date;
  lastWatchedAt: Date;
  completedAt: Date | null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Every training video with the employee's progress on it (not started: zeros), in catalogue order. */
export async function ownTrainingProgress(sql: Sql, userId: string): Promise<TrainingProgressView[]> {
  const rows = await sql<ProgressRow[]>`
    select video_id as "videoId", duration_seconds::float8 as "durationSeconds", position_seconds::float8 as "positionSeconds",
      furthest_seconds::float8 as "furthestSeconds", watched_seconds::float8 as "watchedSeconds",
      started_at as "startedAt", last_watched_at as "lastWatchedAt", completed_at as "completedAt"
    from rm_training.progress where user_id = ${userId}`;
  const byVideo = new Map(rows.map((r) => [r.videoId, r]));
  return TRAINING_VIDEO_IDS.map((videoId) => {
    const { title, summary, page } = TRAINING_VIDEOS[videoId];
    const r = byVideo.get(videoId);
    return {
      videoId, title, summary, page,
      started: r !== undefined,
      completed: r?.completedAt != null,
      positionSeconds: r?.positionSeconds ?? 0,
      furthestSeconds: r?.furthestSeconds ?? 0,
      watchedSeconds: r?.watchedSeconds ?? 0,
      durationSeconds: r?.durationSeconds ?? null,
      percentWatched: r ? percentWatched(r.watchedSeconds, r.durationSeconds) : 0,
      startedAt: iso(r?.startedAt ?? null),
      lastWatchedAt: iso(r?.lastWatchedAt ?? null),
      completedAt: iso(r?.completedAt ?? null),
    };
  });
}

interface CompletionRow {
  locationId: number;
  locationName: string | null;
  userId: string;
  first: string | null;
  last: string | null;
  username: string | null;
  videoId: string | null;
  durationSeconds: number | null;
  watchedSeconds: number | null;
  lastWatchedAt: Date | null;
  completedAt: Date | null;
}

/** Every employee holding a role at one of `locationIds`, by location name and employee name, with their progress per video. */
export async function trainingCompletion(sql: Sql, locationIds: readonly number[]): Promise<TrainingCompletionRow[]> {
  if (locationIds.length === 0) return [];
  const rows = await sql<CompletionRow[]>`
    with staff as (
      select distinct ur.location_id, ur.user_id from rm_user_roles.user_roles ur where ur.location_id = any(${[...locationIds]}::int[])
    )
    select s.location_id as "locationId", l.location_name as "locationName", s.user_id::text as "userId",
      e.first, e.last, e.username, p.video_id as "videoId", p.duration_seconds::float8 as "durationSeconds",
      p.watched_seconds::float8 as "watchedSeconds", p.last_watched_at as "lastWatchedAt", p.completed_at as "completedAt"
    from staff s
    left join ref.locations l on l.location_id = s.location_id
    left join rm_users.employees e on e.user_id = s.user_id
    left join rm_training.progress p on p.user_id = s.user_id
    order by l.location_name nulls last, s.location_id, e.last nulls last, e.first nulls last, s.user_id`;
  const out = new Map<string, TrainingCompletionRow & { seen: Map<string, CompletionRow> }>();
  for (const r of rows) {
    const key = `${r.locationId}/${r.userId}`;
    let row = out.get(key);
    if (!row) {
      const name = [r.first, r.last].filter(Boolean).join(' ') || r.username || 'Unknown user';
      row = { locationId: r.locationId, locationName: r.locationName, userId: r.userId, name, videos: [], seen: new Map() };
      out.set(key, row);
    }
    if (r.videoId !== null) row.seen.set(r.videoId, r);
  }
  return [...out.values()].map(({ seen, ...row }) => ({
    ...row,
    videos: TRAINING_VIDEO_IDS.map((videoId: TrainingVideoId) => {
      const p = seen.get(videoId);
      return {
        videoId,
        started: p !== undefined,
        completed: p?.completedAt != null,
        percentWatched: p ? percentWatched(p.watchedSeconds ?? 0, p.durationSeconds ?? 0) : 0,
        lastWatchedAt: iso(p?.lastWatchedAt ?? null),
        completedAt: iso(p?.completedAt ?? null),
      };
    }),
  }));
}
