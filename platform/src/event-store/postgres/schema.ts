/**
 * Schema of the PostgreSQL event store.
 *
 * Ordering guarantee for subscribers (migration 0006): an event's global position is derived
 * from its transaction id, `xid * 4096 + index`. Readers only read rows whose transaction id is
 * below the oldest transaction still in flight (pg_snapshot_xmin), so every row that becomes
 * visible later has a larger transaction id, hence a larger position than anything already
 * read: a subscriber never skips an event that committed late, with no lock and no sequence on
 * the append path. An append must be the first write of its transaction (one append per
 * transaction, at most 4096 events); es_append refuses otherwise.
 *
 * The horizon (migration 0012, es_read_horizon) leaves out transactions that cannot append to
 * this store: those of other databases on the server, and those of connections named
 * NO_EVENTS_APPLICATION_NAME (bulk work such as the DMS import, which the database then forbids
 * to append). A long import no longer holds back subscriptions and read-your-writes.
 *
 * Optimistic concurrency comes from the unique (stream_id, revision) index, idempotency from
 * the unique event_id index: an append is one INSERT.
 */

/** application_name of connections that never append events (bulk imports): readers need not wait for them. */
export const NO_EVENTS_APPLICATION_NAME = 'dealer-no-events';

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
  {
    id: '0006_event_store_xid_positions',
    sql: /* sql */ `
drop function if exists es_append(text, smallint, bigint, uuid[], text[], jsonb[], jsonb[]);
drop table if exists es_streams;
drop sequence if exists es_global_position;

-- p_mode: 0 any, 1 no_stream, 2 stream_exists, 3 exact (p_expected).
-- outcome: 0 appended, 1 already appended (idempotent), 2 wrong expected revision, 3 event id used elsewhere.
create or replace function es_append(
  p_stream text, p_mode smallint, p_expected bigint, p_ids uuid[], p_types text[], p_data jsonb, p_metadata jsonb
) returns table (next_revision bigint, last_position bigint, outcome smallint)
language plpgsql as $fn$
declare
  v_count int := cardinality(p_ids);
  v_base bigint;
  v_current bigint;
  v_xid bigint;
  v_inserted int;
begin
  if v_count > 4096 then raise exception 'es_append takes at most 4096 events at once'; end if;
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append must be the first write of its transaction';
  end if;

  select max(e.revision) into v_current from es_events e where e.stream_id = p_stream;
  v_base := case
    when p_mode = 1 then 0
    when p_mode = 3 then p_expected + 1
    else coalesce(v_current, -1) + 1
  end;

  if (p_mode = 2 and v_current is null) or (p_mode = 3 and v_current is distinct from p_expected) or (p_mode = 1 and v_current is not null) then
    v_inserted := 0;
  else
    v_xid := pg_current_xact_id()::text::bigint;
    insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
    select v_xid * 4096 + i - 1, p_stream, v_base + i - 1, p_ids[i], p_types[i], p_data -> (i - 1), p_metadata -> (i - 1), v_xid::text::xid8
      from generate_series(1, v_count) as i
    on conflict do nothing;
    get diagnostics v_inserted = row_count;
    if v_inserted = v_count then
      return query select v_base + v_count - 1, v_xid * 4096 + v_count - 1, 0::smallint; return;
    end if;
    if v_inserted > 0 then
      -- Part of the batch clashed: undo the rest; the caller's retry gets a clear answer.
      raise exception 'es_append: partial conflict on %', p_stream using errcode = '40001';
    end if;
  end if;

  -- Nothing was written: either these events are already stored here (idempotent) or it is a conflict.
  if (select count(*) from es_events e where e.event_id = any(p_ids) and e.stream_id = p_stream) = v_count then
    return query select max(e.revision), max(e.global_position), 1::smallint from es_events e where e.event_id = any(p_ids); return;
  end if;
  if exists (select 1 from es_events e where e.event_id = any(p_ids)) then
    return query select -1::bigint, -1::bigint, 3::smallint; return;
  end if;
  select max(e.revision) into v_current from es_events e where e.stream_id = p_stream;
  return query select coalesce(v_current, -1), -1::bigint, 2::smallint;
end
$fn$;
`,
  },
  {
    id: '0007_event_store_json_batch',
    sql: /* sql */ `
drop function if exists es_append(text, smallint, bigint, uuid[], text[], jsonb, jsonb);

-- The batch arrives as one JSON array of {id, type, data, metadata}: a single jsonb parameter
-- needs no array-type lookup on a fresh client connection.
-- p_mode: 0 any, 1 no_stream, 2 stream_exists, 3 exact (p_expected).
-- outcome: 0 appended, 1 already appended (idempotent), 2 wrong expected revision, 3 event id used elsewhere.
create or replace function es_append(p_stream text, p_mode smallint, p_expected bigint, p_events jsonb)
returns table (next_revision bigint, last_position bigint, outcome smallint)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_events);
  v_ids uuid[];
  v_base bigint;
  v_current bigint;
  v_xid bigint;
  v_inserted int;
begin
  if v_count = 0 or v_count > 4096 then raise exception 'es_append takes 1 to 4096 events at once'; end if;
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append must be the first write of its transaction';
  end if;

  select max(e.revision) into v_current from es_events e where e.stream_id = p_stream;
  v_base := case
    when p_mode = 1 then 0
    when p_mode = 3 then p_expected + 1
    else coalesce(v_current, -1) + 1
  end;

  if (p_mode = 2 and v_current is null) or (p_mode = 3 and v_current is distinct from p_expected) or (p_mode = 1 and v_current is not null) then
    v_inserted := 0;
  else
    v_xid := pg_current_xact_id()::text::bigint;
    insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
    select v_xid * 4096 + i - 1, p_stream, v_base + i - 1, (e ->> 'id')::uuid, e ->> 'type', e -> 'data', e -> 'metadata', v_xid::text::xid8
      from jsonb_array_elements(p_events) with ordinality as t(e, i)
    on conflict do nothing;
    get diagnostics v_inserted = row_count;
    if v_inserted = v_count then
      return query select v_base + v_count - 1, v_xid * 4096 + v_count - 1, 0::smallint; return;
    end if;
    if v_inserted > 0 then
      -- Part of the batch clashed: undo the rest; the caller's retry gets a clear answer.
      raise exception 'es_append: partial conflict on %', p_stream using errcode = '40001';
    end if;
  end if;

  -- Nothing was written: either these events are already stored here (idempotent) or it is a conflict.
  v_ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(p_events) as t(e));
  if (select count(*) from es_events e where e.event_id = any(v_ids) and e.stream_id = p_stream) = v_count then
    return query select max(e.revision), max(e.global_position), 1::smallint from es_events e where e.event_id = any(v_ids); return;
  end if;
  if exists (select 1 from es_events e where e.event_id = any(v_ids)) then
    return query select -1::bigint, -1::bigint, 3::smallint; return;
  end if;
  select max(e.revision) into v_current from es_events e where e.stream_id = p_stream;
  return query select coalesce(v_current, -1), -1::bigint, 2::smallint;
end
$fn$;
`,
  },
  {
    id: '0008_event_store_batched_appends',
    sql: /* sql */ `
drop function if exists es_append(text, smallint, bigint, jsonb);

-- Several appends (to different or the same streams) in one statement, one transaction and
-- one WAL flush: concurrent writers of one process share a commit (see PostgresEventStore).
-- Each append is judged on its own: a conflicting one writes nothing and reports its outcome.
-- p_appends: [{stream, mode, expected, events: [{id, type, data, metadata}]}]
-- mode: 0 any, 1 no_stream, 2 stream_exists, 3 exact (expected).
-- outcome: 0 appended, 1 already appended (idempotent), 2 wrong expected revision, 3 event id used elsewhere.
create or replace function es_append_batch(p_appends jsonb)
returns table (idx int, next_revision bigint, last_position bigint, outcome smallint)
language plpgsql as $fn$
declare
  v_append jsonb;
  v_n bigint;
  v_stream text;
  v_mode smallint;
  v_expected bigint;
  v_events jsonb;
  v_count int;
  v_current bigint;
  v_base bigint;
  v_inserted int;
  v_ids uuid[];
  v_xid bigint;
  v_offset int := 0;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must be the first write of its transaction';
  end if;
  if (select sum(jsonb_array_length(a -> 'events')) from jsonb_array_elements(p_appends) a) > 4096 then
    raise exception 'es_append_batch takes at most 4096 events at once';
  end if;

  for v_append, v_n in select t.a, t.n from jsonb_array_elements(p_appends) with ordinality as t(a, n) loop
    v_stream := v_append ->> 'stream';
    v_mode := (v_append ->> 'mode')::smallint;
    v_expected := (v_append ->> 'expected')::bigint;
    v_events := v_append -> 'events';
    v_count := jsonb_array_length(v_events);
    idx := v_n;

    select max(e.revision) into v_current from es_events e where e.stream_id = v_stream;
    v_base := case when v_mode = 1 then 0 when v_mode = 3 then v_expected + 1 else coalesce(v_current, -1) + 1 end;
    v_inserted := 0;

    if not ((v_mode = 2 and v_current is null) or (v_mode = 3 and v_current is distinct from v_expected) or (v_mode = 1 and v_current is not null)) then
      v_xid := coalesce(v_xid, pg_current_xact_id()::text::bigint);
      insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
      select v_xid * 4096 + v_offset + k - 1, v_stream, v_base + k - 1, (e ->> 'id')::uuid, e ->> 'type', e -> 'data', e -> 'metadata', v_xid::text::xid8
        from jsonb_array_elements(v_events) with ordinality as t(e, k)
      on conflict do nothing;
      get diagnostics v_inserted = row_count;
      if v_inserted = v_count then
        next_revision := v_base + v_count - 1;
        last_position := v_xid * 4096 + v_offset + v_count - 1;
        outcome := 0;
        v_offset := v_offset + v_count;
        return next;
        continue;
      end if;
      if v_inserted > 0 then
        -- Part of one append clashed: undo the statement; the client retries each append alone.
        raise exception 'es_append_batch: partial conflict on %', v_stream using errcode = '40001';
      end if;
    end if;

    v_ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(v_events) as t(e));
    if (select count(*) from es_events e where e.event_id = any(v_ids) and e.stream_id = v_stream) = v_count then
      select max(e.revision), max(e.global_position) into next_revision, last_position from es_events e where e.event_id = any(v_ids);
      outcome := 1;
    elsif exists (select 1 from es_events e where e.event_id = any(v_ids)) then
      next_revision := -1; last_position := -1; outcome := 3;
    else
      select coalesce(max(e.revision), -1) into next_revision from es_events e where e.stream_id = v_stream;
      last_position := -1; outcome := 2;
    end if;
    return next;
  end loop;
end
$fn$;
`,
  },
  {
    id: '0009_event_store_set_based_appends',
    sql: /* sql */ `
-- Set-based appends: one INSERT for the whole batch; only appends that did not go in whole
-- are examined one by one (idempotent repeat, duplicate id, or wrong expected revision).
create or replace function es_append_batch(p_appends jsonb)
returns table (idx int, next_revision bigint, last_position bigint, outcome smallint)
language plpgsql as $fn$
declare
  v_xid bigint;
  v_results jsonb;
  r jsonb;
  v_stream text;
  v_count int;
  v_ids uuid[];
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must be the first write of its transaction';
  end if;
  if (select sum(jsonb_array_length(a -> 'events')) from jsonb_array_elements(p_appends) a) > 4096 then
    raise exception 'es_append_batch takes at most 4096 events at once';
  end if;
  v_xid := pg_current_xact_id()::text::bigint;

  with a as (
    select t.n::int as n, t.a ->> 'stream' as stream, (t.a ->> 'mode')::smallint as mode,
           (t.a ->> 'expected')::bigint as expected, t.a -> 'events' as events, jsonb_array_length(t.a -> 'events') as cnt
      from jsonb_array_elements(p_appends) with ordinality as t(a, n)
  ), b as (
    select a.*, coalesce(sum(cnt) over (order by n rows between unbounded preceding and 1 preceding), 0) as off,
           case when mode = 1 then null else (select max(e.revision) from es_events e where e.stream_id = a.stream) end as cur
      from a
  ), ok as (
    select b.*, case when mode = 1 then 0 when mode = 3 then expected + 1 else coalesce(cur, -1) + 1 end as base
      from b
     where not ((mode = 2 and cur is null) or (mode = 3 and cur is distinct from expected))
  ), new_rows as (
    select ok.n, v_xid * 4096 + ok.off + x.k - 1 as gp, ok.stream, ok.base + x.k - 1 as rev, (x.e ->> 'id')::uuid as id,
           x.e ->> 'type' as typ, x.e -> 'data' as data, x.e -> 'metadata' as meta
      from ok, jsonb_array_elements(ok.events) with ordinality as x(e, k)
  ), ins as (
    insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
    select gp, stream, rev, id, typ, data, meta, v_xid::text::xid8 from new_rows
    on conflict do nothing
    returning event_id, revision, global_position
  )
  select jsonb_agg(jsonb_build_object('n', a.n, 'stream', a.stream, 'cnt', a.cnt, 'events', a.events,
           'inserted', coalesce(i.inserted, 0), 'rev', i.rev, 'pos', i.pos) order by a.n)
    into v_results
    from a
    left join (select r.n, count(*) as inserted, max(ins.revision) as rev, max(ins.global_position) as pos
                 from ins join new_rows r on r.id = ins.event_id group by r.n) i on i.n = a.n;

  for r in select value from jsonb_array_elements(v_results) loop
    idx := (r ->> 'n')::int;
    v_count := (r ->> 'cnt')::int;
    v_stream := r ->> 'stream';
    if (r ->> 'inserted')::int = v_count then
      next_revision := (r ->> 'rev')::bigint; last_position := (r ->> 'pos')::bigint; outcome := 0;
      return next;
      continue;
    end if;
    if (r ->> 'inserted')::int > 0 then
      -- Part of one append clashed: undo the statement; the client retries each append alone.
      raise exception 'es_append_batch: partial conflict on %', v_stream using errcode = '40001';
    end if;
    v_ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(r -> 'events') as t(e));
    if (select count(*) from es_events e where e.event_id = any(v_ids) and e.stream_id = v_stream) = v_count then
      select max(e.revision), max(e.global_position) into next_revision, last_position from es_events e where e.event_id = any(v_ids);
      outcome := 1;
    elsif exists (select 1 from es_events e where e.event_id = any(v_ids)) then
      next_revision := -1; last_position := -1; outcome := 3;
    else
      select coalesce(max(e.revision), -1) into next_revision from es_events e where e.stream_id = v_stream;
      last_position := -1; outcome := 2;
    end if;
    return next;
  end loop;
end
$fn$;
`,
  },
  {
    id: '0010_event_store_append_generic_plan',
    sql: /* sql */ `
-- PL/pgSQL kept making a fresh custom plan of the append statement on every call (custom plans
-- looked cheaper than the generic one), and planning that CTE cost more than the insert itself.
-- One plan per connection: a one-event append went from 0.79 to 0.52 ms of server time
-- (bench/diagnose-append.ts, pgbench with one client).
alter function es_append_batch(jsonb) set plan_cache_mode = force_generic_plan;
`,
  },
  {
    id: '0011_event_store_plain_appends',
    sql: /* sql */ `
-- The fast path of PostgresEventStore: appends whose revisions are known beforehand ('no_stream'
-- or an exact expected revision), one INSERT for the batch. p_streams / p_expected: one element
-- per append (p_expected -1 for 'no_stream'); p_events: [[append number from 1, revision, id,
-- type, data, metadata], ...]. The unique (stream_id, revision) index is the concurrency check
-- and the unique event_id index the idempotency check: any clash raises 23505, and the client
-- sends those appends again through es_append_batch, which tells the outcomes apart. An append
-- with p_expected >= 0 goes in only when the stream's revision p_expected exists (with the unique
-- index: the stream is exactly there); otherwise none of its events do, and no position of it is
-- returned. Positions are xid * 4096 + the event's index in p_events.
-- The same INSERT sent from the client got a fresh custom plan on every call (the arrays' lengths
-- make each custom plan look cheaper than the generic one), and planning cost more than the
-- insert: here the plan is made once per connection.
create or replace function es_append_events(p_streams text[], p_expected int8[], p_events jsonb)
returns setof int8
language plpgsql set plan_cache_mode = force_generic_plan as $fn$
declare
  v_xid int8;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_events must be the first write of its transaction';
  end if;
  if jsonb_array_length(p_events) > 4096 then raise exception 'es_append_events takes at most 4096 events at once'; end if;
  v_xid := pg_current_xact_id()::text::int8;
  return query
    with ready as (
      select a.n from unnest(p_streams, p_expected) with ordinality as a(stream_id, expected, n)
       where a.expected < 0 or exists (select 1 from es_events e where e.stream_id = a.stream_id and e.revision = a.expected)
    ), inserted as (
      insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
      select v_xid * 4096 + v.k - 1, p_streams[(v.e ->> 0)::int4], (v.e ->> 1)::int8, (v.e ->> 2)::uuid, v.e ->> 3, v.e -> 4, v.e -> 5, v_xid::text::xid8
        from jsonb_array_elements(p_events) with ordinality as v(e, k)
       where (v.e ->> 0)::int4 in (select n from ready)
      returning global_position
    )
    select global_position from inserted;
end
$fn$;
`,
  },
  {
    id: '0012_event_store_read_horizon',
    sql: /* sql */ `
-- Readers read rows whose transaction id is below the oldest transaction that may still append
-- to this store. pg_snapshot_xmin counts every transaction on the server; here the in-flight
-- transactions of other databases, and of this database's connections named
-- '${NO_EVENTS_APPLICATION_NAME}', are left out: they cannot write es_events (the trigger below), so no row of
-- theirs can appear later below the horizon. Without such a transaction in flight the horizon
-- is the snapshot's xmax. An xid pg_stat_activity does not show (it shows only what the role
-- may see, and may lag) is counted, which only makes the horizon lower: never wrong.
-- Callers evaluate it once per statement: (select es_read_horizon()).
create or replace function es_read_horizon() returns xid8
language sql stable as $fn$
  select coalesce(
    (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
      where x::xid not in (select a.backend_xid from pg_stat_activity a
                            where a.backend_xid is not null
                              and (a.datname <> current_database() or a.application_name = '${NO_EVENTS_APPLICATION_NAME}'))),
    pg_snapshot_xmax(pg_current_snapshot()))
$fn$;

create or replace function es_refuse_no_events_writers() returns trigger
language plpgsql as $fn$
begin
  if current_setting('application_name') = '${NO_EVENTS_APPLICATION_NAME}' then
    raise exception 'a connection named ${NO_EVENTS_APPLICATION_NAME} must not append events';
  end if;
  return null;
end
$fn$;

drop trigger if exists es_events_refuse_no_events_writers on es_events;
create trigger es_events_refuse_no_events_writers before insert on es_events
  for each statement execute function es_refuse_no_events_writers();
`,
  },
  {
    id: '0013_event_store_append_outcomes',
    sql: /* sql */ `
-- Only a race may leave an append half inserted (and raise 40001 for the client to try again):
-- an append that cannot go in whole is now kept out of the INSERT beforehand. Before, a
-- 'no_stream' append of several events onto an existing, shorter stream clashed on its first
-- revisions and went in with the rest, every time: after its retries the client got a raw 40001
-- instead of a wrong expected revision. The same held for an append that mixed event ids
-- already stored with new ones (now: event id used elsewhere, nothing written).
create or replace function es_append_batch(p_appends jsonb)
returns table (idx int, next_revision bigint, last_position bigint, outcome smallint)
language plpgsql set plan_cache_mode = force_generic_plan as $fn$
declare
  v_xid bigint;
  v_results jsonb;
  r jsonb;
  v_stream text;
  v_count int;
  v_ids uuid[];
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must be the first write of its transaction';
  end if;
  if (select sum(jsonb_array_length(a -> 'events')) from jsonb_array_elements(p_appends) a) > 4096 then
    raise exception 'es_append_batch takes at most 4096 events at once';
  end if;
  v_xid := pg_current_xact_id()::text::bigint;

  with a as (
    select t.n::int as n, t.a ->> 'stream' as stream, (t.a ->> 'mode')::smallint as mode,
           (t.a ->> 'expected')::bigint as expected, t.a -> 'events' as events, jsonb_array_length(t.a -> 'events') as cnt
      from jsonb_array_elements(p_appends) with ordinality as t(a, n)
  ), b as (
    select a.*, coalesce(sum(cnt) over (order by n rows between unbounded preceding and 1 preceding), 0) as off,
           (select max(e.revision) from es_events e where e.stream_id = a.stream) as cur
      from a
  ), ok as (
    select b.*, case when mode = 1 then 0 when mode = 3 then expected + 1 else coalesce(cur, -1) + 1 end as base
      from b
     where not ((mode = 1 and cur is not null) or (mode = 2 and cur is null) or (mode = 3 and cur is distinct from expected))
       and not exists (select 1 from jsonb_array_elements(b.events) as x(e) join es_events e on e.event_id = (x.e ->> 'id')::uuid)
  ), new_rows as (
    select ok.n, v_xid * 4096 + ok.off + x.k - 1 as gp, ok.stream, ok.base + x.k - 1 as rev, (x.e ->> 'id')::uuid as id,
           x.e ->> 'type' as typ, x.e -> 'data' as data, x.e -> 'metadata' as meta
      from ok, jsonb_array_elements(ok.events) with ordinality as x(e, k)
  ), ins as (
    insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
    select gp, stream, rev, id, typ, data, meta, v_xid::text::xid8 from new_rows
    on conflict do nothing
    returning event_id, revision, global_position
  )
  select jsonb_agg(jsonb_build_object('n', a.n, 'stream', a.stream, 'cnt', a.cnt, 'events', a.events,
           'inserted', coalesce(i.inserted, 0), 'rev', i.rev, 'pos', i.pos) order by a.n)
    into v_results
    from a
    left join (select r.n, count(*) as inserted, max(ins.revision) as rev, max(ins.global_position) as pos
                 from ins join new_rows r on r.id = ins.event_id group by r.n) i on i.n = a.n;

  for r in select value from jsonb_array_elements(v_results) loop
    idx := (r ->> 'n')::int;
    v_count := (r ->> 'cnt')::int;
    v_stream := r ->> 'stream';
    if (r ->> 'inserted')::int = v_count then
      next_revision := (r ->> 'rev')::bigint; last_position := (r ->> 'pos')::bigint; outcome := 0;
      return next;
      continue;
    end if;
    if (r ->> 'inserted')::int > 0 then
      -- Part of one append clashed: undo the statement; the client retries each append alone.
      raise exception 'es_append_batch: partial conflict on %', v_stream using errcode = '40001';
    end if;
    v_ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(r -> 'events') as t(e));
    if (select count(*) from es_events e where e.event_id = any(v_ids) and e.stream_id = v_stream) = v_count then
      select max(e.revision), max(e.global_position) into next_revision, last_position from es_events e where e.event_id = any(v_ids);
      outcome := 1;
    elsif exists (select 1 from es_events e where e.event_id = any(v_ids)) then
      next_revision := -1; last_position := -1; outcome := 3;
    else
      select coalesce(max(e.revision), -1) into next_revision from es_events e where e.stream_id = v_stream;
      last_position := -1; outcome := 2;
    end if;
    return next;
  end loop;
end
$fn$;
`,
  },
  {
    id: '0014_event_store_monotonic_horizon',
    sql: /* sql */ `
-- The horizon of 0012 read pg_stat_activity AFTER the statement's snapshot was taken. A
-- transaction left out (another database's, or a '${NO_EVENTS_APPLICATION_NAME}' one) that committed in between was
-- still in the snapshot but no longer in pg_stat_activity, so it was counted: the horizon fell
-- below events an earlier read had returned, and the next read did not return them (the flake
-- of 'reading all', under load). Now the transactions to leave out are read first, in their own
-- statement, and the events in the next statement, whose snapshot is taken after: a transaction
-- in that snapshot that was left out was in flight when pg_stat_activity was read, so it is
-- still known there, and one that started since is counted (it can only lower the horizon, and
-- it got its xid after the previous read's snapshot, above that read's horizon). Readers in
-- READ COMMITTED (every reader of the product) get a fresh snapshot per statement.
drop function if exists es_read_horizon();

-- In-flight transactions that cannot append here, as pg_stat_activity shows them now.
create or replace function es_left_out_xids() returns xid[]
language plpgsql volatile as $fn$
begin
  -- pg_stat_activity is otherwise read once per transaction and kept.
  perform pg_stat_clear_snapshot();
  return array(select a.backend_xid from pg_stat_activity a
                where a.backend_xid is not null
                  and (a.datname <> current_database() or a.application_name = '${NO_EVENTS_APPLICATION_NAME}'));
end
$fn$;

-- The oldest transaction of the current snapshot that may still append, or the snapshot's xmax.
-- p_left_out must have been read (es_left_out_xids) before the snapshot was taken.
create or replace function es_read_horizon(p_left_out xid[]) returns xid8
language sql stable as $fn$
  select coalesce(
    (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x where not (x::xid = any (p_left_out))),
    pg_snapshot_xmax(pg_current_snapshot()))
$fn$;

create or replace function es_read_all(p_after int8, p_limit int4)
returns table (global_position int8, stream_id text, revision int8, event_type text, data jsonb, metadata jsonb)
language plpgsql volatile as $fn$
declare
  v_left_out xid[] := es_left_out_xids();
begin
  -- A volatile function's statements each take a new snapshot: this one after v_left_out.
  return query
    select e.global_position, e.stream_id, e.revision, e.event_type, e.data, e.metadata from es_events e
     where e.global_position > p_after and e.transaction_id < (select es_read_horizon(v_left_out))
     order by e.global_position limit p_limit;
end
$fn$;

create or replace function es_head_position() returns int8
language plpgsql volatile as $fn$
declare
  v_left_out xid[] := es_left_out_xids();
begin
  return (select max(e.global_position) from es_events e where e.transaction_id < (select es_read_horizon(v_left_out)));
end
$fn$;
`,
  },
  {
    id: '0015_event_store_ordered_any_appends',
    sql: /* sql */ `
-- Issue 22: 'any' appends onto a few shared streams failed at 32 writers (WrongExpectedRevision
-- after the client's retries): every 'any' append of a batch to one stream got the same first
-- revision, so only one per stream went in each round, and batches of two connections raced the
-- same way. Now the store orders them: 'any' and 'stream_exists' appends lock their streams for
-- the transaction, and follow each other inside a batch.
create or replace function es_append_batch(p_appends jsonb)
returns table (idx int, next_revision bigint, last_position bigint, outcome smallint)
language plpgsql set plan_cache_mode = force_generic_plan as $fn$
declare
  v_xid bigint;
  v_results jsonb;
  r jsonb;
  v_stream text;
  v_count int;
  v_ids uuid[];
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must be the first write of its transaction';
  end if;
  if (select sum(jsonb_array_length(a -> 'events')) from jsonb_array_elements(p_appends) a) > 4096 then
    raise exception 'es_append_batch takes at most 4096 events at once';
  end if;
  -- Appends with 'any' or 'stream_exists' take their revisions from the stream's end: their
  -- streams are locked (in a fixed order, so no deadlock) until this transaction commits, and no
  -- two such appends race for one revision. The locks come before the xid, so a writer waiting
  -- here holds back no reader's horizon.
  for v_stream in
    select distinct t.a ->> 'stream' from jsonb_array_elements(p_appends) as t(a)
     where (t.a ->> 'mode')::smallint in (0, 2) order by 1
  loop
    perform pg_advisory_xact_lock(hashtextextended(v_stream, 7061726));
  end loop;
  v_xid := pg_current_xact_id()::text::bigint;

  with a as (
    select t.n::int as n, t.a ->> 'stream' as stream, (t.a ->> 'mode')::smallint as mode,
           (t.a ->> 'expected')::bigint as expected, t.a -> 'events' as events, jsonb_array_length(t.a -> 'events') as cnt
      from jsonb_array_elements(p_appends) with ordinality as t(a, n)
  ), b as (
    select a.*, coalesce(sum(cnt) over (order by n rows between unbounded preceding and 1 preceding), 0) as off,
           (select max(e.revision) from es_events e where e.stream_id = a.stream) as cur
      from a
  ), ok0 as (
    select b.*
      from b
     where not ((mode = 1 and cur is not null) or (mode = 2 and cur is null) or (mode = 3 and cur is distinct from expected))
       and not exists (select 1 from jsonb_array_elements(b.events) as x(e) join es_events e on e.event_id = (x.e ->> 'id')::uuid)
  ), ok as (
    -- Several 'any' appends to one stream in one batch follow each other (before, all but the
    -- first clashed on the same revision and went round again, which starved them under load).
    select ok0.*, case when mode = 1 then 0 when mode = 3 then expected + 1
                       else coalesce(cur, -1) + 1 + coalesce(sum(cnt) filter (where mode in (0, 2))
                              over (partition by stream order by n rows between unbounded preceding and 1 preceding), 0) end as base
      from ok0
  ), new_rows as (
    select ok.n, v_xid * 4096 + ok.off + x.k - 1 as gp, ok.stream, ok.base + x.k - 1 as rev, (x.e ->> 'id')::uuid as id,
           x.e ->> 'type' as typ, x.e -> 'data' as data, x.e -> 'metadata' as meta
      from ok, jsonb_array_elements(ok.events) with ordinality as x(e, k)
  ), ins as (
    insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
    select gp, stream, rev, id, typ, data, meta, v_xid::text::xid8 from new_rows
    on conflict do nothing
    returning event_id, revision, global_position
  )
  select jsonb_agg(jsonb_build_object('n', a.n, 'stream', a.stream, 'cnt', a.cnt, 'events', a.events,
           'inserted', coalesce(i.inserted, 0), 'rev', i.rev, 'pos', i.pos) order by a.n)
    into v_results
    from a
    left join (select r.n, count(*) as inserted, max(ins.revision) as rev, max(ins.global_position) as pos
                 from ins join new_rows r on r.id = ins.event_id group by r.n) i on i.n = a.n;

  for r in select value from jsonb_array_elements(v_results) loop
    idx := (r ->> 'n')::int;
    v_count := (r ->> 'cnt')::int;
    v_stream := r ->> 'stream';
    if (r ->> 'inserted')::int = v_count then
      next_revision := (r ->> 'rev')::bigint; last_position := (r ->> 'pos')::bigint; outcome := 0;
      return next;
      continue;
    end if;
    if (r ->> 'inserted')::int > 0 then
      -- Part of one append clashed: undo the statement; the client retries each append alone.
      raise exception 'es_append_batch: partial conflict on %', v_stream using errcode = '40001';
    end if;
    v_ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(r -> 'events') as t(e));
    if (select count(*) from es_events e where e.event_id = any(v_ids) and e.stream_id = v_stream) = v_count then
      select max(e.revision), max(e.global_position) into next_revision, last_position from es_events e where e.event_id = any(v_ids);
      outcome := 1;
    elsif exists (select 1 from es_events e where e.event_id = any(v_ids)) then
      next_revision := -1; last_position := -1; outcome := 3;
    else
      select coalesce(max(e.revision), -1) into next_revision from es_events e where e.stream_id = v_stream;
      last_position := -1; outcome := 2;
    end if;
    return next;
  end loop;
end
$fn$;
`,
  },
  {
    id: '0016_event_store_read_of_types',
    sql: /* sql */ `
-- Issue 22: one reader feeds every projection and the reactor. It reads only the event types
-- some subscriber handles (the rows of other types are skipped in the index scan: their data is
-- neither sent nor parsed), and learns in the same statement, under the same horizon, how far
-- the log was read: the position its subscribers' checkpoints may move to, and whether rows
-- committed beyond the horizon wait (an older transaction still open: read again soon).
-- One row per event; then one closing row with stream_id null whose global_position is the
-- position reached (p_after when nothing is readable) and whose revision is 1 when rows wait
-- beyond the horizon. With p_types null every type is read.
create or replace function es_read_all_of_types(p_after int8, p_limit int4, p_types text[])
returns table (global_position int8, stream_id text, revision int8, event_type text, data jsonb, metadata jsonb)
language plpgsql volatile as $fn$
declare
  v_left_out xid[] := es_left_out_xids();
begin
  -- One statement, one snapshot (taken after v_left_out): the events, the end and the wait agree.
  return query
    with h as (select es_read_horizon(v_left_out) as x),
    ev as (
      select e.global_position, e.stream_id, e.revision, e.event_type, e.data, e.metadata from es_events e
       where e.global_position > p_after and e.transaction_id < (select x from h)
         and (p_types is null or e.event_type = any (p_types))
       order by e.global_position limit p_limit
    ), n as (select count(*) as c, max(ev.global_position) as m from ev)
    select ev.* from ev
    union all
    select case when n.c = p_limit then n.m
                else coalesce((select max(e.global_position) from es_events e
                                where e.global_position > p_after and e.transaction_id < (select x from h)), p_after) end,
           null::text,
           case when exists (select 1 from es_events e where e.global_position >= (select x from h)::text::int8 * 4096) then 1::int8 else 0::int8 end,
           null::text, null::jsonb, null::jsonb
      from n;
end
$fn$;
`,
  },
  {
    id: '0017_event_store_read_of_types_without_scan',
    sql: /* sql */ `
-- Issue 22: the closing row's "rows wait beyond the horizon" was an EXISTS over es_events with a
-- bound computed in the statement; the planner could not use it to start an index scan and read
-- the whole table (a sequential scan on every read of the feed: 5 ms at 70,000 events, growing
-- with the log). The same fact from the log's last position, which the primary key gives in one
-- index probe: a row at or beyond the horizon's first position exists exactly when the last
-- position is there.
create or replace function es_read_all_of_types(p_after int8, p_limit int4, p_types text[])
returns table (global_position int8, stream_id text, revision int8, event_type text, data jsonb, metadata jsonb)
language plpgsql volatile as $fn$
declare
  v_left_out xid[] := es_left_out_xids();
begin
  -- One statement, one snapshot (taken after v_left_out): the events, the end and the wait agree.
  return query
    with h as (select es_read_horizon(v_left_out) as x),
    ev as (
      select e.global_position, e.stream_id, e.revision, e.event_type, e.data, e.metadata from es_events e
       where e.global_position > p_after and e.transaction_id < (select x from h)
         and (p_types is null or e.event_type = any (p_types))
       order by e.global_position limit p_limit
    ), n as (select count(*) as c, max(ev.global_position) as m from ev)
    select ev.* from ev
    union all
    select case when n.c = p_limit then n.m
                else coalesce((select max(e.global_position) from es_events e
                                where e.global_position > p_after and e.transaction_id < (select x from h)), p_after) end,
           null::text,
           case when coalesce((select max(e.global_position) from es_events e), -1) >= (select x from h)::text::int8 * 4096 then 1::int8 else 0::int8 end,
           null::text, null::jsonb, null::jsonb
      from n;
end
$fn$;
`,
  },
] as const;
