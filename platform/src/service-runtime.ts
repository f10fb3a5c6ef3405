/** What every server process opens first (database, protected event store) and how it stops on a signal. */
import { createPool, ensureDatabase, type Sql } from './db/postgres';
import { migrate, type Migration } from './db/migrate';
import { ALL_PLATFORM_MIGRATIONS } from './migrations';
import { createEventStore } from './event-store/select';
import { PersonalDataVault } from './personal-data/vault';
import { ProtectedEventStore } from './personal-data/protected-event-store';
import type { EventStore } from './event-store/port';
import type { Env } from './config/env';
import type { Logger } from './logger';

export interface ServiceRuntime {
  sql: Sql;
  /** The raw store: personal fields stay sealed (relays to other systems use this one). */
  rawStore: EventStore;
  /** The store every part of the product uses: personal fields sealed on append, opened on read. */
  store: ProtectedEventStore;
  vault: PersonalDataVault;
  close(): Promise<void>;
}

export async function openRuntime(env: Env & { piiMasterKey: Buffer }, migrations: readonly Migration[] = []): Promise<ServiceRuntime> {
  await ensureDatabase(env.DATABASE_URL);
  const sql = createPool(env.DATABASE_URL, { max: 20 });
  await migrate(sql, [...ALL_PLATFORM_MIGRATIONS, ...migrations]);
  const rawStore = await createEventStore(env, sql);
  // The keys' own database when PII_KEY_DATABASE_URL is set (closed with the store).
  const vault = await PersonalDataVault.open(sql, env);
  const store = new ProtectedEventStore(rawStore, vault);
  return {
    sql,
    rawStore,
    store,
    vault,
    async close() {
      await store.close();
      await sql.end({ timeout: 5 });
    },
  };
}

/** Runs `stop` once on SIGINT/SIGTERM, then exits (graceful shutdown of every process). */
export function stopOnSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal} received: stopping gracefully`);
      stop()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error({ err: String(error) }, 'graceful stop failed');
          process.exit(1);
        });
    });
  }
}
