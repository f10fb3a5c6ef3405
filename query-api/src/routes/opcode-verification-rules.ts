/**
 * GET /api/opcode-verification-rules?locationId= (managers and admins): the op codes that need
 * the customer's verification at a location (0 or none: every location), answered as SPEC 3's
 * envelope `{dataSet: [...]}`, by location, then op code. The commands are in command-api.
 */
import type { FastifyInstance } from 'fastify';
import { opCodeVerificationRuleSchema } from '@dealer/contracts';
import { apiDoc, type Sql } from '@dealer/platform';
import { OPCODE_RULES, listOpCodeRules } from '@dealer/read-models/opcode-rules/queries';

export function opCodeRuleQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { locationId?: number } }>(
      '/api/opcode-verification-rules',
      {
        config: { access: 'opcode-verification-rules', readModels: [OPCODE_RULES] },
        schema: { ...apiDoc('Op-code rules', 'List op-code rules', 'The op codes that need the customer\'s verification at `locationId` (managers at that location, admins).'),
          querystring: { type: 'object', properties: { locationId: { type: 'integer', minimum: 0, maximum: 2147483647 }, minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: opCodeVerificationRuleSchema } } } },
        },
      },
      async (request, reply) => {
        const locationId = request.query.locationId ? request.query.locationId : null;
        // The list changes with every save; a cached copy would hide the manager's own change.
        reply.header('cache-control', 'no-store');
        return { dataSet: await listOpCodeRules(sql, locationId) };
      },
    );
  };
}
