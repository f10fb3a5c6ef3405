/**
 * Read model `coupon_reminders` (issue 24 part 2, ADR 0090): every coupon a reminder named, and
 * whether it was redeemed after it. It serves two readers:
 * - the reminder sweep (workers), to leave out coupons already reminded at a threshold on a
 *   channel when it FINDS candidates (the worker DECIDES on the event store, so a lagging read
 *   model costs a job that decides nothing, never a second message);
 * - the Expiry Reminders report: reminders sent and coupons redeemed within 30 days after one,
 *   per location, month and channel.
 *
 * Table `reminded_coupons`: one row per reminder and coupon (CouponExpiryReminderSent), with the
 * redemption that used the coupon first after the reminder (CouponRedeemed on the coupon's stream
 * at or after the reminder), cleared again when that redemption is voided (CouponRedemptionVoided).
 * A hold awaiting the customer's verification is not a redemption (its CouponRedeemed comes when
 * it settles). Set-based: each run of events of one type in a batch is one statement; a reminder
 * inserted twice (a rebuild's replay) is skipped by its key.
 */
import { COUPON_REMINDER_EVENT_TYPES, type CouponExpiryReminderSent } from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

export const COUPON_REMINDERS = 'coupon_reminders';

type Kind = 'reminded' | 'redeemed' | 'voided';
const KIND: Record<string, Kind> = { CouponExpiryReminderSent: 'reminded', CouponRedeemed: 'redeemed', CouponRedemptionVoided: 'voided' };

export const couponReminders: Projection = {
  name: COUPON_REMINDERS,
  schema: 'rm_coupon_reminders',
  handles: new Set<string>([...COUPON_REMINDER_EVENT_TYPES, 'CouponRedeemed', 'CouponRedemptionVoided']),

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.reminded_coupons (
        reminder_id text not null,
        issued_coupon_id uuid not null,
        customer_id uuid not null,
        location_id integer not null,
        threshold integer not null,
        channel text not null check (channel in ('email', 'sms')),
        sent_at timestamptz not null,
        sent_on date not null,
        expires_on date not null,
        redemption_id text,
        redeemed_at timestamptz,
        primary key (reminder_id, issued_coupon_id)
      )`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // The sweep's "reminded already" per coupon; the redemption updates per coupon; the report per location and day.
    await tx.unsafe(`
      create index if not exists reminded_coupons_coupon on ${s}.reminded_coupons (issued_coupon_id);
      create index if not exists reminded_coupons_location_day on ${s}.reminded_coupons (location_id, sent_on)`);
  },

  async applyBatch(tx, schema, events) {
    // Runs of one kind, in order: a reminder and a later redemption of its coupon in one batch apply in that order.
    let run: RecordedEvent[] = [];
    let kind: Kind | null = null;
    for (const event of events) {
      const k = KIND[event.type];
      if (!k) continue;
      if (k !== kind && run.length > 0) {
        await applyRun(tx, schema, kind!, run);
        run = [];
      }
      kind = k;
      run.push(event);
    }
    if (run.length > 0) await applyRun(tx, schema, kind!, run);
  },
};

async function applyRun(tx: Tx, schema: string, kind: Kind, events: RecordedEvent[]): Promise<void> {
  const t = `${ident(schema)}.reminded_coupons`;
  if (kind === 'reminded') {
    const rows = events.flatMap((event) => {
      const d = (event as unknown as CouponExpiryReminderSent).data;
      return d.coupons.map((c) => ({
        reminder_id: d.reminderId,
        issued_coupon_id: c.issuedCouponId,
        customer_id: d.customerId,
        location_id: d.locationId,
        threshold: d.threshold,
        channel: d.channel,
        sent_at: d.sentAt,
        sent_on: d.sentOn,
        expires_on: c.expiresOn,
      }));
    });
    if (rows.length === 0) return;
    await tx.unsafe(
      `insert into ${t} (reminder_id, issued_coupon_id, customer_id, location_id, threshold, channel, sent_at, sent_on, expires_on)
       select reminder_id, issued_coupon_id, customer_id, location_id, threshold, channel, sent_at, sent_on, expires_on
       from json_to_recordset($1::json) as x(reminder_id text, issued_coupon_id uuid, customer_id uuid, location_id integer, threshold integer,
         channel text, sent_at timestamptz, sent_on date, expires_on date)
       on conflict (reminder_id, issued_coupon_id) do nothing`,
      [rows as never],
      PREPARED,
    );
    return;
  }
  if (kind === 'redeemed') {
    const rows = events.map((e) => {
      const d = e.data as { issuedCouponId: string; redemptionId: string; redeemedAt: string };
      return { issued_coupon_id: d.issuedCouponId, redemption_id: d.redemptionId, redeemed_at: d.redeemedAt ?? e.metadata.time };
    });
    // The first redemption after each reminder of the coupon (one not yet redeemed since).
    await tx.unsafe(
      `update ${t} r set redemption_id = x.redemption_id, redeemed_at = x.redeemed_at
       from json_to_recordset($1::json) as x(issued_coupon_id uuid, redemption_id text, redeemed_at timestamptz)
       where r.issued_coupon_id = x.issued_coupon_id and r.redemption_id is null and r.sent_at <= x.redeemed_at`,
      [rows as never],
      PREPARED,
    );
    return;
  }
  const rows = events.map((e) => {
    const d = e.data as { issuedCouponId: string; redemptionId: string };
    return { issued_coupon_id: d.issuedCouponId, redemption_id: d.redemptionId };
  });
  // A voided redemption did not use the coupon: the reminder counts as not redeemed (a later redemption may count).
  await tx.unsafe(
    `update ${t} r set redemption_id = null, redeemed_at = null
     from json_to_recordset($1::json) as x(issued_coupon_id uuid, redemption_id text)
     where r.issued_coupon_id = x.issued_coupon_id and r.redemption_id = x.redemption_id`,
    [rows as never],
    PREPARED,
  );
}
