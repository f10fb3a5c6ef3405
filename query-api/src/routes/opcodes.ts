/**
 * GET /api/opcodes?search=&locationId=&$limit=&$offset= (all staff; help page "Opcode List"):
 * the distinct op codes of the DMS jobs (ref.ro_jobs) with their most common description, how
 * many jobs carry them, and whether a manager marked them as needing the customer's
 * verification (the opcode-rules read model, read-models/src/opcode-rules/op-codes.ts). With a location: that location's jobs and rules;
 * without: every location's, and an op code is marked when any location marks it. Searches op
 * code and description (case-insensitive, anywhere); by op code; `{dataSet, metaData}`.
 */
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_PAGE } from '@dealer/contracts';
import { INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import { OPCODE_RULES } from '@dealer/read-models/opcode-rules/queries';
import { countOpCodes, listOpCodes } from '@dealer/read-models/opcode-rules/op-codes';

interface OpCodesQuerystring {
  search?: string;
  locationId?: number;
  $limit?: number;
  $offset?: number;
}

const opCodeSchema = {
  type: 'object',
  properties: {
    opCode: { type: 'string' },
    description: { type: ['string', 'null'] },
    jobCount: { type: 'integer' },
    needsVerification: { type: 'boolean' },
  },
} as const;

export function opCodeQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: OpCodesQuerystring }>(
      '/api/opcodes',
      {
        config: { access: 'opcodes', readModels: [OPCODE_RULES] },
        schema: { ...apiDoc('Repair orders', 'List op codes', 'Distinct op codes of the DMS jobs (`search` by code or description, `locationId`, paging) with how many jobs use each and whether it needs the customer\'s verification there.'),
          querystring: {
            type: 'object',
            properties: {
              search: { type: 'string', maxLength: CATALOGUE_PAGE.searchMax },
              locationId: INPUT_SCHEMAS.positiveInt32,
              $limit: { type: 'integer', minimum: 1, maximum: CATALOGUE_PAGE.maxLimit },
              $offset: { type: 'integer', minimum: 0, maximum: CATALOGUE_PAGE.maxOffset },
              minPosition: { type: 'string', maxLength: 40 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'array', items: opCodeSchema },
                metaData: { type: 'object', properties: { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } } },
              },
            },
          },
        },
      },
      async (request) => {
        const search = (request.query.search ?? '').trim();
        const locationId = request.query.locationId ?? null;
        const limit = request.query.$limit ?? CATALOGUE_PAGE.defaultLimit;
        const offset = request.query.$offset ?? 0;
        const rows = await listOpCodes(sql, { search, locationId, limit, offset });
        return {
          dataSet: rows.map(({ total: _total, ...row }) => row),
          metaData: { total: rows[0]?.total ?? (offset > 0 ? await countOpCodes(sql, search, locationId) : 0), limit, offset },
        };
      },
    );
  };
}
