/** GET /api/user-roles?locationId= (0 = all) and GET /api/users (admins). */
import type { FastifyInstance } from 'fastify';
import { apiDoc, type Sql } from '@dealer/platform';
import { listUserRoles } from '@dealer/read-models/user-roles/queries';
import { listEmployees } from '@dealer/read-models/users/queries';

const str = { type: ['string', 'null'] } as const;

export function userRoleQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { locationId?: number } }>(
      '/api/user-roles',
      {
        config: { access: 'user-roles', readModels: ['user_roles', 'users'] },
        schema: { ...apiDoc('Users and roles', 'List role assignments', 'Every role held by staff users, with the location (`locationId` narrows the list).'),
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
        const rows = await listUserRoles(sql, locationId);
        // SPEC 6: sorted by full name, case-insensitive and numeric-aware.
        const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
        return { dataSet: [...rows].sort((a, b) => collator.compare(a.fullName, b.fullName)) };
      },
    );

    app.get(
      '/api/users',
      {
        config: { access: 'users', readModels: ['users'] },
        schema: { ...apiDoc('Users and roles', 'List staff users', 'Every staff user with their roles per location.'),
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
      async () => ({ dataSet: await listEmployees(sql) }),
    );
  };
}
