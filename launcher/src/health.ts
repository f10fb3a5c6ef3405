/** GET /healthz: 200 only when database, Redis, event store, projector and workers are ready. */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import type { EventStore, Sql } from '@dealer/platform';
import type { ProjectorHandle } from '@dealer/projector';
import type { ReactorHandle } from '@dealer/workers';

export interface HealthDeps {
  sql: Sql;
  redis: Redis;
  store: EventStore;
  projector: ProjectorHandle;
  worker: Worker;
  reactor: ReactorHandle;
}

type PartState = { state: 'ready' | 'unavailable'; detail?: string };

async function probe(fn: () => Promise<unknown>): Promise<PartState> {
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    return { state: 'ready' };
  } catch (error) {
    return { state: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  app.get('/healthz', async (_request, reply) => {
    const [database, redis, eventStore] = await Promise.all([
      probe(() => deps.sql`select 1`),
      probe(() => deps.redis.ping()),
      probe(() => deps.store.headPosition()),
    ]);
    const head = await deps.store.headPosition().catch(() => null);
    const projections = deps.projector.status().map((p) => ({
      name: p.name,
      state: p.state,
      position: p.position,
      lag: head === null ? null : Math.max(0, head - p.position),
      lastError: p.lastError,
    }));
    const projectorReady = projections.every((p) => p.state === 'running' && !p.lastError);
    const workersReady = deps.worker.isRunning() && redis.state === 'ready';
    const ok = database.state === 'ready' && redis.state === 'ready' && eventStore.state === 'ready' && projectorReady && workersReady;
    reply.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'unavailable',
      parts: {
        database,
        redis,
        eventStore: { ...eventStore, headPosition: head },
        projector: { state: projectorReady ? 'ready' : 'unavailable', lag: Math.max(0, ...projections.map((p) => p.lag ?? 0)), projections },
        workers: {
          state: workersReady ? 'ready' : 'unavailable',
          reactor: { position: deps.reactor.position(), lag: head === null ? null : Math.max(0, head - deps.reactor.position()) },
        },
      },
    };
  });
}
