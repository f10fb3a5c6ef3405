/**
 * Publishes batches of stored events to one Kafka topic with the idempotent producer (acks
 * from all in-sync replicas, one request in flight so retries keep the order). Resolves only
 * when the whole batch is acknowledged.
 *
 * The topic is created by the broker on first use (auto.create.topics.enable, with its
 * num.partitions and default.replication.factor); where that is off, create it beforehand.
 */
import { Kafka, Partitioners, logLevel, type LogEntry } from 'kafkajs';
import type { RecordedEvent } from '../event-store/port';
import type { RelayLogger, RelayPublisher } from './event-relay';
import { toIntegrationMessage } from './integration-event';

export interface KafkaPublisherOptions {
  /** host:port list, e.g. from KAFKA_BROKERS="kafka-1:9092,kafka-2:9092". */
  brokers: string[];
  topic: string;
  clientId?: string;
  logger?: RelayLogger;
}

/** Resolves or rejects like `promise`, or rejects as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined); // a rejection after abort has nobody left to hear it
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function kafkaLogCreator(logger: RelayLogger | undefined) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      if (!logger) return;
      // Only kafkajs' own message and error text: never message payloads.
      const entry = { kafka: namespace, error: typeof log.error === 'string' ? log.error : undefined };
      if (level === logLevel.ERROR) logger.error(entry, log.message);
      else if (level === logLevel.WARN) logger.warn(entry, log.message);
    };
}

export function createKafkaPublisher(options: KafkaPublisherOptions): RelayPublisher {
  const kafka = new Kafka({
    clientId: options.clientId ?? 'dealer-kafka-relay',
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: kafkaLogCreator(options.logger),
  });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  let connected: Promise<void> | null = null;
  producer.on(producer.events.DISCONNECT, () => {
    connected = null;
  });

  return {
    async publish(events: RecordedEvent[], signal: AbortSignal) {
      connected ??= producer.connect().catch((error: unknown) => {
        connected = null;
        throw error;
      });
      await unlessAborted(connected, signal);
      await unlessAborted(
        producer.send({ topic: options.topic, acks: -1, messages: events.map(toIntegrationMessage) }),
        signal,
      );
    },
    async close() {
      await producer.disconnect();
    },
  };
}

/** "a:9092, b:9092" -> ["a:9092", "b:9092"] */
export function parseBrokers(brokers: string | string[]): string[] {
  const list = Array.isArray(brokers) ? brokers : brokers.split(',');
  return list.map((b) => b.trim()).filter(Boolean);
}
