/** Picks the event-store adapter from configuration: EventStoreDB when EVENTSTORE_URL is set, else PostgreSQL. */
import type { Sql } from '../db/postgres';
import type { EventStore } from './port';
import { PostgresEventStore } from './postgres/postgres-event-store';

export async function createEventStore(config: { EVENTSTORE_URL?: string | undefined }, sql: Sql): Promise<EventStore> {
  if (!config.EVENTSTORE_URL) return new PostgresEventStore(sql);
  const modulePath = './eventstoredb/eventstoredb-event-store';
  const mod = (await import(modulePath)) as { EventStoreDBEventStore: new (url: string) => EventStore };
  return new mod.EventStoreDBEventStore(config.EVENTSTORE_URL);
}
