/**
 * The Kafka relay against a real Kafka: the brokers in KAFKA_BROKERS, else a throwaway
 * single-node KRaft container where a container engine exists. Where neither exists the
 * suite reports itself skipped, by name, with the reason.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env';
import { newEvent } from '../event-store/contract';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { detectContainerSupport, type Testcontainers } from '../testing/container-engine';
import type { RunningRelay } from './event-relay';
import type { IntegrationEvent } from './integration-event';
import { parseBrokers } from './kafka-publisher';
import { KAFKA_RELAY_NAME, startKafkaRelay } from './kafka-relay';
import { readCheckpoint } from './relay-checkpoint';

const IMAGE = 'apache/kafka:3.8.0';

interface KafkaServer {
  brokers: string[];
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Kafka must advertise the address clients reach it by, so the host port is chosen first. */
async function startContainer(tc: Testcontainers): Promise<KafkaServer> {
  const host = (await tc.getContainerRuntimeClient()).info.containerRuntime.host;
  const port = await freePort();
  const container = await new tc.GenericContainer(IMAGE)
    .withExposedPorts({ container: 9092, host: port })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,BROKER://:9094,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port},BROKER://localhost:9094`,
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_NUM_PARTITIONS: '3',
    })
    .withWaitStrategy(tc.Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(120_000)
    .start();
  return { brokers: [`${host}:${port}`], stop: async () => void (await container.stop()) };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Decided at collection time, so the run shows either the suite or a named skip.
const configuredBrokers = loadEnv().KAFKA_BROKERS;
const support = configuredBrokers ? null : await detectContainerSupport();
// Started here rather than in a hook: pulling the image may take longer than a hook timeout.
const server: KafkaServer | null = configuredBrokers
  ? { brokers: parseBrokers(configuredBrokers), stop: async () => undefined }
  : support?.available
    ? await startContainer(support.testcontainers)
    : null;

if (server) {
  describe('kafka relay against Kafka', () => {
    const topic = `relay-test-${randomUUID()}`;
    let db: TestDatabase;
    let store: PostgresEventStore;
    let consumer: Consumer;
    const received: IntegrationEvent[] = [];
    const relay = () => startKafkaRelay({ sql: db.sql, store, brokers: server.brokers, topic, standbyPollMs: 200 });
    const append = async (streams: string[], perStream: number) => {
      for (let i = 0; i < perStream; i++) for (const s of streams) await store.appendToStream(s, [newEvent('Counted', { i })]);
    };
    const expectEachOnceInStreamOrder = (streams: string[], perStream: number) => {
      expect(new Set(received.map((e) => e.eventId)).size).toBe(received.length);
      for (const s of streams) {
        const mine = received.filter((e) => e.streamId === s);
        expect(mine.map((e) => e.revision)).toEqual(Array.from({ length: perStream }, (_, i) => i));
      }
    };

    beforeAll(async () => {
      db = await createTestDatabase();
      store = new PostgresEventStore(db.sql, { pollIntervalMs: 50 });
      consumer = new Kafka({ clientId: 'relay-test', brokers: server.brokers, logLevel: logLevel.ERROR }).consumer({
        groupId: `relay-test-${randomUUID()}`,
      });
    });
    afterAll(async () => {
      await consumer?.disconnect();
      await store?.close();
      await db?.drop();
      await server.stop();
    });

    it('should deliver each event once in stream order, advance the checkpoint, and resume after a restart', async () => {
      const streams = ['customer-a', 'customer-b', 'customer-c'].map((s) => `${s}-${randomUUID()}`);
      await append(streams, 5);
      let running: RunningRelay = relay();
      const head = await store.headPosition();
      await waitFor(async () => (await readCheckpoint(db.sql, KAFKA_RELAY_NAME)) === head);

      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push(JSON.parse(message.value!.toString()) as IntegrationEvent);
        },
      });
      await waitFor(() => received.length === 15);
      expectEachOnceInStreamOrder(streams, 5);

      await running.stop();
      await append(streams, 3); // written while no relay runs
      running = relay();
      const newHead = await store.headPosition();
      await waitFor(async () => (await readCheckpoint(db.sql, KAFKA_RELAY_NAME)) === newHead);
      await waitFor(() => received.length >= 24);
      await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive by now
      expect(received).toHaveLength(24);
      expectEachOnceInStreamOrder(streams, 8);
      await running.stop();
    }, 120_000);
  });
} else {
  const reason = support && !support.available ? support.reason : 'unknown';
  describe.skip(`kafka relay against Kafka (skipped: set KAFKA_BROKERS or provide a container engine; ${reason})`, () => {
    it('should deliver each event once in stream order, advance the checkpoint, and resume after a restart', () => undefined);
  });
}
