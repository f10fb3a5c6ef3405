/**
 * GET /api/opcodes?search=&locationId=&$limit=&$offset= (all staff; help page "Opcode List"):
 * the distinct op codes of the DMS jobs (ref.ro_jobs) with their most common description, how
 * many jobs carry them, and whether a manager marked them as needing the customer's
 * verification (rm_opcode_rules.rules). With a location: that location's jobs and rules;
 * without: every location's, and an op code is marked when any location marks it. Searches op
 * code and description (case-insensitive, anywhere); by op code; `{dataSet, metaData}`.
 */
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_PAGE } from '@dealer/contracts';
import { INPUT_SCHEMAS, type Sql } from '@dealer/platform';
import { OPCODE_RULES } from '@dealer/read-models/opcode-rules/queries';
import { containsPattern } from '@dealer/read-models/coupon-catalogue/queries';

interface OpCodesQuerystring {
  search?: string;
  locationId?: number;
  $limit?: number;
  $offset?: number;
}

interface OpCodeRow {
  opCode: string;
  description: string | null;
  jobCount: number;
  needsVerification: boolean;
  total: number;
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
        schema: {
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

interface OpCodeQuery {
  search: string;
  locationId: number | null;
  limit: number;
  offset: number;
}

function codesOf(sql: Sql, search: string, locationId: number | null) {
  // Op codes are compared as the DMS stores them (trimmed, upper-case), like the rules.
  return sql`
    select upper(trim(j.op_code)) as op_code,
      mode() within group (order by j.op_code_desc) filter (where j.op_code_desc is not null and trim(j.op_code_desc) <> '') as description,
      count(*)::int as job_count
    from ref.ro_jobs j
    ${locationId === null ? sql`` : sql`where j.location_id = ${locationId}`}
    group by upper(trim(j.op_code))
    having ${search ? sql`upper(trim(j.op_code)) ilike ${containsPattern(search)} or bool_or(j.op_code_desc ilike ${containsPattern(search)})` : sql`true`}`;
}

async function listOpCodes(sql: Sql, q: OpCodeQuery): Promise<OpCodeRow[]> {
  return sql<OpCodeRow[]>`
    with codes as (${codesOf(sql, q.search, q.locationId)})
    select c.op_code as "opCode", c.description, c.job_count as "jobCount",
      exists (
        select 1 from rm_opcode_rules.rules r
        where r.op_code = c.op_code ${q.locationId === null ? sql`` : sql`and r.location_id = ${q.locationId}`}
      ) as "needsVerification",
      (count(*) over ())::int as total
    from codes c
    order by c.op_code
    limit ${q.limit} offset ${q.offset}`;
}

/** The total when the page is past the end (no row carries it). */
async function countOpCodes(sql: Sql, search: string, locationId: number | null): Promise<number> {
  const [row] = await sql<{ total: number }[]>`with codes as (${codesOf(sql, search, locationId)}) select count(*)::int as total from codes`;
  return row?.total ?? 0;
}
