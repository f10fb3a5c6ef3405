/**
 * Parked events (issue 10, item 9): an event a projection could not apply is set aside here
 * with its error, its checkpoint moves past it, and the other events and projections go on.
 * The row names the event (position, id, type, stream), never its data: personal data stays
 * sealed in the store, and a retry reads the event from there.
 * An admin asks for a retry (retry_requested_at); the projector that runs the projection picks
 * it up on its next poll, applies the event in the projection's own transaction and removes the
 * row, or records the new error.
 */
import type { ParkedEvent } from '@dealer/contracts';
import type { Sql } from './db/postgres';
import type { Migration } from './db/migrate';

export const PARKED_EVENT_MIGRATIONS: readonly Migration[] = [
  {
    id: '0100_parked_events',
    sql: /* sql */ `
create table if not exists parked_events (
  id uuid primary key default gen_random_uuid(),
  projection text not null,
  global_position bigint not null,
  event_id uuid not null,
  event_type text not null,
  stream_id text not null,
  error text not null,
  parked_at timestamptz not null default now(),
  attempts int not null default 1,
  retry_requested_at timestamptz,
  unique (projection, global_position)
);
create index if not exists parked_events_stream on parked_events (projection, stream_id);
`,
  },
];

/** Longest error text kept (a driver's message can quote a whole value). */
export const PARKED_ERROR_MAX = 2000;

/** Every parked event, oldest first (GET /api/parked-events). */
export async function listParkedEvents(sql: Sql): Promise<ParkedEvent[]> {
  const rows = await sql<{ id: string; projection: string; position: string; type: string; error: string; parked: Date; retry: Date | null; attempts: number }[]>`
    select id, projection, global_position::text as position, event_type as type, error, parked_at as parked,
      retry_requested_at as retry, attempts
    from parked_events order by global_position, projection`;
  return rows.map((r) => ({
    id: r.id,
    projection: r.projection,
    globalPosition: r.position,
    eventType: r.type,
    error: r.error,
    parkedAt: r.parked.toISOString(),
    retryRequestedAt: r.retry ? r.retry.toISOString() : null,
    attempts: r.attempts,
  }));
}

/** Asks the projector to apply a parked event again; false when there is no such row. */
export async function requestParkedEventRetry(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`update parked_events set retry_requested_at = coalesce(retry_requested_at, now()) where id = ${id} returning id`;
  return rows.length > 0;
}
