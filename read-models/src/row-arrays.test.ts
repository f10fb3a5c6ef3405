import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@dealer/platform/testing/database';
import { columnArrays, copyRows, unnestSelect, type ColumnSpec } from './row-arrays';

interface Row {
  id: string;
  name: string | null;
  flag: boolean;
  n: number;
  at: Date | string;
}
const columns: ColumnSpec<Row>[] = [
  { name: 'id', type: 'uuid' },
  { name: 'name', type: 'text' },
  { name: 'flag', type: 'boolean' },
  { name: 'n', type: 'integer' },
  { name: 'at', type: 'timestamptz' },
];

describe('rows as one array literal per column', () => {
  it('should select the columns by unnesting typed arrays from the given parameter on', () => {
    expect(unnestSelect(columns, 2)).toBe('select * from unnest($2::uuid[], $3::text[], $4::boolean[], $5::integer[], $6::timestamptz[]) as r(id, name, flag, n, at)');
  });

  it('should quote every text, escape quotes and backslashes, and tell NULL from the text "NULL"', () => {
    const rows: Row[] = [
      { id: 'a', name: 'O"Brien \\ Jr, {x}', flag: true, n: 1, at: new Date('2026-01-02T03:04:05.678Z') },
      { id: 'b', name: null, flag: false, n: -2, at: '2026-01-01T00:00:00.000Z' },
      { id: 'c', name: 'NULL', flag: false, n: 0, at: '2026-01-01T00:00:00.000Z' },
      { id: 'd', name: '', flag: true, n: 3, at: '2026-01-01T00:00:00.000Z' },
    ];
    expect(columnArrays(columns, rows)).toEqual([
      '{"a","b","c","d"}',
      '{"O\\"Brien \\\\ Jr, {x}",NULL,"NULL",""}',
      '{t,f,f,t}',
      '{1,-2,0,3}',
      '{2026-01-02T03:04:05.678Z,"2026-01-01T00:00:00.000Z","2026-01-01T00:00:00.000Z","2026-01-01T00:00:00.000Z"}',
    ]);
  });

  it('should send no rows as empty arrays', () => {
    expect(columnArrays(columns, [])).toEqual(['{}', '{}', '{}', '{}', '{}']);
  });
});

describe('rows new to a table, by COPY (copyRows)', () => {
  it('should store every value as the array literals do: tabs, line breaks, backslashes, the text \\N, null, times', async () => {
    const db = await createTestDatabase();
    try {
      await db.sql`create table t (id text primary key, name text, flag boolean not null, n integer not null, at timestamptz not null)`;
      const rows: Row[] = [
        { id: 'a', name: 'tab\there\nnew line\r\\ back \\N', flag: true, n: 1, at: new Date('2026-01-02T03:04:05.678Z') },
        { id: 'b', name: null, flag: false, n: -2, at: '2026-01-01T00:00:00.000Z' },
        { id: 'c', name: '\\N', flag: false, n: 0, at: '2026-01-01T00:00:00.000Z' },
        { id: 'd', name: '', flag: true, n: 3, at: '2026-06-30T12:00:00.000-06:00' },
      ];
      await db.sql.begin((tx) => copyRows(tx as never, 't', columns, rows));
      const stored = await db.sql<Row[]>`select id, name, flag, n, at from t order by id`;
      expect(stored).toEqual(rows.map((r) => ({ ...r, at: new Date(r.at) })));
      // A row already there fails the COPY, and with it everything it carried.
      await expect(db.sql.begin((tx) => copyRows(tx as never, 't', columns, [{ ...rows[0]!, id: 'e' }, rows[1]!]))).rejects.toThrow(/COPY into t failed.*current transaction is aborted/);
      expect((await db.sql`select id from t where id = 'e'`).length).toBe(0);

      // Rows made as they are taken (a generator, read once), over several chunks of text: every one arrives, once.
      let made = 0;
      function* generated(): Generator<Row> {
        for (let i = 0; i < 4_500; i++) {
          made += 1;
          yield { id: `g${String(i).padStart(4, '0')}`, name: `row ${i}`, flag: i % 2 === 0, n: i, at: '2026-01-01T00:00:00.000Z' };
        }
      }
      await db.sql.begin((tx) => copyRows(tx as never, 't', columns, generated()));
      expect(made).toBe(4_500);
      const counted = await db.sql<{ count: number; distinct: number; last: number }[]>`
        select count(*)::int as count, count(distinct n)::int as distinct, max(n) as last from t where id like 'g%'`;
      expect(counted[0]).toEqual({ count: 4_500, distinct: 4_500, last: 4_499 });
    } finally {
      await db.drop();
    }
  });
});
