/**
 * The Kafka relay (on when KAFKA_BROKERS is set): publishes every stored event as an
 * integration event to one topic, key = stream id, from the checkpoint `kafka-relay`, at
 * least once (consumers deduplicate by eventId).
 *
 * Give it the RAW store, not ProtectedEventStore: personal fields must leave sealed in
 * `__pii`, so that erasing a customer's key also erases them from every Kafka consumer.
 */
import type { Sql } from '../db/postgres';
import type { EventStore } from '../event-store/port';
import { startEventRelay, type RelayLogger, type RelayPublisher, type RunningRelay } from './event-relay';
import { createKafkaPublisher, parseBrokers } from './kafka-publisher';

export const KAFKA_RELAY_NAME = 'kafka-relay';

export interface KafkaRelayOptions {
  sql: Sql;
  /** The raw event store (see the module header). */
  store: EventStore;
  /** KAFKA_BROKERS: comma-separated host:port list, or a list. */
  brokers: string | string[];
  /** KAFKA_TOPIC. */
  topic: string;
  logger?: RelayLogger;
  batchSize?: number;
  /** How often a standby replica tries to take over. */
  standbyPollMs?: number;
  /** Replaces the kafkajs publisher; tests use it only to force failures. */
  publisher?: RelayPublisher;
}

export function startKafkaRelay(options: KafkaRelayOptions): RunningRelay {
  const brokers = parseBrokers(options.brokers);
  if (brokers.length === 0) throw new Error('startKafkaRelay needs at least one broker');
  const publisher = options.publisher ?? createKafkaPublisher({ brokers, topic: options.topic, logger: options.logger });
  return startEventRelay({
    sql: options.sql,
    store: options.store,
    name: KAFKA_RELAY_NAME,
    publisher,
    logger: options.logger,
    batchSize: options.batchSize,
    standbyPollMs: options.standbyPollMs,
  });
}
