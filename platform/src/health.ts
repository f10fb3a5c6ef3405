/**
 * Health of every process (issue 10, item 17). Each process checks something real: the APIs
 * their database and event store, the projector its projections (running or standing by, lag,
 * parked events), the workers their queue, Redis and the reactor.
 *
 * - Public `GET /healthz` answers the status only: `{status: 'ok' | 'degraded' | 'unavailable'}`,
 *   200 for ok and degraded (the product goes on, e.g. with a parked event), 503 when a part it
 *   needs is unavailable. Container health checks and load balancers use it.
 * - The details (parts, positions, lag, errors) go to admins: `GET /api/system-health`
 *   (access 'system-health'), or, for the projector and workers, which serve no API, on their
 *   own port at `GET /internal/health`, which docker-compose does not publish.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Sql } from './db/postgres';
import type { Logger } from './logger';
import { apiDoc } from './http/openapi';

export type HealthStatus = 'ok' | 'degraded' | 'unavailable';
export type PartState = 'ready' | 'degraded' | 'unavailable';

export interface PartReport {
  state: PartState;
  detail?: string;
  [more: string]: unknown;
}

export interface HealthReport {
  status: HealthStatus;
  parts: Record<string, PartReport>;
}

/** A projection (or reactor) further behind the head than this many events is 'degraded'. */
export const HEALTH_MAX_LAG = 10_000;

/** Runs a check with a time limit: ready, or unavailable with the error's message. */
export async function probe(fn: () => Promise<unknown>, timeoutMs = 2000): Promise<PartReport> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([fn(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)))]);
    return { state: 'ready' };
  } catch (error) {
    return { state: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The worst state of the parts. */
export function overallStatus(parts: Record<string, PartReport>): HealthStatus {
  const states = Object.values(parts).map((p) => p.state);
  if (states.includes('unavailable')) return 'unavailable';
  if (states.includes('degraded')) return 'degraded';
  return 'ok';
}

export function report(parts: Record<string, PartReport>): HealthReport {
  return { status: overallStatus(parts), parts };
}

/** What the health of projections needs of a projector's status (projector/src/runner.ts). */
export interface ProjectionHealthInput {
  name: string;
  state: 'starting' | 'standby' | 'running' | 'stopped' | 'error';
  position: number;
  lastError: string | null;
  /** Events the projection parked (could not apply); any makes the status 'degraded'. */
  parked?: number;
}

/**
 * The projector part from its projections' status: unavailable when one is stopped, failing or
 * not started; degraded when one has parked events or lags more than HEALTH_MAX_LAG; a standby
 * instance (another process runs the projection) is ready.
 */
export function projectionsPart(statuses: ProjectionHealthInput[], head: number | null): PartReport {
  const projections = statuses.map((p) => ({
    name: p.name,
    state: p.state,
    position: p.position,
    lag: head === null || p.state === 'standby' ? null : Math.max(0, head - p.position),
    parked: p.parked ?? 0,
    lastError: p.lastError,
  }));
  const failing = projections.filter((p) => (p.state !== 'running' && p.state !== 'standby') || p.lastError);
  const behind = projections.filter((p) => p.parked > 0 || (p.lag ?? 0) > HEALTH_MAX_LAG);
  const state: PartState = failing.length > 0 ? 'unavailable' : behind.length > 0 ? 'degraded' : 'ready';
  return {
    state,
    ...(failing.length > 0 ? { detail: `failing or not running: ${failing.map((p) => p.name).join(', ')}` } : {}),
    ...(failing.length === 0 && behind.length > 0 ? { detail: `parked events or lag: ${behind.map((p) => p.name).join(', ')}` } : {}),
    lag: Math.max(0, ...projections.map((p) => p.lag ?? 0)),
    parked: projections.reduce((sum, p) => sum + p.parked, 0),
    projections,
  };
}

/**
 * The workers part: the message worker runs on a ready Redis, the reactor runs (or stands by:
 * another process is the active one) and keeps up.
 */
export function workersPart(
  deps: { worker: { isRunning(): boolean }; reactor: { state?(): string; position(): number } },
  redis: PartReport,
  head: number | null,
): PartReport {
  // A reactor that does not tell its state (single-instance) is running while it exists.
  const reactorState = deps.reactor.state?.() ?? 'running';
  const lag = head === null || reactorState === 'standby' ? null : Math.max(0, head - deps.reactor.position());
  const reactor = { state: reactorState, position: deps.reactor.position(), lag };
  if (!deps.worker.isRunning() || redis.state !== 'ready') return { state: 'unavailable', detail: 'message worker not running', reactor };
  if (reactorState !== 'running' && reactorState !== 'standby') return { state: 'unavailable', detail: `reactor ${reactorState}`, reactor };
  if ((lag ?? 0) > HEALTH_MAX_LAG) return { state: 'degraded', detail: 'reactor lag', reactor };
  return { state: 'ready', reactor };
}

/**
 * The checkpoints as stored (every projection's and the reactor's, whichever process runs them)
 * with their lag, and the parked events per projection: what an API process can tell admins
 * about the parts that run elsewhere.
 */
export async function checkpointsPart(sql: Sql, head: number | null): Promise<PartReport> {
  try {
    const rows = await sql<{ name: string; position: string; updated_at: Date | null }[]>`
      select name, position::text as position, updated_at from checkpoints order by name`;
    const parked = await sql<{ projection: string; n: number }[]>`
      select projection, count(*)::int as n from parked_events group by projection`.catch(() => [] as { projection: string; n: number }[]);
    const parkedOf = new Map(parked.map((p) => [p.projection, p.n]));
    const checkpoints = rows.map((r) => ({
      name: r.name,
      position: Number(r.position),
      lag: head === null ? null : Math.max(0, head - Number(r.position)),
      parked: parkedOf.get(r.name) ?? 0,
      updatedAt: r.updated_at ? r.updated_at.toISOString() : null,
    }));
    const behind = checkpoints.filter((c) => c.parked > 0 || (c.lag ?? 0) > HEALTH_MAX_LAG);
    return {
      state: behind.length > 0 ? 'degraded' : 'ready',
      ...(behind.length > 0 ? { detail: `parked events or lag: ${behind.map((c) => c.name).join(', ')}` } : {}),
      checkpoints,
    };
  } catch (error) {
    return { state: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Public GET /healthz: the status only, 503 when unavailable. */
export function registerPublicHealth(app: FastifyInstance, check: () => Promise<HealthReport>): void {
  app.get('/healthz', { schema: { ...apiDoc('Operations', 'Health status', 'The status only (`ok`, `degraded`, `unavailable`): 200, or 503 when a part the product needs is unavailable. For load balancers and container checks.'), response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['ok', 'degraded', 'unavailable'] } } } } }, config: { access: 'public' } }, async (_request, reply) => {
    const { status } = await check();
    reply.header('cache-control', 'no-store');
    // 503 answers the same body (no schema of its own: it is not a problem+json refusal).
    (reply as FastifyReply).status(status === 'unavailable' ? 503 : 200);
    return { status };
  });
}

/** GET /api/system-health (admins): the status and every part's details. */
/** The details' answer: the status and every part's state, with each part's own figures (any fields). */
const healthDetailsAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded', 'unavailable'] },
        parts: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { state: { type: 'string', enum: ['ready', 'degraded', 'unavailable'] }, detail: { type: 'string' } }, additionalProperties: true },
        },
      },
    },
  },
} as const;

export function registerHealthDetails(app: FastifyInstance, check: () => Promise<HealthReport>): void {
  app.get('/api/system-health', { schema: { ...apiDoc('Operations', 'Health details', 'The state of every part (database, event store, projections with their lag and parked events, reactor, workers, Redis).'), response: { 200: healthDetailsAnswer } }, config: { access: 'system-health' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { dataSet: await check() };
  });
}

/**
 * The health server of a process without an API (projector, workers): GET /healthz (status
 * only) and GET /internal/health (details) on its own port, not published outside.
 */
export async function startHealthServer(options: { port: number; host: string; check: () => Promise<HealthReport>; logger?: Logger }): Promise<{ close(): Promise<void> }> {
  const app = Fastify({ logger: false }) as unknown as FastifyInstance;
  registerPublicHealth(app, options.check);
  app.get('/internal/health', async (_request, reply) => {
    const result = await options.check();
    reply.header('cache-control', 'no-store');
    reply.status(result.status === 'unavailable' ? 503 : 200);
    return result;
  });
  await app.listen({ port: options.port, host: options.host });
  options.logger?.info(`health on port ${options.port}: /healthz (status), /internal/health (details)`);
  return { close: () => app.close() };
}
