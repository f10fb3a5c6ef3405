/**
 * Op codes that need the customer's verification, per location (managers and admins):
 * POST /api/opcode-verification-rules {locationId, opCode, description?},
 * PUT /api/opcode-verification-rules/{id} {description}, DELETE /api/opcode-verification-rules/{id}.
 * The list is GET /api/opcode-verification-rules?locationId= on the query side.
 */
import type { FastifyInstance } from 'fastify';
import { OPCODE_RULE_MESSAGES, opCodeRuleStreamId, positionMetaDataSchema, validateOpCodeRule } from '@dealer/contracts';
import { load, DomainError, INPUT_SCHEMAS, assertMayActAt, handle, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { opCodeRuleDecider, opCodeRuleIdFor } from '../redemption-verifications/opcode-rule';
import { idParams, problemResponse } from './schemas';
import { locationExists } from '../opcode-rules/lookups';

const position = (p: number | null) => (p === null ? {} : { position: String(p) });
const access = { access: 'opcode-verification-rules' } as const;
const ruleAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        opCodeVerificationRuleId: { type: 'string' }, id: { type: 'string' }, locationId: { type: 'integer' }, opCode: { type: 'string' },
        description: { type: ['string', 'null'] }, message: { type: 'string' },
      },
    },
    metaData: positionMetaDataSchema,
  },
} as const;
const descriptionOnly = { type: 'object', properties: { description: { type: ['string', 'null'], maxLength: 1000 } } } as const;

export function opCodeRuleRoutes(deps: { store: EventStore; sql: Sql }) {
  const { store, sql } = deps;
  return async function routes(app: FastifyInstance) {
    app.post(
      '/api/opcode-verification-rules',
      {
        config: access,
        schema: { ...apiDoc('Op-code rules', 'Add an op-code rule', 'Marks an op code (`opCode`, `description`) as needing the customer\'s verification at a location.'),
          body: {
            type: 'object',
            properties: { locationId: { ...INPUT_SCHEMAS.int32, type: ['integer', 'null'] }, opCode: { type: ['string', 'null'], maxLength: 100 }, description: descriptionOnly.properties.description },
          },
          response: { 201: ruleAnswer, '4xx': problemResponse },
        },
      },
      async (request, reply) => {
        const checked = validateOpCodeRule(request.body);
        if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
        const { locationId, opCode, description } = checked.value;
        // A location's rules are set by its managers (issue 20).
        assertMayActAt(request, locationId);
        if (!(await locationExists(sql, locationId))) throw new DomainError('validation', [OPCODE_RULE_MESSAGES.locationUnknown], { locationId: OPCODE_RULE_MESSAGES.locationUnknown });
        const ruleId = opCodeRuleIdFor(locationId, opCode);
        const result = await handle(store, opCodeRuleStreamId(ruleId), opCodeRuleDecider, { type: 'AddOpCodeRule', data: { ruleId, locationId, opCode, description } }, commandContext(request));
        reply.status(201);
        return { dataSet: { opCodeVerificationRuleId: ruleId, id: ruleId, locationId, opCode, description, message: OPCODE_RULE_MESSAGES.added }, metaData: position(result.position) };
      },
    );

    app.put<{ Params: { id: string }; Body: { description?: string | null } }>(
      '/api/opcode-verification-rules/:id',
      { config: access, schema: { ...apiDoc('Op-code rules', 'Describe an op-code rule', 'Changes a rule\'s description.'), params: idParams, body: descriptionOnly, response: { 200: ruleAnswer, '4xx': problemResponse } } },
      async (request) => {
        const ruleId = request.params.id;
        const current = (await load(store, opCodeRuleStreamId(ruleId), opCodeRuleDecider)).state;
        if (current.status !== 'active') throw new DomainError('not_found', [OPCODE_RULE_MESSAGES.notFound]);
        assertMayActAt(request, current.locationId);
        const checked = validateOpCodeRule({ locationId: current.locationId, opCode: current.opCode, description: request.body.description });
        if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
        const { description } = checked.value;
        const result = await handle(store, opCodeRuleStreamId(ruleId), opCodeRuleDecider, { type: 'ChangeOpCodeRule', data: { ruleId, description } }, commandContext(request));
        return {
          dataSet: { opCodeVerificationRuleId: ruleId, id: ruleId, locationId: current.locationId, opCode: current.opCode, description, message: OPCODE_RULE_MESSAGES.updated },
          metaData: position(result.position),
        };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/api/opcode-verification-rules/:id',
      { config: access, schema: { ...apiDoc('Op-code rules', 'Remove an op-code rule', 'The op code no longer needs the customer\'s verification at that location.'), params: idParams, response: { 200: ruleAnswer, '4xx': problemResponse } } },
      async (request) => {
        const ruleId = request.params.id;
        const current = (await load(store, opCodeRuleStreamId(ruleId), opCodeRuleDecider)).state;
        // A rule's location never changes: its managers remove it (an unknown rule is the decider's answer).
        if (current.status === 'active') assertMayActAt(request, current.locationId);
        const result = await handle(store, opCodeRuleStreamId(ruleId), opCodeRuleDecider, { type: 'RemoveOpCodeRule', data: { ruleId } }, commandContext(request));
        return { dataSet: { opCodeVerificationRuleId: ruleId, id: ruleId, message: OPCODE_RULE_MESSAGES.removed }, metaData: position(result.position) };
      },
    );
  };
}
