/**
 * Schema of the PostgreSQL event store.
 *
 * Ordering guarantee for subscribers: an append allocates its global positions and its
 * transaction id together inside a tiny critical section (a session advisory lock held only
 * for those two steps, never across the commit). So a transaction with a smaller id always
 * holds smaller positions, and a reader that only reads rows whose transaction id is below
 * the oldest in-flight transaction (pg_snapshot_xmin) can never later find a row below a
 * position it has already passed. An append must therefore be the first write of its
 * transaction; es_append refuses otherwise.
 */
export const EVENT_STORE_MIGRATIONS = [
  {
    id: '0001_event_store',
    sql: /* sql */ `
create sequence if not exists es_global_position as bigint;

create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null
);

create table if not exists es_events (
  global_position bigint primary key,
  stream_id text not null,
  revision bigint not null,
  event_id uuid not null,
  event_type text not null,
  data jsonb not null,
  metadata jsonb not null,
  transaction_id xid8 not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, revision)
);
create unique index if not exists es_events_event_id on es_events (event_id);

-- p_mode: 0 any, 1 no_stream, 2 stream_exists, 3 exact (p_expected)
create or replace function es_append(
  p_stream text, p_mode smallint, p_expected bigint,
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) returns table (next_revision bigint, last_position bigint, outcome smallint)
language plpgsql as $fn$
declare
  v_count int := cardinality(p_ids);
  v_xid xid8;
  v_first bigint;
  v_rev bigint;
  v_existing int;
begin
  -- Idempotency: the same event ids appended again answer with where they already are.
  select count(*), max(e.revision), max(e.global_position) into v_existing, v_rev, v_first
    from es_events e where e.event_id = any(p_ids);
  if v_existing > 0 then
    if v_existing = v_count and not exists (
      select 1 from es_events e where e.event_id = any(p_ids) and e.stream_id <> p_stream) then
      return query select v_rev, v_first, 1::smallint; return;
    end if;
    return query select -1::bigint, -1::bigint, 3::smallint; return;
  end if;

  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append must be the first write of its transaction';
  end if;
  perform pg_advisory_lock(7061726);
  v_xid := pg_current_xact_id();
  v_first := nextval('es_global_position');
  if v_count > 1 then
    perform setval('es_global_position', v_first + v_count - 1);
  end if;
  perform pg_advisory_unlock(7061726);

  if p_mode = 0 then
    insert into es_streams as s (stream_id, revision) values (p_stream, v_count - 1)
      on conflict (stream_id) do update set revision = s.revision + v_count
      returning s.revision into v_rev;
  elsif p_mode = 1 then
    insert into es_streams (stream_id, revision) values (p_stream, v_count - 1)
      on conflict (stream_id) do nothing returning revision into v_rev;
  elsif p_mode = 2 then
    update es_streams s set revision = s.revision + v_count where s.stream_id = p_stream
      returning s.revision into v_rev;
  else
    update es_streams s set revision = s.revision + v_count
      where s.stream_id = p_stream and s.revision = p_expected
      returning s.revision into v_rev;
  end if;

  if v_rev is null then
    select s.revision into v_rev from es_streams s where s.stream_id = p_stream;
    return query select coalesce(v_rev, -1), -1::bigint, 2::smallint; return;
  end if;

  insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
  select v_first + i - 1, p_stream, v_rev - v_count + i, p_ids[i], p_types[i], p_data[i], p_metadata[i], v_xid
    from generate_series(1, v_count) as i;

  return query select v_rev, v_first + v_count - 1, 0::smallint;
end
$fn$;
`,
  },
  {
    id: '0002_checkpoints',
    sql: /* sql */ `
create table if not exists checkpoints (
  name text primary key,
  position bigint not null default 0,
  updated_at timestamptz not null default now()
);
`,
  },
] as const;
