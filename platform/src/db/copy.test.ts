/** COPY ... FROM STDIN through copyIn against a real PostgreSQL: a COPY that fails after its last write rejects instead of hanging. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { copyIn, CopyFailedError } from './copy';
import type { Sql } from './postgres';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create table copied (id integer primary key, name text)`;
});
afterAll(async () => {
  await db?.drop();
});

const copyLines = (lines: string[]) =>
  db.sql.begin(async (raw) => {
    const tx = raw as unknown as Sql;
    const copy = await copyIn(tx, 'copied', 'copy copied (id, name) from stdin');
    await copy.done(pipeline(Readable.from(lines.map((l) => `${l}\n`)), copy.writable));
  });

describe('copyIn', () => {
  it('should resolve once the rows are stored', async () => {
    await copyLines(['1\tone', '2\t\\N']);
    expect(await db.sql`select id, name from copied order by id`).toEqual([{ id: 1, name: 'one' }, { id: 2, name: null }]);
  });

  it('should reject, and store nothing, when the COPY fails after its last write: a duplicate key, a NUL byte', async () => {
    await expect(copyLines(['3\tthree', '1\tagain'])).rejects.toThrow(CopyFailedError);
    await expect(copyLines(['4\tfo\\0ur'])).rejects.toThrow(/COPY into copied failed/);
    expect((await db.sql`select id from copied order by id`).map((r) => r.id)).toEqual([1, 2]);
    // The pool's connections are usable afterwards.
    await copyLines(['5\tfive']);
    expect((await db.sql`select count(*)::int as n from copied`)[0]!.n).toBe(3);
  });
});
