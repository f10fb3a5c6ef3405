/** Read model `users`: employees (staff directory) for sign-in and the users admin page. */
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';

export const users: Projection = {
  name: 'users',
  schema: 'rm_users',
  handles: new Set(['EmployeeCreated']),
  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.employees (
        user_id uuid primary key, first text not null, last text not null, username text not null unique,
        email text, mobile_phone text, other_phone text, title text, department text, location_id int not null,
        created_at timestamptz not null
      )`);
  },
  async applyBatch(tx, schema, events) {
    for (const e of events) {
      const d = e.data as Record<string, unknown>;
      await tx.unsafe(
        `insert into ${ident(schema)}.employees values ($1, $2, $3, lower($4), $5, $6, $7, $8, $9, $10, $11) on conflict (user_id) do nothing`,
        [d.userId, d.first, d.last, d.username, d.email ?? null, d.mobilePhone ?? null, d.otherPhone ?? null, d.title ?? null, d.department ?? null, d.locationId, e.metadata.time] as never[],
        PREPARED,
      );
    }
  },
};
