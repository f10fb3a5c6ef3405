/**
 * Read model `pending-approvals`: one row per redemption verification with its folded state,
 * for the Pending Approvals dialog, the customer's listener and the polling of one
 * verification (GET /api/redemption-verifications...). It holds no personal data: names and
 * addresses are joined from customer-details at query time, so erasure needs nothing here.
 */
import { REDEMPTION_VERIFICATION_EVENT_TYPES, type RedemptionVerificationState } from '@dealer/contracts';
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';
import { evolveRedemptionVerification } from '@dealer/domain/redemption-verification/state';

export const pendingApprovals: Projection = {
  name: 'pending_approvals',
  schema: 'rm_pending_approvals',
  handles: REDEMPTION_VERIFICATION_EVENT_TYPES,

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.verifications (
        redemption_verification_id uuid primary key,
        customer_id uuid not null,
        location_id integer not null,
        ro_number text not null,
        status text not null,
        outcome text,
        expires timestamptz not null,
        started_at timestamptz not null,
        modified_at timestamptz not null,
        revision integer not null,
        state jsonb not null
      );
      create index if not exists verifications_customer on ${ident(schema)}.verifications (customer_id, started_at desc);
      create index if not exists verifications_ro on ${ident(schema)}.verifications (location_id, ro_number)`);
  },

  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.verifications`;
    const ids = [...new Set(events.map((e) => (e.data as { redemptionVerificationId: string }).redemptionVerificationId))];
    const existing = await tx.unsafe<{ id: string; state: RedemptionVerificationState }[]>(
      `select redemption_verification_id::text as id, state from ${table} where redemption_verification_id = any($1::uuid[])`,
      [ids],
      PREPARED,
    );
    const states = new Map<string, RedemptionVerificationState | null>(existing.map((r) => [r.id, r.state]));
    const touched = new Map<string, { revision: number; time: string }>();
    for (const event of events) {
      const id = (event.data as { redemptionVerificationId: string }).redemptionVerificationId;
      const next = evolveRedemptionVerification(states.get(id) ?? null, event);
      if (!next) continue;
      states.set(id, next);
      touched.set(id, { revision: event.revision, time: event.metadata.time });
    }
    for (const [id, { revision, time }] of touched) {
      const s = states.get(id)!;
      const status = s.outcome ?? (s.sentDate ? 'sent' : 'pending');
      await tx.unsafe(
        `insert into ${table} (redemption_verification_id, customer_id, location_id, ro_number, status, outcome, expires, started_at, modified_at, revision, state)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)
         on conflict (redemption_verification_id) do update set status = excluded.status, outcome = excluded.outcome,
           expires = excluded.expires, modified_at = excluded.modified_at, revision = excluded.revision, state = excluded.state`,
        [id, s.customerId, s.locationId, s.roNumber, status, s.outcome, s.expires, s.startedAt, time, revision, s] as never[],
        PREPARED,
      );
    }
  },
};
