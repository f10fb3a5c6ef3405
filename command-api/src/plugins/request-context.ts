/** Builds the command context (actor, correlation id, clock, ids) for each request. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { requestIds, requestKeyOf, type CommandContext } from '@dealer/platform';

/**
 * A request that carried an Idempotency-Key has a request key (platform/http/idempotency.ts):
 * its events record it and the ids it creates derive from it, so its retry after a crash names
 * the same records and finds them (exactly once). Without a key, ids are random.
 */
const contexts = new WeakMap<FastifyRequest, CommandContext>();

export function commandContext(request: FastifyRequest): CommandContext {
  // One context per request: its derived ids are one sequence, however often a route asks.
  let ctx = contexts.get(request);
  if (ctx === undefined) {
    ctx = newContext(request);
    contexts.set(request, ctx);
  }
  return ctx;
}

function newContext(request: FastifyRequest): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : request.id;
  const actor = request.auth?.actor ?? 'anonymous';
  const requestKey = requestKeyOf(request);
  if (requestKey === undefined) return { correlationId, causationId: null, actor, now: () => new Date(), newId: randomUUID };
  return { correlationId, causationId: null, actor, now: () => new Date(), newId: requestIds(requestKey), requestKey };
}
