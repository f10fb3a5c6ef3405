/**
 * A checkpointed relay: follows the event store from its checkpoint and hands each batch to
 * a publisher, advancing the checkpoint only after the publisher has confirmed the whole
 * batch. A crash between the two publishes the batch again (at least once; consumers
 * deduplicate by event id), never loses one.
 *
 * One instance per relay name is active at a time: it holds a PostgreSQL advisory lock on a
 * reserved connection, and the others stand by and take over when it goes, so any number of
 * replicas can run the relay.
 */
import type { Sql } from '../db/postgres';
import type { EventStore, RecordedEvent } from '../event-store/port';
import { readCheckpoint, saveCheckpoint } from './relay-checkpoint';

export interface RelayPublisher {
  /**
   * Resolves once every event of the batch is durably accepted downstream. Should give up
   * (reject) when `signal` aborts: the relay is stopping and will publish the batch again.
   */
  publish(events: RecordedEvent[], signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** The subset of pino's logger the relay uses. Never given event data: it may be personal. */
export interface RelayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EventRelayOptions {
  sql: Sql;
  /** The raw store: events are relayed exactly as stored. */
  store: EventStore;
  /** The checkpoint row and the lock are named after it. */
  name: string;
  publisher: RelayPublisher;
  logger?: RelayLogger;
  batchSize?: number;
  /** How often a standby tries to take over, and how often the active one checks its lock. */
  standbyPollMs?: number;
  /** First delay after a failed publish; doubles up to 30 s. */
  retryDelayMs?: number;
}

export interface RunningRelay {
  /** Stops relaying, lets an in-flight publish give up, releases the lock and closes the publisher. */
  stop(): Promise<void>;
}

/** Two-key advisory locks: this namespace plus hashtext(name). */
const LOCK_NAMESPACE = 7061728;

const silent: RelayLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export function startEventRelay(options: EventRelayOptions): RunningRelay {
  const { sql, store, name, publisher } = options;
  const logger = options.logger ?? silent;
  const batchSize = options.batchSize ?? 200;
  const standbyPollMs = options.standbyPollMs ?? 2_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const controller = new AbortController();
  const signal = controller.signal;

  async function publishThenCheckpoint(batch: RecordedEvent[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      try {
        await publisher.publish(batch, signal);
        break;
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warn({ relay: name, attempt, err: error }, 'relay publish failed; retrying');
        await delay(Math.min(30_000, retryDelayMs * 2 ** Math.min(attempt - 1, 10)), signal);
      }
    }
    await saveCheckpoint(sql, name, batch[batch.length - 1]!.globalPosition);
  }

  /** Relays until stopped, or throws when the lock's session is gone. */
  async function relayWhileHolding(lockSession: Sql): Promise<void> {
    const after = await readCheckpoint(sql, name);
    logger.info({ relay: name, after }, 'relay active');
    const subscription = store.subscribeToAll({
      after,
      batchSize,
      onBatch: publishThenCheckpoint,
      onError: (error) => {
        if (!signal.aborted) logger.warn({ relay: name, err: error }, 'relay batch failed; it will be retried');
      },
    });
    try {
      while (!signal.aborted) {
        await delay(standbyPollMs, signal);
        if (signal.aborted) break;
        // The lock lives as long as its session: a reconnected session holds nothing.
        const [row] = await lockSession<{ held: boolean }[]>`
          select exists (select 1 from pg_locks
            where locktype = 'advisory' and pid = pg_backend_pid() and granted) as held`;
        if (!row?.held) throw new Error(`relay ${name} lost its lock`);
      }
    } finally {
      await subscription.stop();
    }
  }

  async function leadIfFree(): Promise<void> {
    const session = await sql.reserve();
    let locked = false;
    try {
      const [row] = await session<{ locked: boolean }[]>`
        select pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(${name})) as locked`;
      locked = row?.locked ?? false;
      if (locked) await relayWhileHolding(session);
    } finally {
      if (locked) await session`select pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext(${name}))`.catch(() => undefined);
      session.release();
    }
  }

  const running = (async () => {
    while (!signal.aborted) {
      try {
        await leadIfFree();
      } catch (error) {
        if (!signal.aborted) logger.error({ relay: name, err: error }, 'relay stopped unexpectedly; restarting');
      }
      await delay(standbyPollMs, signal);
    }
  })();

  return {
    async stop() {
      controller.abort();
      await running;
      await publisher.close();
    },
  };
}
