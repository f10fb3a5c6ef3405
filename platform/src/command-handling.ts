/**
 * handle(store, streamId, decider, command): load the stream, fold it into state, decide,
 * append with the expected revision. An optimistic-concurrency conflict re-decides against
 * the fresh state (a few times) unless the caller pinned the revision it saw.
 */
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from './event-store/port';
import { toNewEvents, type CommandContext } from './metadata';
import type { Decider } from '@dealer/domain';

export type { Decider } from '@dealer/domain';

export interface HandleResult<State> {
  /** Global position of the last appended event; null when the command changed nothing. */
  position: number | null;
  /** The stream's revision after the command (-1: no stream). */
  revision: number;
  state: State;
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
    const history = await store.readStream(streamId);
    const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, revision);
    }
    const state = history.reduce(decider.evolve, decider.initialState());
    const events = decider.decide(command, state);
    // Nothing to record: a retry of a request that already recorded its effect here answers
    // that effect's position (read-your-writes), as the first run did.
    if (events.length === 0) return { position: positionOfRequest(history, ctx), revision, state };
    try {
      const result = await store.appendToStream(streamId, toNewEvents(events, ctx), {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      return { position: result.position, revision: result.nextExpectedRevision, state: events.reduce(decider.evolve, state) };
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
  const history = await store.readStream(streamId);
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
