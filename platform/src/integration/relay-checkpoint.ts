/**
 * A relay's checkpoint: the global position of the last event it has handed over for good,
 * one row of the shared `checkpoints` table. It only moves forward, so a late writer (a
 * leader that lost its lock mid-batch) can never send it back.
 */
import type { Sql } from '../db/postgres';

export async function readCheckpoint(sql: Sql, name: string): Promise<number> {
  const [row] = await sql<{ position: string }[]>`select position from checkpoints where name = ${name}`;
  return Number(row?.position ?? 0);
}

export async function saveCheckpoint(sql: Sql, name: string, position: number): Promise<void> {
  await sql`
    insert into checkpoints (name, position, updated_at) values (${name}, ${position}, now())
    on conflict (name) do update
      set position = greatest(checkpoints.position, excluded.position), updated_at = now()`;
}
