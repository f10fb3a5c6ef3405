/** GET /api/user-roles?locationId= (0 = all) and GET /api/users (admins). */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';

const str = { type: ['string', 'null'] } as const;

export function userRoleQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { locationId?: number } }>(
      '/api/user-roles',
      {
        config: { access: 'user-roles', readModels: ['user_roles', 'users'] },
        schema: {
          querystring: { type: 'object', properties: { locationId: { type: 'integer', minimum: 0, maximum: 2147483647 }, minPosition: { type: 'string', maxLength: 40 } } },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      userRoleId: { type: 'string' }, userId: { type: 'string' }, roleId: { type: 'integer' }, locationId: { type: 'integer' },
                      roleName: { type: 'string' }, fullName: { type: 'string' }, locationName: str, title: str, department: str,
                    },
                  },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const locationId = request.query.locationId ?? 0;
        const rows = await sql`
          select r.user_role_id as "userRoleId", r.user_id as "userId", r.role_id as "roleId", r.location_id as "locationId",
            r.role_name as "roleName", e.first || ' ' || e.last as "fullName", l.location_name as "locationName",
            e.title, e.department
          from rm_user_roles.user_roles r
          join rm_users.employees e on e.user_id = r.user_id
          left join ref.locations l on l.location_id = r.location_id
          ${locationId === 0 ? sql`` : sql`where r.location_id = ${locationId}`}`;
        // SPEC 6: sorted by full name, case-insensitive and numeric-aware.
        const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
        return { dataSet: [...rows].sort((a, b) => collator.compare(a.fullName, b.fullName)) };
      },
    );

    app.get(
      '/api/users',
      {
        config: { access: 'users', readModels: ['users'] },
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      userId: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' }, username: { type: 'string' },
                      email: str, title: str, department: str, locationId: { type: 'integer' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      async () => ({
        dataSet: await sql`select user_id as "userId", first, last, username, email, title, department, location_id as "locationId"
          from rm_users.employees order by lower(last), lower(first)`,
      }),
    );
  };
}
