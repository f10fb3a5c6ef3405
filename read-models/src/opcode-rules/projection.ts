/**
 * Read model `opcode-rules`: the op codes managers marked as needing the customer's
 * verification, per location (GET /api/opcode-verification-rules, and the start of a
 * redemption verification).
 */
import { OPCODE_RULE_EVENT_TYPES, type OpCodeRuleEvent } from '@dealer/contracts';
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';

export const opCodeRules: Projection = {
  name: 'opcode_rules',
  schema: 'rm_opcode_rules',
  handles: OPCODE_RULE_EVENT_TYPES,

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.rules (
        rule_id uuid primary key,
        location_id integer not null,
        op_code text not null,
        description text,
        created_at timestamptz not null,
        modified_at timestamptz not null,
        unique (location_id, op_code)
      )`);
  },

  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.rules`;
    for (const event of events) {
      const e = event as unknown as OpCodeRuleEvent;
      const time = event.metadata.time;
      if (e.type === 'OpCodeVerificationRuleAdded') {
        await tx.unsafe(
          `insert into ${table} values ($1, $2, $3, $4, $5, $5)
           on conflict (rule_id) do update set description = excluded.description, modified_at = excluded.modified_at`,
          [e.data.ruleId, e.data.locationId, e.data.opCode, e.data.description, time] as never[],
          PREPARED,
        );
      } else if (e.type === 'OpCodeVerificationRuleChanged') {
        await tx.unsafe(`update ${table} set description = $2, modified_at = $3 where rule_id = $1`, [e.data.ruleId, e.data.description, time] as never[], PREPARED);
      } else if (e.type === 'OpCodeVerificationRuleRemoved') {
        await tx.unsafe(`delete from ${table} where rule_id = $1`, [e.data.ruleId] as never[], PREPARED);
      }
    }
  },
};
