/** The command API (write side: non-GET /api) as a fastify plugin. */
import type { FastifyInstance } from 'fastify';
import type { EventStore } from '@dealer/platform';
import { customerRoutes } from './routes/customers';

export interface CommandApiDeps {
  store: EventStore;
}

export function commandApi(deps: CommandApiDeps) {
  return async function plugin(app: FastifyInstance) {
    await app.register(customerRoutes(deps.store));
  };
}
