/**
 * The reminder sweep's candidates (issue 24 part 2, ADR 0090), from the read models: issued
 * coupons (`pack_sales`: packs sold over the counter and online, paper books converted, gifts
 * claimed; every coupon My coupons lists) that are not used or held, whose sale is not voided,
 * that have not expired and expire within `horizonDays`, of customers not erased who may be sent
 * a reminder on some channel (`customer_details`: consent and an address or mobile number), with
 * the thresholds and channels each was reminded at already (`coupon_reminders`). Candidates only:
 * the worker decides every reminder on the event store.
 */
import type { MarketingChannel, ReminderThreshold } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export interface ReminderCandidate {
  issuedCouponId: string;
  saleId: string;
  customerId: string;
  couponId: string;
  couponName: string;
  /** The sale's location (the message names it) and the zone its expiry is counted in. */
  locationId: number;
  timeZone: string;
  expiresOn: string;
  /** Channels the read model shows the customer may be reminded on now. */
  channels: MarketingChannel[];
  /** `threshold|channel` of every reminder the coupon had. */
  reminded: string[];
}

/**
 * The candidates at `now`, at most `limit` coupons (whole groups are not guaranteed: the next sweep
 * takes the rest). A coupon the read model shows reminded already at the threshold due (counted in
 * SQL as the pure reminderThreshold does: local days left in the sale's zone, 0 to 7 -> 7, 8 to 30
 * -> 30) on every channel it could go to is left out here, so a sweep's batch always moves on; the
 * worker's own threshold (contracts' reminderThresholdAt) and the event store decide.
 */
export async function reminderCandidates(sql: Sql, now: Date, horizonDays: number, limit: number): Promise<ReminderCandidate[]> {
  const rows = await sql<(Omit<ReminderCandidate, 'channels'> & { email: boolean; sms: boolean })[]>`
    with c as (
      select c.issued_coupon_id, c.sale_id, c.customer_id, c.coupon_id, c.terms->>'name' as coupon_name, s.location_id, s.time_zone, c.expires_on,
        (cd.marketing_email and cd.email_address is not null) as email,
        (cd.marketing_sms and cd.phone_mobile is not null) as sms,
        case when c.expires_on - (${now}::timestamptz at time zone s.time_zone)::date <= 7 then 7 else 30 end as threshold
      from rm_pack_sales.issued_coupons c
      join rm_pack_sales.sales s on s.sale_id = c.sale_id
      join rm_customer_details.customers cd on cd.customer_id = c.customer_id
      where c.expires_at > ${now} and c.expires_at <= ${new Date(now.getTime() + horizonDays * 86_400_000)}
        and c.redemption_id is null and s.status <> 'voided' and not cd.personal_data_erased
        and ((cd.marketing_email and cd.email_address is not null) or (cd.marketing_sms and cd.phone_mobile is not null))
    )
    select c.issued_coupon_id::text as "issuedCouponId", c.sale_id::text as "saleId", c.customer_id::text as "customerId",
      c.coupon_id::text as "couponId", c.coupon_name as "couponName", c.location_id as "locationId", c.time_zone as "timeZone",
      to_char(c.expires_on, 'YYYY-MM-DD') as "expiresOn", c.email, c.sms,
      coalesce((select array_agg(r.threshold || '|' || r.channel) from rm_coupon_reminders.reminded_coupons r
                 where r.issued_coupon_id = c.issued_coupon_id), '{}') as reminded
    from c
    where (c.email and not exists (select 1 from rm_coupon_reminders.reminded_coupons r
             where r.issued_coupon_id = c.issued_coupon_id and r.threshold = c.threshold and r.channel = 'email'))
       or (c.sms and not exists (select 1 from rm_coupon_reminders.reminded_coupons r
             where r.issued_coupon_id = c.issued_coupon_id and r.threshold = c.threshold and r.channel = 'sms'))
    order by c.customer_id, c.location_id, c.expires_on, c.issued_coupon_id
    limit ${limit}`;
  return rows.map(({ email, sms, ...r }) => ({ ...r, channels: [...(email ? (['email'] as const) : []), ...(sms ? (['sms'] as const) : [])] }));
}

/** Whether the read model has the coupon reminded at the threshold on the channel. */
export const remindedAlready = (candidate: Pick<ReminderCandidate, 'reminded'>, threshold: ReminderThreshold, channel: MarketingChannel) =>
  candidate.reminded.includes(`${threshold}|${channel}`);

/** The time zone of each location (DMS reference data), for quiet hours; missing: not known. */
export async function locationZones(sql: Sql, ids: readonly number[]): Promise<Map<number, { name: string; timeZone: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: number; name: string; timeZone: string | null }[]>`
    select location_id as id, location_name as name, time_zone as "timeZone" from ref.locations where location_id = any(${[...ids]}::int[])`;
  return new Map(rows.map((r) => [r.id, { name: r.name, timeZone: r.timeZone }]));
}
