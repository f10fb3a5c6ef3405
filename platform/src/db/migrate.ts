/** Applies ordered SQL migrations once each, under an advisory lock so parallel starts are safe. */
import type { Sql } from './postgres';

export interface Migration {
  id: string;
  sql: string;
}

export async function migrate(sql: Sql, migrations: readonly Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(7061727)`;
    await tx`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx<{ id: string }[]>`select id from schema_migrations`).map((r) => r.id));
    for (const m of migrations) {
      // A migration named twice in the list (two parts listing a shared one) runs once.
      if (done.has(m.id)) continue;
      done.add(m.id);
      await tx.unsafe(m.sql);
      await tx`insert into schema_migrations (id) values (${m.id})`;
      applied.push(m.id);
    }
  });
  return applied;
}
