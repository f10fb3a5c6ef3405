import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { newEvent } from '@dealer/platform/event-store/contract';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOTAL = 400;

/** Children still running when the file ends (a failed or timed-out test) are killed. */
const children = new Set<ChildProcess>();

function runFixture(url: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testing/crash-fixture.ts'), url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) if (w.pattern.test(out)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const waitFor = (pattern: RegExp, ms = 20_000) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(out)) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output: ${out.slice(-500)}`)), ms);
      waiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
    });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.on('exit', () => (children.delete(child), resolve())));
  return { child, waitFor, exited, output: () => out };
}

async function kill(child: ChildProcess, exited: Promise<void>) {
  child.kill('SIGKILL');
  await exited;
}

describe('projector killed in the middle of a batch', () => {
  let db: TestDatabase;
  let last = 0;
  beforeAll(async () => {
    db = await createTestDatabase();
    const store = new PostgresEventStore(db.sql);
    for (let i = 0; i < TOTAL; i += 20) {
      ({ position: last } = await store.appendToStream(`tick-${i}`, Array.from({ length: 20 }, (_, j) => newEvent('Tick', { n: i + j }))));
    }
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await db?.drop();
  });

  it('should lose nothing and apply nothing twice after a restart', async () => {
    const first = runFixture(db.url);
    await first.waitFor(/COMMITTED \d+\n[\s\S]*COMMITTED \d+\n[\s\S]*MID\n(?![\s\S]*COMMITTED)/);
    await kill(first.child, first.exited);

    // The killed batch left nothing behind: the read table holds exactly the events up to the checkpoint.
    const [cp] = await db.sql`select position from checkpoints where name = 'crash_counter'`;
    const position = Number(cp!.position);
    const [{ upTo }] = (await db.sql`select count(*)::int as "upTo" from es_events where global_position <= ${position}`) as unknown as [{ upTo: number }];
    const [{ seen }] = (await db.sql`select count(*)::int as seen from rm_crash_counter.seen`) as unknown as [{ seen: number }];
    expect(upTo).toBeGreaterThan(0);
    expect(upTo).toBeLessThan(TOTAL);
    expect(seen).toBe(upTo);

    const second = runFixture(db.url);
    await second.waitFor(new RegExp(`COMMITTED ${last}\\n`), 60_000);
    await kill(second.child, second.exited);

    const [totals] = await db.sql`select n from rm_crash_counter.totals`;
    const [counts] = await db.sql`select count(*)::int as rows, count(distinct position)::int as distinct_positions from rm_crash_counter.seen`;
    expect(totals!.n).toBe(TOTAL);
    expect(counts).toEqual({ rows: TOTAL, distinct_positions: TOTAL });
  }, 120_000);
});
