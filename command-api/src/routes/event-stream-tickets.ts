/**
 * POST /api/event-stream-tickets (issue 24 part 3, ADR 0087): a single-use ticket, good for 60 s,
 * that opens the signed-in user's live updates stream (GET /api/events?ticket=) from a browser
 * EventSource, which cannot send the Authorization header. Asked with the Bearer token and the
 * anti-forgery pair like every command; records nothing (the ticket is signed, its use is
 * recorded by the stream), so it takes no Idempotency-Key: a retry gets a new ticket.
 * Body: `{}`. Answer: `{ dataSet: { ticket, expiresInSeconds } }`, never cached.
 */
import type { FastifyInstance } from 'fastify';
import { EVENT_STREAM_RESOURCE, EVENT_STREAM_TICKET_PATH } from '@dealer/contracts';
import { STREAM_TICKET_TTL_SECONDS, apiDoc, issueStreamTicket } from '@dealer/platform';

export function eventStreamTicketRoutes(deps: { tokens: { secret: string } }) {
  return async function routes(app: FastifyInstance) {
    app.post(
      EVENT_STREAM_TICKET_PATH,
      {
        config: { access: EVENT_STREAM_RESOURCE },
        schema: {
          ...apiDoc('Live updates', 'Get a live updates ticket', 'A single-use ticket, good for 60 s, that opens the caller\u2019s live updates stream (`GET /api/events?ticket=`): EventSource cannot send the Authorization header. No Idempotency-Key: a retry gets a new ticket.'),
          body: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'object', properties: { ticket: { type: 'string' }, expiresInSeconds: { type: 'integer' } } } } } },
        },
      },
      async (request, reply) => {
        const auth = request.auth!;
        const { ticket } = issueStreamTicket(deps.tokens.secret, { sessionId: auth.sessionId, userId: auth.userId, kind: auth.kind });
        reply.header('cache-control', 'no-store');
        return { dataSet: { ticket, expiresInSeconds: STREAM_TICKET_TTL_SECONDS } };
      },
    );
  };
}
