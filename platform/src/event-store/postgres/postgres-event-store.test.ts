import { describeEventStoreContract } from '../contract';
import { createTestDatabase } from '../../testing/database';
import { PostgresEventStore } from './postgres-event-store';
import { createPool } from '../../db/postgres';
import { describe, expect, it } from 'vitest';

describeEventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.sql, { pollIntervalMs: 200 });
  return {
    store,
    async appendHoldingCommit(streamId, events, holdMs) {
      await db.sql.begin(async (tx) => {
        const transactional = new PostgresEventStore(tx as unknown as typeof db.sql);
        await transactional.appendToStream(streamId, events);
        await tx`select pg_sleep(${holdMs / 1000})`;
      });
      await db.sql.notify('es_appended', '');
    },
    async dispose() {
      await store.close();
      await db.drop();
    },
  };
});

describe('PostgreSQL event store specifics', () => {
  it('should append on a brand-new pool whose connections have not loaded any types yet', async () => {
    const db = await createTestDatabase();
    const fresh = createPool(db.url, { max: 2 });
    try {
      const store = new PostgresEventStore(fresh);
      const e = { type: 'A', data: { n: 1 }, metadata: { eventId: crypto.randomUUID(), correlationId: 'c', causationId: null, actor: 't', time: '' } };
      const result = await store.appendToStream('fresh-1', [e], { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(0);
    } finally {
      await fresh.end();
      await db.drop();
    }
  });

  it('should refuse an append that is not the first write of its transaction', async () => {
    const db = await createTestDatabase();
    try {
      const error = await db.sql
        .begin(async (tx) => {
          await tx`insert into checkpoints (name) values ('x')`;
          await new PostgresEventStore(tx as unknown as typeof db.sql).appendToStream('s-1', [
            { type: 'A', data: {}, metadata: { eventId: crypto.randomUUID(), correlationId: 'c', causationId: null, actor: 't', time: '' } },
          ]);
        })
        .catch((e: unknown) => e);
      expect(String(error)).toContain('first write of its transaction');
    } finally {
      await db.drop();
    }
  });
});
