/**
 * A projector stopped twice (a process's shutdown and a test's clean-up, say): the second stop
 * answers the first's. It must not touch the reserved connection the first gave back to the pool:
 * postgres.js queues a statement on a given-back reservation whose connection is full, and nothing
 * runs that queue any more (the reactor's test of the standby hung on it in a CI run, session 24).
 */
import { describe, expect, it } from 'vitest';
import { PostgresEventStore, createPool } from '@dealer/platform';
import { createTestDatabase } from '@dealer/platform/testing/database';
import { startProjector } from './runner';
import { putProjections } from './testing/put-projections';

describe('a projector stopped twice', () => {
  it('should answer the second stop as the first, without the lock connection it gave back', async () => {
    const db = await createTestDatabase();
    // A pool of two: one is the projector's lock connection until its stop.
    const sql = createPool(db.url, { max: 2 });
    const store = new PostgresEventStore(db.sql, { pollIntervalMs: 25 });
    try {
      const { values } = putProjections('stop_twice');
      const projector = startProjector({ sql, store, projections: [values] });
      const deadline = Date.now() + 15_000;
      while (projector.status()[0]!.state !== 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(projector.status()[0]!.state).toBe('running');
      await projector.stop();
      // Both connections full: a pipeline of short sleeps on each, about a second long.
      const busy = Promise.all(Array.from({ length: 400 }, () => sql`select pg_sleep(0.005)`));
      const again = await Promise.race([projector.stop().then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting'), 3_000))]);
      expect(again).toBe('stopped');
      await busy;
    } finally {
      await store.close();
      await sql.end({ timeout: 5 });
      await db.drop();
    }
  }, 60_000);
});
