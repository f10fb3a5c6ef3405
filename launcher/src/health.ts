/**
 * Health of the whole product in one process (platform/src/health.ts): public GET /healthz
 * answers the status only (200 ok / degraded, 503 unavailable); admins get every part's details
 * (database, Redis, event store, projector with each projection's position, lag and parked
 * events, workers and reactor) at GET /api/system-health.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import type { EventStore, Sql } from '@dealer/platform';
import { probe, projectionsPart, registerHealthDetails, registerPublicHealth, report, workersPart, type HealthReport } from '@dealer/platform/health';
import type { ProjectorHandle } from '@dealer/projector';
import type { ReactorHandle } from '@dealer/workers';

export interface HealthDeps {
  sql: Sql;
  redis: Redis;
  store: EventStore;
  projector: ProjectorHandle;
  /** The message worker (in this process, or a child process's last report). */
  worker: Pick<Worker, 'isRunning'>;
  reactor: Pick<ReactorHandle, 'position'> & { state(): string };
}

export function productHealth(deps: HealthDeps): () => Promise<HealthReport> {
  return async () => {
    const [database, redis, eventStore] = await Promise.all([
      probe(() => deps.sql`select 1`),
      probe(() => deps.redis.ping()),
      probe(() => deps.store.headPosition()),
    ]);
    const head = eventStore.state === 'ready' ? await deps.store.headPosition().catch(() => null) : null;
    return report({
      database,
      redis,
      eventStore: { ...eventStore, headPosition: head },
      projector: projectionsPart(deps.projector.status(), head),
      workers: workersPart(deps, redis, head),
    });
  };
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  const check = productHealth(deps);
  registerPublicHealth(app, check);
  registerHealthDetails(app, check);
}
