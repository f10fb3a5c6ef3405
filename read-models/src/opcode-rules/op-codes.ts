/**
 * The op-code list (GET /api/opcodes): the distinct op codes of the DMS jobs (ref.ro_jobs) with
 * their most common description and how many jobs carry them, each marked when a manager asked
 * for the customer's verification of it (this read model's rm_opcode_rules.rules). With a
 * location: that location's jobs and rules; without: every location's, and an op code is marked
 * when any location marks it. Searches op code and description (case-insensitive, anywhere).
 */
import type { Sql } from '@dealer/platform';
import { containsPattern } from '../coupon-catalogue/queries';

export interface OpCodeRow {
  opCode: string;
  description: string | null;
  jobCount: number;
  needsVerification: boolean;
  /** How many op codes match (the same on every row). */
  total: number;
}

export interface OpCodeQuery {
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

export async function listOpCodes(sql: Sql, q: OpCodeQuery): Promise<OpCodeRow[]> {
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
export async function countOpCodes(sql: Sql, search: string, locationId: number | null): Promise<number> {
  const [row] = await sql<{ total: number }[]>`with codes as (${codesOf(sql, search, locationId)}) select count(*)::int as total from codes`;
  return row?.total ?? 0;
}
