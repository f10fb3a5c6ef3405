/** Builds the command context (actor, correlation id, clock, ids) for each request. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '@dealer/platform';

export function commandContext(request: FastifyRequest): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : request.id;
  const actor = request.auth?.actor ?? 'anonymous';
  return { correlationId, causationId: null, actor, now: () => new Date(), newId: randomUUID };
}
