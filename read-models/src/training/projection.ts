/**
 * Read model `training`: each employee's progress on each training video (started, where they
 * stand, furthest point watched, completed), for /employee/training and the managers' completion
 * table (./queries.ts).
 */
import { TRAINING_EVENT_TYPES, type TrainingEvent } from '@dealer/contracts';
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';

export const training: Projection = {
  name: 'training',
  schema: 'rm_training',
  handles: TRAINING_EVENT_TYPES,

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.progress (
        user_id uuid not null,
        video_id text not null,
        duration_seconds numeric not null,
        position_seconds numeric not null default 0,
        furthest_seconds numeric not null default 0,
        watched_seconds numeric not null default 0,
        started_at timestamptz not null,
        last_watched_at timestamptz not null,
        completed_at timestamptz,
        primary key (user_id, video_id)
      )`);
  },

  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.progress`;
    for (const event of events) {
      const e = event as unknown as TrainingEvent;
      if (e.type === 'TrainingVideoStarted') {
        await tx.unsafe(
          `insert into ${table} (user_id, video_id, duration_seconds, started_at, last_watched_at) values ($1, $2, $3, $4, $4)
           on conflict (user_id, video_id) do nothing`,
          [e.data.userId, e.data.videoId, e.data.durationSeconds, e.data.startedAt] as never[],
          PREPARED,
        );
      } else if (e.type === 'TrainingVideoWatched') {
        await tx.unsafe(
          `update ${table} set duration_seconds = $3, position_seconds = $4, furthest_seconds = $5, watched_seconds = $6, last_watched_at = $7
           where user_id = $1 and video_id = $2`,
          [e.data.userId, e.data.videoId, e.data.durationSeconds, e.data.positionSeconds, e.data.furthestSeconds, e.data.watchedSeconds, e.data.watchedAt] as never[],
          PREPARED,
        );
      } else if (e.type === 'TrainingVideoCompleted') {
        await tx.unsafe(`update ${table} set completed_at = coalesce(completed_at, $3) where user_id = $1 and video_id = $2`, [e.data.userId, e.data.videoId, e.data.completedAt] as never[], PREPARED);
      }
    }
  },
};
