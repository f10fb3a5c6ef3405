/** Checkpoints of subscribers (projections, reactor, relays) in the `checkpoints` table. */
import type { Sql } from './db/postgres';

type Queryable = Pick<Sql, 'unsafe'> & Sql;

export async function readCheckpoint(sql: Queryable, name: string): Promise<number> {
  const [row] = await sql<{ position: string }[]>`select position from checkpoints where name = ${name}`;
  return Number(row?.position ?? 0);
}

export async function writeCheckpoint(sql: Queryable, name: string, position: number): Promise<void> {
  await sql`insert into checkpoints (name, position, updated_at) values (${name}, ${position}, now())
    on conflict (name) do update set position = excluded.position, updated_at = now()`;
}
