/** Periodic sweeps in the workers against real PostgreSQL: of two processes waking at once, one sweeps (the advisory lock); a failing sweep is logged and the next runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { startPeriodicSweep } from './periodic-sweep';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic sweeps', () => {
  it('should let one of two processes sweep at a time, and one sweep at a time in a process', async () => {
    let runs = 0;
    const sweep = async () => {
      runs++;
      await sleep(300);
    };
    const options = { lock: 'test:periodic-sweep', intervalMs: 60_000, failure: 'sweep failed' };
    const a = startPeriodicSweep({ sql: db.sql }, options, sweep);
    const b = startPeriodicSweep({ sql: db.sql }, options, sweep);
    a.wake();
    await sleep(100);
    a.wake();
    b.wake();
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
  });

  it('should log a sweep that fails and run the next one', async () => {
    const warnings: string[] = [];
    const logger = { warn: (_: unknown, message: string) => warnings.push(message) } as never;
    let calls = 0;
    const sweeper = startPeriodicSweep({ sql: db.sql, logger }, { lock: 'test:periodic-failing', intervalMs: 60_000, failure: 'sweep failed' }, async () => {
      calls++;
      if (calls === 1) throw new Error('read model not there yet');
    });
    sweeper.wake();
    await sleep(200);
    sweeper.wake();
    await sweeper.stop();
    expect(calls).toBe(2);
    expect(warnings).toEqual(['sweep failed']);
  });
});
