/** Builds event metadata; the clock and the id generator are parameters (STYLE: no hidden I/O). */
import { createHash, randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './event-store/port';

export interface CommandContext {
  correlationId: string;
  causationId: string | null;
  actor: string;
  now: () => Date;
  newId: () => string;
  /**
   * Set when the request carried an Idempotency-Key (http/idempotency.ts): the keyed hash of
   * caller and key. Every event of the command records it, and `newId` then derives the ids from
   * it in order (requestIds), so a retry of the same request after a crash creates nothing new:
   * it names the same sale, customer or redemption and finds it already recorded.
   */
  requestKey?: string;
}

export function systemContext(actor: string, correlationId: string = randomUUID(), causationId: string | null = null): CommandContext {
  return { correlationId, causationId, actor, now: () => new Date(), newId: randomUUID };
}

export function toNewEvents<E extends { type: string; data: unknown }>(events: E[], ctx: CommandContext): NewEvent[] {
  const time = ctx.now().toISOString();
  return events.map((e) => {
    const metadata: EventMetadata = {
      // A request's derived ids name what it creates; its event ids stay random, so a retry that
      // takes another path (fewer ids asked) can never reuse one for another event.
      eventId: ctx.requestKey === undefined ? ctx.newId() : randomUUID(),
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      actor: ctx.actor,
      time,
      ...(ctx.requestKey === undefined ? {} : { requestKey: ctx.requestKey }),
    };
    return { type: e.type, data: e.data, metadata };
  });
}

/**
 * The ids a request's command creates, derived from its request key in the order asked: the
 * same request run again (after a crash, by a retry with the same Idempotency-Key) gets the same
 * ids, so its sale, customer or redemption is the one the first run may already have recorded.
 */
export function requestIds(requestKey: string): () => string {
  let n = 0;
  return () => deterministicUuid(`request\0${requestKey}\0${n++}`);
}

/** A UUID derived from a key (name-based, SHA-256): retries of the same work append the same event id. */
export function deterministicUuid(key: string): string {
  const h = createHash('sha256').update(key).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
