/**
 * GET /api/events (issue 24 part 3, ADR 0087): one server-sent events stream per signed-in
 * user's browser: messages that a verification, pending approval, sale, redemption, paper book,
 * online order or gift the user may read has changed (live/hub.ts; ADR 0091 for the last three). The browser's EventSource cannot send the Authorization
 * header, so the stream authenticates with a single-use ticket in `?ticket=` (the auth plugin's
 * `streamTicket`, POST /api/event-stream-tickets issues them) or, for other clients, a Bearer
 * token. It answers only `Accept: text/event-stream` (406 otherwise), 429 past the streams limit.
 * A reconnect names the last id it saw in Last-Event-ID (or `lastEventId`, for a new
 * EventSource, which cannot set the header).
 */
import type { FastifyInstance } from 'fastify';
import { EVENT_STREAM_PATH, EVENT_STREAM_RESOURCE, LIVE_MESSAGES } from '@dealer/contracts';
import { DomainError, STREAM_TICKET_MAX_LENGTH, apiDoc } from '@dealer/platform';
import { viewerOf, type LiveConnection, type LiveHub } from '../live/hub';

/** A client that reads no more than this lags too far: its stream ends (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 1 << 20;

export function eventStreamRoutes(hub: LiveHub) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { ticket?: string; lastEventId?: string } }>(
      EVENT_STREAM_PATH,
      {
        config: { access: EVENT_STREAM_RESOURCE, streamTicket: true },
        schema: {
          ...apiDoc('Live updates', 'Open the live updates stream', 'Server-sent events (`Accept: text/event-stream`, else 406): `ready`, then a `change` `{topic, id, customerId, position}` whenever a verification, sale, redemption, paper book, online order or gift the caller may read changed; refetch with `position` as X-Min-Position. Heartbeat comments every 15 s; reconnect with Last-Event-ID. Opened with a ticket or a Bearer token; at most 5 streams per user.'),
          querystring: {
            type: 'object',
            properties: { ticket: { type: 'string', maxLength: STREAM_TICKET_MAX_LENGTH }, lastEventId: { type: 'string', maxLength: 64 } },
          },
          headers: { type: 'object', properties: { 'last-event-id': { type: 'string', maxLength: 64 } } },
        },
      },
      async (request, reply) => {
        const accept = request.headers.accept ?? '';
        if (!accept.includes('text/event-stream')) return reply.status(406).type('application/problem+json').send({ type: 'about:blank', title: '406', status: 406, errors: [LIVE_MESSAGES.notAcceptable] });
        const auth = request.auth!;
        if (!hub.reserve(auth.userId)) throw new DomainError('rate_limited', [LIVE_MESSAGES.tooManyStreams]);
        const header = request.headers['last-event-id'];
        const lastEventId = typeof header === 'string' ? header : (request.query.lastEventId ?? null);

        reply.hijack();
        const raw = reply.raw;
        const headers: Record<string, string | number | string[]> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string | number | string[];
        raw.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // nginx (and proxies that honour it) pass each message on at once.
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        raw.flushHeaders();
        const connection: LiveConnection = {
          viewer: viewerOf(auth),
          userId: auth.userId,
          sessionId: auth.sessionId,
          write: (text) => {
            if (raw.destroyed || raw.writableEnded) return false;
            raw.write(text);
            return raw.writableLength < MAX_UNREAD_BYTES;
          },
          end: () => {
            if (!raw.writableEnded) raw.end();
          },
        };
        request.raw.on('close', () => hub.detach(connection));
        raw.on('close', () => hub.detach(connection));
        try {
          await hub.attach(connection, lastEventId);
        } catch (error) {
          // The answer has begun: end it (the client reconnects), and say why in the log.
          request.log.error({ err: String(error) }, 'live updates: the stream could not start');
          hub.detach(connection);
          connection.end();
          return;
        }
        if (raw.destroyed) hub.detach(connection);
      },
    );
  };
}
