import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database';
import { createPool, notifyAsync } from './postgres';

describe('notifyAsync', () => {
  it('delivers the payload as given (quotes included) on its channel, and refuses a malformed channel name', async () => {
    const db = await createTestDatabase();
    try {
      const received: string[] = [];
      const listening = await db.sql.listen('projection_checkpoint', (payload) => received.push(payload));
      await notifyAsync(db.sql, 'projection_checkpoint', "a,b:42 it's");
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(["a,b:42 it's"]);
      await expect(notifyAsync(db.sql, "x'); drop table y; --", '')).rejects.toThrow('not a channel name');
      // The setting was local to the notification's own implicit transaction: the one connection keeps 'on'.
      const one = createPool(db.url, { max: 1 });
      await notifyAsync(one, 'projection_checkpoint', 'x');
      const [row] = await one<{ s: string }[]>`select current_setting('synchronous_commit') as s`;
      expect(row!.s).toBe('on');
      await one.end();
      await listening.unlisten();
    } finally {
      await db.drop();
    }
  });
});
