/** Paper coupon books (issue 12): GET /api/paper-books/{bookNumber}. Being built. */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';

export const paperBookQueryRoutes = (_sql: Sql) => async (_app: FastifyInstance) => {};
