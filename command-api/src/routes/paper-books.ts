/** Paper coupon books (issue 12): routes of contracts/src/paper-books/views.ts. Being built. */
import type { FastifyInstance } from 'fastify';
import type { EventStore, Sql } from '@dealer/platform';

export const paperBookRoutes = (_deps: { store: EventStore; sql: Sql }) => async (_app: FastifyInstance) => {};
