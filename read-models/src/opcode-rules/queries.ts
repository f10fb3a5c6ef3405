/**
 * Query of the `opcode-rules` read model (table: ./projection.ts): the op codes managers
 * marked as needing the customer's verification, with the location's name from the DMS
 * reference data.
 */
import type { OpCodeVerificationRule } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export const OPCODE_RULES = 'opcode_rules';

type Row = Omit<OpCodeVerificationRule, 'id' | 'createdDate' | 'modifiedDate'> & { createdDate: Date; modifiedDate: Date };

/** The rules of one location (null: every location), by location name, then op code. */
export async function listOpCodeRules(sql: Sql, locationId: number | null): Promise<OpCodeVerificationRule[]> {
  const rows = await sql<Row[]>`
    select r.rule_id::text as "opCodeVerificationRuleId", r.location_id as "locationId", l.location_name as "locationName",
      r.op_code as "opCode", r.description, r.created_at as "createdDate", r.modified_at as "modifiedDate"
    from rm_opcode_rules.rules r
    left join ref.locations l on l.location_id = r.location_id
    ${locationId === null ? sql`` : sql`where r.location_id = ${locationId}`}
    order by l.location_name nulls last, r.location_id, r.op_code`;
  return rows.map((r) => ({ ...r, id: r.opCodeVerificationRuleId, createdDate: r.createdDate.toISOString(), modifiedDate: r.modifiedDate.toISOString() }));
}

/** The op codes marked for verification at a location (what a redemption or verification checks the RO's jobs against). */
export async function ruleOpCodesAt(sql: Sql, locationId: number): Promise<string[]> {
  const rows = await sql<{ op_code: string }[]>`select op_code from rm_opcode_rules.rules where location_id = ${locationId}`;
  return rows.map((r) => r.op_code);
}
