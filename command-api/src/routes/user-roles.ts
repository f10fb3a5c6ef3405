/** POST /api/user-roles, PUT /api/user-roles/{id}, DELETE /api/user-roles/{id} (admins). */
import type { FastifyInstance } from 'fastify';
import { USER_ROLE_MESSAGES } from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, createdByRequest, handle, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { employeeStreamId, userRoleDecider, userRoleStreamId } from '@dealer/domain/user-role/user-role';
import { commandResponse, idParams, problemResponse } from './schemas';
import { holdsRole } from '@dealer/read-models/user-roles/queries';

const roleBody = {
  type: 'object',
  required: ['roleName', 'locationId'],
  properties: { userId: { type: 'string', format: 'uuid' }, roleName: { type: 'string', maxLength: 40 }, locationId: INPUT_SCHEMAS.positiveInt32 },
} as const;
const position = (p: number | null) => (p === null ? {} : { position: String(p) });
const access = { access: 'user-roles' } as const;

export function userRoleRoutes(deps: { store: EventStore; sql: Sql }) {
  const { store, sql } = deps;
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { userId?: string; roleName: string; locationId: number } }>(
      '/api/user-roles',
      { config: access, schema: { ...apiDoc('Users and roles', 'Give a user a role', 'Gives a staff user (`userId`) a role (`roleName`) at a location (`locationId`). Signed-in users get the change within seconds.'), body: { ...roleBody, required: ['userId', 'roleName', 'locationId'] }, response: { 201: commandResponse('userRoleId'), '4xx': problemResponse } } },
      async (request, reply) => {
        const { userId, roleName, locationId } = request.body;
        if ((await store.readStream(employeeStreamId(userId!), { maxCount: 1 })).length === 0) {
          throw new DomainError('validation', [USER_ROLE_MESSAGES.userNotFound]);
        }
        const ctx = commandContext(request);
        const userRoleId = ctx.newId();
        // A retry of this very request after a crash (its derived id) answers the role it assigned, not a duplicate.
        const created = await createdByRequest(store, userRoleStreamId(userRoleId), ctx);
        if (created) {
          reply.status(201);
          return { dataSet: { userRoleId, revision: created.revision }, metaData: position(created.position) };
        }
        if (await holdsRole(sql, userId!, roleName, locationId)) throw new DomainError('conflict', [USER_ROLE_MESSAGES.duplicate]);
        const result = await handle(store, userRoleStreamId(userRoleId), userRoleDecider, { type: 'AssignUserRole', data: { userRoleId, userId: userId!, roleName, locationId } }, ctx);
        reply.status(201);
        return { dataSet: { userRoleId, revision: result.revision }, metaData: position(result.position) };
      },
    );

    app.put<{ Params: { id: string }; Body: { roleName: string; locationId: number } }>(
      '/api/user-roles/:id',
      { config: access, schema: { ...apiDoc('Users and roles', 'Change a role assignment', 'Changes the role or location of one assignment.'), params: idParams, body: roleBody, response: { 200: commandResponse('userRoleId'), '4xx': problemResponse } } },
      async (request) => {
        const userRoleId = request.params.id;
        const result = await handle(store, userRoleStreamId(userRoleId), userRoleDecider, { type: 'ChangeUserRole', data: { userRoleId, ...request.body } }, commandContext(request));
        return { dataSet: { userRoleId, revision: result.revision }, metaData: position(result.position) };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/api/user-roles/:id',
      { config: access, schema: { ...apiDoc('Users and roles', 'Remove a role assignment', 'Removes one assignment; the user loses it within seconds.'), params: idParams, response: { 200: commandResponse('userRoleId'), '4xx': problemResponse } } },
      async (request) => {
        const userRoleId = request.params.id;
        const result = await handle(store, userRoleStreamId(userRoleId), userRoleDecider, { type: 'RemoveUserRole', data: { userRoleId } }, commandContext(request));
        return { dataSet: { userRoleId, revision: result.revision }, metaData: position(result.position) };
      },
    );
  };
}
