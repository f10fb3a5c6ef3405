/**
 * Runs the shared event-store contract against a real EventStoreDB: the server at
 * EVENTSTORE_URL, else a throwaway container where a container engine exists. Where neither
 * exists the suite reports itself skipped, by name, with the reason.
 */
import { describe, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { detectContainerSupport, type Testcontainers } from '../../testing/container-engine';
import { describeEventStoreContract, newEvent } from '../contract';
import { EventStoreDBEventStore } from './eventstoredb-event-store';

const IMAGE = 'eventstore/eventstore:24.10';

interface Server {
  url: string;
  stop(): Promise<void>;
}

async function startContainer(tc: Testcontainers): Promise<Server> {
  const container = await new tc.GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(tc.Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s >= 200 && s < 300))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

/** Live is not yet leader: wait until the node accepts writes. */
async function waitUntilWritable(store: EventStoreDBEventStore, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await store.appendToStream(`readiness-${crypto.randomUUID()}`, [newEvent('ReadinessProbed')]);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

// Decided at collection time, so the run shows either the contract or a named skip.
const configuredUrl = loadEnv().EVENTSTORE_URL;
const support = configuredUrl ? null : await detectContainerSupport();
// Started here rather than in a hook: pulling the image may take longer than a hook timeout.
const server: Server | null = configuredUrl
  ? { url: configuredUrl, stop: async () => undefined }
  : support?.available
    ? await startContainer(support.testcontainers)
    : null;

if (server) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDBEventStore(server.url, { resubscribeDelayMs: 50 });
    await waitUntilWritable(store);
    return {
      store,
      async dispose() {
        await store.close();
        await server.stop();
      },
    };
  });
} else {
  const reason = support && !support.available ? support.reason : 'unknown';
  describe.skip(`event store contract: EventStoreDB (skipped: set EVENTSTORE_URL or provide a container engine; ${reason})`, () => {
    it('should pass the shared event-store contract against a real EventStoreDB', () => undefined);
  });
}
