/** GET /api/dev-outbox?to=ADDRESS: the development outbox, newest first (demo mode only). A phone number may be written in any format. */
import type { FastifyInstance } from 'fastify';
import { phoneDigitsOf } from '@dealer/contracts';
import { apiDoc, type Sql } from '@dealer/platform';
import { listDevOutbox } from '../operations/dev-outbox';

export function devOutboxRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { to?: string; limit?: number } }>(
      '/api/dev-outbox',
      {
        config: { access: 'dev-outbox' },
        schema: { ...apiDoc('Operations', 'Development outbox', 'Demo mode only: every e-mail and text message the product sent, newest first (`to` filters by address or phone, `limit`).'),
          querystring: {
            type: 'object',
            properties: { to: { type: 'string', maxLength: 254 }, limit: { type: 'integer', minimum: 1, maximum: 500 } },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: { type: 'object', properties: { messageId: { type: 'string' }, to: { type: 'string' }, channel: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' }, time: { type: 'string', format: 'date-time' } } },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const to = request.query.to?.trim().toLowerCase();
        // Texts are stored to the phone's digits: '(720) 555-0123' finds what was sent to 7205550123.
        const phone = to ? phoneDigitsOf(to) : null;
        const limit = request.query.limit ?? 200;
        return { dataSet: await listDevOutbox(sql, { to, phone, limit }) };
      },
    );
  };
}
