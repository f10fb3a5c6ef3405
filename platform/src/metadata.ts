/** Builds event metadata; the clock and the id generator are parameters (STYLE: no hidden I/O). */
import { createHash, randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './event-store/port';

export interface CommandContext {
  correlationId: string;
  causationId: string | null;
  actor: string;
  now: () => Date;
  newId: () => string;
}

export function systemContext(actor: string, correlationId: string = randomUUID(), causationId: string | null = null): CommandContext {
  return { correlationId, causationId, actor, now: () => new Date(), newId: randomUUID };
}

export function toNewEvents<E extends { type: string; data: unknown }>(events: E[], ctx: CommandContext): NewEvent[] {
  const time = ctx.now().toISOString();
  return events.map((e) => {
    const metadata: EventMetadata = {
      eventId: ctx.newId(),
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      actor: ctx.actor,
      time,
    };
    return { type: e.type, data: e.data, metadata };
  });
}

/** A UUID derived from a key (name-based, SHA-256): retries of the same work append the same event id. */
export function deterministicUuid(key: string): string {
  const h = createHash('sha256').update(key).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
