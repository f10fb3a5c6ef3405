/**
 * Read-your-writes: a GET that carries a minimum position (header X-Min-Position or query
 * minPosition) waits, bounded, until the read models the route declares have reached it.
 * Projector commits NOTIFY `projection_checkpoint`; a short poll covers a lost notification.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER, MIN_POSITION_QUERY, READ_MODEL_STALE_HEADER } from '@dealer/contracts';
import type { Sql } from '../db/postgres';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read models (projection names) the route reads. */
    readModels?: string[];
  }
}

export class CheckpointWaiter {
  private readonly known = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private listener: { unlisten(): Promise<void> } | null = null;

  constructor(private readonly sql: Sql) {}

  async start(): Promise<void> {
    this.listener = await this.sql.listen('projection_checkpoint', (payload) => {
      // 'name:position', or 'a,b,c:position' when the projector moved several checkpoints at once.
      const [names, pos] = payload.split(':');
      if (names && pos) for (const name of names.split(',')) this.note(name, Number(pos));
    });
  }

  private note(name: string, position: number): void {
    if (position > (this.known.get(name) ?? 0)) this.known.set(name, position);
    for (const wake of this.waiters) wake();
  }

  private async refresh(names: readonly string[]): Promise<void> {
    const rows = await this.sql<{ name: string; position: string }[]>`select name, position from checkpoints where name = any(${names})`;
    for (const r of rows) this.note(r.name, Number(r.position));
  }

  private reached(names: readonly string[], min: number): boolean {
    return names.every((n) => (this.known.get(n) ?? 0) >= min);
  }

  /** Resolves true once every named read model reached `min`, false after `timeoutMs`. */
  async waitFor(names: readonly string[], min: number, timeoutMs = 5000): Promise<boolean> {
    if (this.reached(names, min)) return true;
    await this.refresh(names);
    const deadline = Date.now() + timeoutMs;
    while (!this.reached(names, min)) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 50));
        this.waiters.add(done);
      });
      if (!this.reached(names, min)) await this.refresh(names);
    }
    return true;
  }

  async stop(): Promise<void> {
    await this.listener?.unlisten().catch(() => undefined);
  }
}

function minPositionOf(request: FastifyRequest): number | null {
  const header = request.headers[MIN_POSITION_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.[MIN_POSITION_QUERY];
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : null;
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export function registerReadYourWrites(app: FastifyInstance, waiter: CheckpointWaiter): void {
  app.addHook('preHandler', async (request, reply) => {
    const readModels = request.routeOptions.config.readModels;
    if (!readModels || readModels.length === 0) return;
    const min = minPositionOf(request);
    if (min === null) return;
    const caughtUp = await waiter.waitFor(readModels, min);
    if (!caughtUp) reply.header(READ_MODEL_STALE_HEADER, '1');
  });
}
