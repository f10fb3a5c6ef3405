/**
 * One way to run a command: load (read the stream once and fold it), decide (pure, the
 * domain's decider), append with the revision read and the request's identity (the events'
 * metadata.requestKey), answer.
 *
 * - handle(store, streamId, decider, command): all four steps; an optimistic-concurrency
 *   conflict re-decides against the fresh state (a few times) unless the caller pinned the
 *   revision it saw.
 * - load(...) then decideOn(...) or appendDecided(...): a command that needs the state before
 *   deciding (checks, the provider, another stream) loads each stream once and decides on what
 *   it read; a stream changed meanwhile is a WrongExpectedRevisionError at the append.
 */
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from './event-store/port';
import { toNewEvents, type CommandContext } from './metadata';
import { foldEvents, type Decider } from '@dealer/domain';

export type { Decider } from '@dealer/domain';

export interface HandleResult<State> {
  /** Global position of the last appended event; null when the command changed nothing. */
  position: number | null;
  /** The stream's revision after the command (-1: no stream). */
  revision: number;
  state: State;
}

/** A stream read once and folded: its history, its state and the revision to append against (-1: no stream yet). */
export interface Loaded<State> {
  history: RecordedEvent[];
  state: State;
  revision: number;
}

/** Reads the stream once and folds it with the decider's evolve. */
export async function load<State>(store: EventStore, streamId: string, decider: Pick<Decider<State, never, never>, 'initialState' | 'evolve'>): Promise<Loaded<State>> {
  const history = await store.readStream(streamId);
  const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
  return { history, state: foldEvents(decider, history), revision };
}

/**
 * Appends events decided on `loaded` with the revision it was read at (a writer in between: a
 * WrongExpectedRevisionError). Nothing to append: a retry of a request that already recorded
 * its effect here answers that effect's position (read-your-writes), else null.
 */
export async function appendDecided<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, never, never>, 'evolve'>,
  loaded: Loaded<State>,
  events: Event[],
  ctx: CommandContext,
): Promise<HandleResult<State>> {
  if (events.length === 0) return { position: positionOfRequest(loaded.history, ctx), revision: loaded.revision, state: loaded.state };
  const result = await store.appendToStream(streamId, toNewEvents(events, ctx), { expectedRevision: loaded.revision === -1 ? 'no_stream' : loaded.revision });
  return { position: result.position, revision: result.nextExpectedRevision, state: events.reduce(decider.evolve, loaded.state) };
}

/** Decides `command` on the state loaded and appends the events with the revision it was read at. */
export function decideOn<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  loaded: Loaded<State>,
  command: Command,
  ctx: CommandContext,
): Promise<HandleResult<State>> {
  return appendDecided(store, streamId, decider, loaded, decider.decide(command, loaded.state), ctx);
}

export async function handle<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  ctx: CommandContext,
  options: { expectedRevision?: number; retries?: number } = {},
): Promise<HandleResult<State>> {
  const retries = options.expectedRevision === undefined ? (options.retries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const loaded = await load(store, streamId, decider);
    if (options.expectedRevision !== undefined && options.expectedRevision !== loaded.revision) {
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, loaded.revision);
    }
    try {
      return await decideOn(store, streamId, decider, loaded, command, ctx);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= retries) throw error;
    }
  }
}

/**
 * The global position of the last event in `history` that this very request recorded (its
 * request key: the caller's Idempotency-Key), or null. A command retried after a crash finds
 * its own effect by it and answers it instead of deciding again.
 */
export function positionOfRequest(history: readonly RecordedEvent[], ctx: Pick<CommandContext, 'requestKey'>): number | null {
  if (ctx.requestKey === undefined) return null;
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.metadata.requestKey === ctx.requestKey) return history[i]!.globalPosition;
  return null;
}

/** What a request recorded on a stream it created: the history, and the revision and position of its last own event. */
export interface RequestRecord {
  history: RecordedEvent[];
  revision: number;
  position: number;
}

/**
 * The stream as this very request left it, when its first event was recorded by this request (a
 * creation the request made before it was interrupted), else null: the creation commands answer
 * the first run's result from it instead of refusing their own record as a duplicate.
 */
export async function createdByRequest(store: EventStore, streamId: string, ctx: Pick<CommandContext, 'requestKey'>): Promise<RequestRecord | null> {
  if (ctx.requestKey === undefined) return null;
  return recordOfRequest(await store.readStream(streamId), ctx);
}

/** createdByRequest on a stream the command has read already (its one read). */
export function recordOfRequest(history: RecordedEvent[], ctx: Pick<CommandContext, 'requestKey'>): RequestRecord | null {
  if (ctx.requestKey === undefined) return null;
  if (history[0]?.metadata.requestKey !== ctx.requestKey) return null;
  let last = history[0];
  for (const e of history) if (e.metadata.requestKey === ctx.requestKey) last = e;
  return { history, revision: last.revision, position: last.globalPosition };
}

/**
 * 428: a command that overwrites a whole record came without the revision it was based on
 * (issue 10 item 13). The error handler answers any error's statusCode below 500 with its message.
 */
export class PreconditionRequiredError extends Error {
  override readonly name = 'precondition_required';
  readonly statusCode = 428;
}
