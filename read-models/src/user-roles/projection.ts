/** Read model `user-roles`: each employee's roles per location (names joined at query time). */
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';

const ROLE_IDS: Record<string, number> = { admin: 1, manager: 2, controller: 3, employee: 4 };

export const userRoles: Projection = {
  name: 'user_roles',
  schema: 'rm_user_roles',
  handles: new Set(['UserRoleAssigned', 'UserRoleChanged', 'UserRoleRemoved']),
  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.user_roles (
        user_role_id uuid primary key, user_id uuid not null, role_id int not null, role_name text not null,
        location_id int not null
      );
      create index if not exists user_roles_user on ${ident(schema)}.user_roles (user_id)`);
  },
  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.user_roles`;
    for (const e of events) {
      const d = e.data as { userRoleId: string; userId?: string; roleName?: string; locationId?: number };
      if (e.type === 'UserRoleAssigned') {
        await tx.unsafe(`insert into ${table} values ($1, $2, $3, $4, $5) on conflict (user_role_id) do nothing`, [
          d.userRoleId, d.userId, ROLE_IDS[d.roleName!], d.roleName, d.locationId,
        ] as never[], PREPARED);
      } else if (e.type === 'UserRoleChanged') {
        await tx.unsafe(`update ${table} set role_id = $2, role_name = $3, location_id = $4 where user_role_id = $1`, [
          d.userRoleId, ROLE_IDS[d.roleName!], d.roleName, d.locationId,
        ] as never[], PREPARED);
      } else if (e.type === 'UserRoleRemoved') {
        await tx.unsafe(`delete from ${table} where user_role_id = $1`, [d.userRoleId] as never[], PREPARED);
      }
    }
  },
};
