/**
 * Read model `liability` (issue 14): the contract liability of prepaid packs (DOMAIN "Money and
 * reports", ASC 606) per location and local day, for the expired report's roll-forward, ageing,
 * breakage and what falls due. Digital coupons only: a paper book is in it from its conversion
 * ('Converted from paper'); paper coupons redeemed before that are not.
 *
 * Tables:
 * - `daily` (location, local day): the report reads only this table.
 *   Movements of that day: `sold` (allocated value of the coupons a sale issued, on its soldOn),
 *   `converted` (the same for a paper-book conversion's sale), `redeemed` (on the redemption's
 *   redeemedOn), `unredeemed` (a redemption voided, on its void's local day in the redeeming
 *   location's zone), `voided` (a sale voided: its coupons still in the liability, on the void's
 *   local day in the sale's zone), `breakage` and `breakage_count` (expired unused: recognised the
 *   day after the coupon's last day, when redemption is remote; negative for a reversal),
 *   `transfer_in`/`transfer_out` (a location correction moves what is outstanding on its day).
 *   closing = opening + sold + converted - redeemed + unredeemed - voided - breakage + transfer_in - transfer_out.
 *   Difference columns (`age_*`, `due_*`): what is outstanding at day d, by age since sale and by
 *   whether it expires within 12 months of d, is the sum of each column over the rows with day <= d.
 *   Rows exist for future days (breakage scheduled at expiry): a reader stops at its "today".
 * - `coupons`: each issued coupon's state (open in the liability, redeemed, voided with its sale),
 *   the location holding its value, the start of its current stay in the liability (`open_since`)
 *   and the day its breakage is (or was) recognised (`breakage_on`), so a redemption before expiry
 *   unschedules the breakage and a later event can reverse it.
 * - `sales`: each sale's location, zone and revision.
 *
 * Rules (each keeps opening + movements = closing = the outstanding coupons, per location and day):
 * - A coupon open in the liability from day a, with breakage day B (its expiresOn + 1), is
 *   outstanding on [a, B). Leaving it on day x < B (redeemed, sale voided) unschedules its
 *   breakage at B; leaving it on x >= B (already expired: a late event) reverses the breakage
 *   recognised on x (breakage -V with the movement +V, so the balance is unchanged).
 * - A redemption voided on day x reopens the coupon: outstanding from x until its breakage day, or,
 *   when x is past its last day, breakage on x itself (redemption now remote).
 * - A sale voided after its coupons expired: voided +V and breakage -V on the void's day.
 * - A location correction on day x (its correctedAt in the new location's zone): a coupon still
 *   outstanding on x moves (transfer out of the old location, into the new one, same sale day for
 *   its age), its scheduled breakage with it; every coupon's later movements are at the new location.
 *   Days before x stay as they were (closed periods do not change).
 * - RO changes, withdrawals and reinstatements and held redemptions change nothing here.
 * - Gifts (issue 13): a paid gift (GiftPurchased) is sold on its payment's local day at the order's
 *   location: its price is outstanding as one pending amount (`gifts`), aged from the payment day,
 *   falling due within 12 months (its link lasts 30 days), with no breakage (an unclaimed gift is
 *   refunded, not broken). The recipient's claim (the PackSold of the gift's sale id) turns it into
 *   coupons on the claim day without selling again: the pending amount leaves, the coupons enter
 *   (aged from the payment day; any rounding difference between the coupons' values and the price
 *   is sold that day). A gift that ends unclaimed (GiftExpired) is a sale void of the pending
 *   amount on its local day. The buyer's refund (OnlineOrderRefunded) is not a movement here.
 *
 * Re-applying is harmless: a sale row remembers its stream's revision, a coupon row its own
 * stream's. An event of a sale or coupon the table does not hold throws, so the runner parks it.
 */
import { addMonths, localDateOf, type GiftExpired, type GiftPurchased, type CouponRedeemed, type CouponRedemptionRoChanged, type CouponRedemptionVoided, type PackSaleLocationCorrected, type PackSaleVoided, type PackSold } from '@dealer/contracts';
import { deterministicUuid, type RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

export const LIABILITY_PROJECTION = 'liability';

/** Movement columns of `daily`. */
export const MOVEMENT_COLUMNS = ['sold', 'converted', 'redeemed', 'unredeemed', 'voided', 'breakage', 'breakage_count', 'transfer_in', 'transfer_out'] as const;
/** Difference columns of `daily` (outstanding at d = sum over day <= d). */
export const AGEING_COLUMNS = ['age_0_90', 'age_91_180', 'age_181_365', 'age_over_365'] as const;
export const DUE_COLUMNS = ['due_12m', 'due_later'] as const;
export const DAILY_COLUMNS = [...MOVEMENT_COLUMNS, ...AGEING_COLUMNS, ...DUE_COLUMNS] as const;
export type DailyColumn = (typeof DAILY_COLUMNS)[number];

const SALE_EVENTS = ['PackSold', 'PackSaleLocationCorrected', 'PackSaleVoided'];
const COUPON_EVENTS = ['CouponRedeemed', 'CouponRedemptionVoided', 'CouponRedemptionRoChanged'];
const GIFT_EVENTS = ['GiftPurchased', 'GiftExpired'];

export const liability: Projection = {
  name: LIABILITY_PROJECTION,
  schema: 'rm_liability',
  handles: new Set<string>([...SALE_EVENTS, ...COUPON_EVENTS, ...GIFT_EVENTS]),

  async createTables(tx, schema) {
    const s = ident(schema);
    const amounts = DAILY_COLUMNS.map((c) => `${c} ${c === 'breakage_count' ? 'integer' : 'bigint'} not null default 0`).join(',\n        ');
    await tx.unsafe(`
      create table if not exists ${s}.daily (
        location_id integer not null,
        day date not null,
        ${amounts},
        primary key (location_id, day)
      );
      create table if not exists ${s}.sales (
        sale_id uuid primary key,
        location_id integer not null,
        time_zone text not null,
        sold_on date not null,
        converted boolean not null,
        status text not null check (status in ('sold', 'voided')),
        revision integer not null
      );
      create table if not exists ${s}.coupons (
        issued_coupon_id uuid primary key,
        sale_id uuid not null,
        location_id integer not null,
        sold_on date not null,
        expires_on date not null,
        allocated_value bigint not null,
        state text not null check (state in ('open', 'redeemed', 'voided')),
        open_since date,
        breakage_on date,
        left_on date,
        redemption_id text,
        redemption_time_zone text,
        coupon_revision integer
      );
      -- A paid gift not claimed yet: its price is outstanding from the payment day (issue 13).
      create table if not exists ${s}.gifts (
        gift_id uuid primary key,
        sale_id uuid not null unique,
        location_id integer not null,
        time_zone text not null,
        paid_on date not null,
        expires_on date not null,
        amount bigint not null,
        state text not null check (state in ('pending', 'claimed', 'expired')),
        left_on date
      )`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // A sale's void and location correction read its coupons. `daily` is read by its primary key.
    await tx.unsafe(`create index if not exists coupons_sale on ${s}.coupons (sale_id)`);
  },

  async applyBatch(tx, schema, events) {
    const s = ident(schema);
    const daily = new DailyDeltas();
    for (const event of events) {
      if (SALE_EVENTS.includes(event.type)) await applySaleEvent(tx, s, event, daily);
      else if (GIFT_EVENTS.includes(event.type)) await applyGiftEvent(tx, s, event, daily);
      else await applyCouponEvent(tx, s, event, daily);
    }
    await daily.flush(tx, s);
  },
};

// ---- days as whole numbers (days since 1970-01-01) ----

const MS_PER_DAY = 86_400_000;
export const dayNumber = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
export const dayText = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
const dateText = (value: string | Date): string => (value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10));

/** The first day d on which a coupon whose last day is `expiresOn` expires within 12 months of d (expiresOn <= d + 12 months). */
export function dueWithinYearFrom(expiresOn: string): number {
  const t = addMonths(expiresOn, -12);
  return addMonths(t, 12) < expiresOn ? dayNumber(t) + 1 : dayNumber(t);
}

/** Changes to `daily`, added up per (location, day) and written once per batch. */
export class DailyDeltas {
  readonly rows = new Map<string, { location_id: number; day: number } & Partial<Record<DailyColumn, number>>>();

  add(locationId: number, day: number, column: DailyColumn, amount: number): void {
    if (amount === 0) return;
    const key = `${locationId}:${day}`;
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = { location_id: locationId, day }));
    row[column] = (row[column] ?? 0) + amount;
  }

  /**
   * A stay [from, to) of a coupon's value in a location's liability (sold on `soldOn`, last day
   * `expiresOn`), added (sign 1) or taken back (sign -1) in the ageing and falls-due columns.
   */
  stay(sign: 1 | -1, c: { locationId: number; soldOn: number; expiresOn: string; value: number }, from: number, to: number): void {
    if (to <= from || c.value === 0) return;
    const v = sign * c.value;
    const s = c.soldOn;
    // Age d - soldOn: 0-90, 91-180, 181-365, over 365 days.
    const buckets: [DailyColumn, number, number][] = [
      ['age_0_90', -Infinity, s + 91],
      ['age_91_180', s + 91, s + 181],
      ['age_181_365', s + 181, s + 366],
      ['age_over_365', s + 366, Infinity],
    ];
    const t = dueWithinYearFrom(c.expiresOn);
    buckets.push(['due_later', -Infinity, t], ['due_12m', t, Infinity]);
    for (const [column, lo, hi] of buckets) {
      const a = Math.max(from, lo);
      const b = Math.min(to, hi);
      if (a >= b) continue;
      this.add(c.locationId, a, column, v);
      // A stay without an end (a gift pending until claimed or ended) closes when it leaves.
      if (b !== Infinity) this.add(c.locationId, b, column, -v);
    }
  }

  async flush(tx: Tx, s: string): Promise<void> {
    const rows = [...this.rows.values()].filter((r) => DAILY_COLUMNS.some((c) => (r[c] ?? 0) !== 0));
    if (rows.length === 0) return;
    const payload = rows.map((r) => ({ ...Object.fromEntries(DAILY_COLUMNS.map((c) => [c, r[c] ?? 0])), location_id: r.location_id, day: dayText(r.day) }));
    const types = DAILY_COLUMNS.map((c) => `${c} ${c === 'breakage_count' ? 'integer' : 'bigint'}`).join(', ');
    await tx.unsafe(
      `insert into ${s}.daily as d (location_id, day, ${DAILY_COLUMNS.join(', ')})
       select location_id, day, ${DAILY_COLUMNS.join(', ')} from json_to_recordset($1::json) as x(location_id integer, day date, ${types})
       order by location_id, day
       on conflict (location_id, day) do update set ${DAILY_COLUMNS.map((c) => `${c} = d.${c} + excluded.${c}`).join(', ')}`,
      [payload as never],
      PREPARED,
    );
  }
}

// ---- the coupon's state and its moves ----

interface CouponRow {
  issued_coupon_id: string;
  sale_id: string;
  location_id: number;
  sold_on: Date | string;
  expires_on: Date | string;
  allocated_value: string | number;
  state: 'open' | 'redeemed' | 'voided';
  open_since: Date | string | null;
  breakage_on: Date | string | null;
  left_on: Date | string | null;
  redemption_id: string | null;
  redemption_time_zone: string | null;
  coupon_revision: number | null;
}

interface Coupon {
  id: string;
  locationId: number;
  soldOn: number;
  expiresOn: string;
  value: number;
  state: 'open' | 'redeemed' | 'voided';
  openSince: number | null;
  breakageOn: number | null;
  leftOn: number | null;
}

const COUPON_SELECT = `issued_coupon_id::text, sale_id::text, location_id, to_char(sold_on, 'YYYY-MM-DD') as sold_on,
  to_char(expires_on, 'YYYY-MM-DD') as expires_on, allocated_value, state, to_char(open_since, 'YYYY-MM-DD') as open_since,
  to_char(breakage_on, 'YYYY-MM-DD') as breakage_on, to_char(left_on, 'YYYY-MM-DD') as left_on, redemption_id, redemption_time_zone, coupon_revision`;

function couponOf(r: CouponRow): Coupon {
  return {
    id: r.issued_coupon_id,
    locationId: r.location_id,
    soldOn: dayNumber(dateText(r.sold_on)),
    expiresOn: dateText(r.expires_on),
    value: Number(r.allocated_value),
    state: r.state,
    openSince: r.open_since === null ? null : dayNumber(dateText(r.open_since)),
    breakageOn: r.breakage_on === null ? null : dayNumber(dateText(r.breakage_on)),
    leftOn: r.left_on === null ? null : dayNumber(dateText(r.left_on)),
  };
}

async function saveCoupon(tx: Tx, s: string, c: Coupon, extra: { redemptionId?: string | null; timeZone?: string | null } = {}): Promise<void> {
  const day = (d: number | null) => (d === null ? null : dayText(d));
  const sets = ['location_id = $2', 'state = $3', 'open_since = $4::date', 'breakage_on = $5::date', 'left_on = $6::date'];
  const params: unknown[] = [c.id, c.locationId, c.state, day(c.openSince), day(c.breakageOn), day(c.leftOn)];
  if (extra.redemptionId !== undefined) {
    params.push(extra.redemptionId);
    sets.push(`redemption_id = $${params.length}`);
  }
  if (extra.timeZone !== undefined) {
    params.push(extra.timeZone);
    sets.push(`redemption_time_zone = $${params.length}`);
  }
  await tx.unsafe(`update ${s}.coupons set ${sets.join(', ')} where issued_coupon_id = $1`, params as never[], PREPARED);
}

/**
 * An open coupon leaves the liability on day x (redeemed or its sale voided): its stay ends at x
 * and its breakage is unscheduled, or, when it had expired already (x >= its breakage day),
 * the breakage recognised is reversed on x. Returns the day of the leaving movement (never
 * before the stay began: a day in another zone can be a day earlier).
 */
function leave(c: Coupon, x: number, daily: DailyDeltas): number {
  if (c.state !== 'open' || c.openSince === null || c.breakageOn === null) throw new Error(`Coupon ${c.id} is not in the liability.`);
  const at = Math.max(x, c.openSince);
  if (at < c.breakageOn) {
    daily.stay(-1, c, at, c.breakageOn);
    daily.add(c.locationId, c.breakageOn, 'breakage', -c.value);
    daily.add(c.locationId, c.breakageOn, 'breakage_count', -1);
  } else {
    daily.add(c.locationId, at, 'breakage', -c.value);
    daily.add(c.locationId, at, 'breakage_count', -1);
  }
  c.openSince = null;
  c.breakageOn = null;
  c.leftOn = at;
  return at;
}

/**
 * The coupon enters the liability on day x (never before it left it): outstanding until the day
 * after its last day, then breakage (on x itself when already expired). Returns the day it entered.
 */
function enter(c: Coupon, x: number, daily: DailyDeltas): number {
  const at = Math.max(x, c.leftOn ?? x);
  const breakageOn = Math.max(dayNumber(c.expiresOn) + 1, at);
  c.state = 'open';
  c.openSince = at;
  c.breakageOn = breakageOn;
  c.leftOn = null;
  daily.stay(1, c, at, breakageOn);
  daily.add(c.locationId, breakageOn, 'breakage', c.value);
  daily.add(c.locationId, breakageOn, 'breakage_count', 1);
  return at;
}

// ---- sale events ----

async function applySaleEvent(tx: Tx, s: string, event: RecordedEvent, daily: DailyDeltas): Promise<void> {
  const saleId = (event.data as { saleId?: unknown } | null)?.saleId;
  if (typeof saleId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no saleId.`);
  const [sale] = await tx.unsafe<{ revision: number; time_zone: string; location_id: number }[]>(
    `select revision, time_zone, location_id from ${s}.sales where sale_id = $1 for update`,
    [saleId],
    PREPARED,
  );
  if (sale && event.revision <= sale.revision) return;
  if (!sale && event.type !== 'PackSold') throw new Error(`${event.type} of sale ${saleId}, which the read model does not hold (its PackSold is missing or parked).`);

  if (event.type === 'PackSold') return sold(tx, s, (event as unknown as PackSold).data, event.revision, daily);

  const coupons = (
    await tx.unsafe<CouponRow[]>(`select ${COUPON_SELECT} from ${s}.coupons where sale_id = $1 order by issued_coupon_id for update`, [saleId], PREPARED)
  ).map(couponOf);

  if (event.type === 'PackSaleVoided') {
    const d = (event as unknown as PackSaleVoided).data;
    const x = dayNumber(localDateOf(d.voidedAt, sale!.time_zone));
    for (const c of coupons) {
      // A redeemed coupon cannot be in a voided sale (the void withdraws every coupon first); were
      // one there, its redemption stands and only the coupons still in the liability are voided.
      if (c.state !== 'open') continue;
      daily.add(c.locationId, leave(c, x, daily), 'voided', c.value);
      c.state = 'voided';
      await saveCoupon(tx, s, c);
    }
    await tx.unsafe(`update ${s}.sales set status = 'voided', revision = $2 where sale_id = $1`, [saleId, event.revision], PREPARED);
    return;
  }

  if (event.type === 'PackSaleLocationCorrected') {
    const d = (event as unknown as PackSaleLocationCorrected).data;
    const x = dayNumber(localDateOf(d.correctedAt, d.timeZone));
    const to = d.toLocationId;
    for (const c of coupons) {
      if (c.locationId === to) continue;
      if (c.state === 'open' && c.openSince !== null && c.breakageOn !== null && x < c.breakageOn) {
        const at = Math.max(x, c.openSince);
        const from = c.locationId;
        daily.stay(-1, c, at, c.breakageOn);
        daily.add(from, c.breakageOn, 'breakage', -c.value);
        daily.add(from, c.breakageOn, 'breakage_count', -1);
        daily.add(from, at, 'transfer_out', c.value);
        c.locationId = to;
        daily.add(to, at, 'transfer_in', c.value);
        daily.stay(1, c, at, c.breakageOn);
        daily.add(to, c.breakageOn, 'breakage', c.value);
        daily.add(to, c.breakageOn, 'breakage_count', 1);
        c.openSince = at;
      } else {
        // Not in the liability on that day (redeemed, voided or expired): its later movements are at the new location.
        c.locationId = to;
      }
      await saveCoupon(tx, s, c);
    }
    await tx.unsafe(`update ${s}.sales set location_id = $2, time_zone = $3, revision = $4 where sale_id = $1`, [saleId, to, d.timeZone, event.revision], PREPARED);
    return;
  }
  throw new Error(`liability does not know the event type ${event.type}.`);
}

async function sold(tx: Tx, s: string, d: PackSold['data'], revision: number, daily: DailyDeltas): Promise<void> {
  const converted = typeof d.paperBookNumber === 'string' && d.paperBookNumber !== '';
  // The claim of a pending gift: sold on the payment day already; its coupons replace the pending amount.
  const gift = converted ? null : await claimedGift(tx, s, d, daily);
  await tx.unsafe(`insert into ${s}.sales (sale_id, location_id, time_zone, sold_on, converted, status, revision) values ($1, $2, $3, $4::date, $5, 'sold', $6)`, [
    d.saleId,
    d.locationId,
    d.timeZone,
    d.soldOn,
    converted,
    revision,
  ], PREPARED);
  if (!Array.isArray(d.coupons)) throw new Error(`PackSold of sale ${d.saleId} carries no coupons.`);
  // A gift's coupons are aged from the payment day (when the money came in).
  const soldOn = gift ? gift.paidOn : dayNumber(d.soldOn);
  // A conversion's soldOn is the paper book's sale day (its coupons' age); it enters the digital
  // liability on the day it was converted (soldAt in the location's zone).
  const enters = converted ? Math.max(soldOn, dayNumber(localDateOf(d.soldAt, d.timeZone))) : gift ? gift.at : soldOn;
  let issued = 0;
  const rows = d.coupons.map((ic) => {
    const c: Coupon = { id: ic.issuedCouponId, locationId: d.locationId, soldOn, expiresOn: ic.expiresOn, value: ic.allocatedValue, state: 'open', openSince: null, breakageOn: null, leftOn: null };
    const at = enter(c, enters, daily);
    if (!gift) daily.add(d.locationId, at, converted ? 'converted' : 'sold', c.value);
    issued += c.value;
    return {
      issued_coupon_id: c.id,
      sale_id: d.saleId,
      location_id: c.locationId,
      sold_on: dayText(soldOn),
      expires_on: c.expiresOn,
      allocated_value: c.value,
      state: c.state,
      open_since: dayText(c.openSince!),
      breakage_on: dayText(c.breakageOn!),
      left_on: null,
      redemption_id: null,
      redemption_time_zone: null,
      coupon_revision: null,
    };
  });
  // The coupons' values add up to the price the gift was paid; were they not to, the difference is sold on the claim day.
  if (gift) daily.add(d.locationId, gift.at, 'sold', issued - gift.amount);
  if (rows.length === 0) return;
  await tx.unsafe(`insert into ${s}.coupons select * from json_populate_recordset(null::${s}.coupons, $1::json)`, [rows as never], PREPARED);
}

// ---- gifts ----

interface GiftRow {
  gift_id: string;
  location_id: number;
  time_zone: string;
  paid_on: string;
  expires_on: string;
  amount: string | number;
  state: 'pending' | 'claimed' | 'expired';
}

const GIFT_SELECT = `gift_id::text, location_id, time_zone, to_char(paid_on, 'YYYY-MM-DD') as paid_on, to_char(expires_on, 'YYYY-MM-DD') as expires_on, amount, state`;

/** The pending gift's value as a coupon-like stay (aged from the payment day, due by its link's expiry). */
const giftStay = (g: GiftRow) => ({ locationId: g.location_id, soldOn: dayNumber(g.paid_on), expiresOn: g.expires_on, value: Number(g.amount) });

/** The gift leaves the liability on day x (never before its payment day): its open stay ends. Returns the day. */
function giftLeaves(g: GiftRow, x: number, daily: DailyDeltas): number {
  const at = Math.max(x, dayNumber(g.paid_on));
  daily.stay(-1, giftStay(g), at, Infinity);
  return at;
}

/**
 * When `d` is the claim of a pending gift (its sale id): the gift leaves on the claim day (moved to
 * the sale's location when it differs) and is marked claimed. Null for any other sale.
 */
async function claimedGift(tx: Tx, s: string, d: PackSold['data'], daily: DailyDeltas): Promise<{ paidOn: number; at: number; amount: number } | null> {
  const [g] = await tx.unsafe<GiftRow[]>(`select ${GIFT_SELECT} from ${s}.gifts where sale_id = $1 and state = 'pending' for update`, [d.saleId], PREPARED);
  if (!g) return null;
  const at = giftLeaves(g, dayNumber(d.soldOn), daily);
  const amount = Number(g.amount);
  if (g.location_id !== d.locationId) {
    daily.add(g.location_id, at, 'transfer_out', amount);
    daily.add(d.locationId, at, 'transfer_in', amount);
  }
  await tx.unsafe(`update ${s}.gifts set state = 'claimed', left_on = $2::date where gift_id = $1`, [g.gift_id, dayText(at)], PREPARED);
  return { paidOn: dayNumber(g.paid_on), at, amount };
}

async function applyGiftEvent(tx: Tx, s: string, event: RecordedEvent, daily: DailyDeltas): Promise<void> {
  if (event.type === 'GiftPurchased') {
    const d = (event as unknown as GiftPurchased).data;
    if (typeof d?.giftId !== 'string') throw new Error(`GiftPurchased at ${event.globalPosition} carries no giftId.`);
    const timeZone = d.timeZone ?? (await locationTimeZone(tx, d.locationId));
    const g: GiftRow = {
      gift_id: d.giftId,
      location_id: d.locationId,
      time_zone: timeZone,
      paid_on: localDateOf(d.purchasedAt, timeZone),
      expires_on: localDateOf(d.expiresAt, timeZone),
      amount: d.price,
      state: 'pending',
    };
    const inserted = await tx.unsafe(
      `insert into ${s}.gifts (gift_id, sale_id, location_id, time_zone, paid_on, expires_on, amount, state)
       values ($1, $2, $3, $4, $5::date, $6::date, $7, 'pending') on conflict (gift_id) do nothing returning gift_id`,
      [g.gift_id, deterministicUuid(`gift:${d.giftId}`), g.location_id, g.time_zone, g.paid_on, g.expires_on, d.price] as never[],
      PREPARED,
    );
    if (inserted.length === 0) return;
    const paidOn = dayNumber(g.paid_on);
    daily.add(g.location_id, paidOn, 'sold', Number(d.price));
    daily.stay(1, giftStay(g), paidOn, Infinity);
    return;
  }
  if (event.type === 'GiftExpired') {
    const d = (event as unknown as GiftExpired).data;
    const [g] = await tx.unsafe<GiftRow[]>(`select ${GIFT_SELECT} from ${s}.gifts where gift_id = $1 for update`, [d?.giftId], PREPARED);
    if (!g) throw new Error(`GiftExpired of gift ${d?.giftId}, which the read model does not hold (its GiftPurchased is missing or parked).`);
    if (g.state !== 'pending') return;
    const at = giftLeaves(g, dayNumber(localDateOf(d.expiredAt, g.time_zone)), daily);
    daily.add(g.location_id, at, 'voided', Number(g.amount));
    await tx.unsafe(`update ${s}.gifts set state = 'expired', left_on = $2::date where gift_id = $1`, [g.gift_id, dayText(at)], PREPARED);
    return;
  }
  throw new Error(`liability does not know the event type ${event.type}.`);
}

/** The location's zone for a gift recorded before GiftPurchased carried it (UTC when unknown). */
async function locationTimeZone(tx: Tx, locationId: number): Promise<string> {
  const [known] = await tx.unsafe<{ present: boolean }[]>(`select to_regclass('ref.locations') is not null as present`);
  if (!known?.present) return 'UTC';
  const [row] = await tx.unsafe<{ time_zone: string | null }[]>(`select time_zone from ref.locations where location_id = $1`, [locationId], PREPARED);
  return row?.time_zone || 'UTC';
}

// ---- issued coupon events ----

async function applyCouponEvent(tx: Tx, s: string, event: RecordedEvent, daily: DailyDeltas): Promise<void> {
  const id = (event.data as { issuedCouponId?: unknown } | null)?.issuedCouponId;
  if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no issuedCouponId.`);
  const [row] = await tx.unsafe<CouponRow[]>(`select ${COUPON_SELECT} from ${s}.coupons where issued_coupon_id = $1 for update`, [id], PREPARED);
  if (!row) throw new Error(`${event.type} of issued coupon ${id}, which the read model does not hold (its sale's PackSold is missing or parked).`);
  if (row.coupon_revision !== null && event.revision <= row.coupon_revision) return;
  await tx.unsafe(`update ${s}.coupons set coupon_revision = $2 where issued_coupon_id = $1`, [id, event.revision], PREPARED);
  const c = couponOf(row);

  switch (event.type) {
    case 'CouponRedeemed': {
      const d = (event as unknown as CouponRedeemed).data;
      // Only a coupon in the liability is redeemed from it (a second redemption without a void of the first changes nothing).
      if (c.state !== 'open') return;
      daily.add(c.locationId, leave(c, dayNumber(d.redeemedOn), daily), 'redeemed', c.value);
      c.state = 'redeemed';
      await saveCoupon(tx, s, c, { redemptionId: d.redemptionId, timeZone: d.timeZone });
      return;
    }
    case 'CouponRedemptionVoided': {
      const d = (event as unknown as CouponRedemptionVoided).data;
      if (c.state !== 'redeemed' || row.redemption_id !== d.redemptionId) return;
      const x = dayNumber(localDateOf(d.voidedAt, row.redemption_time_zone ?? 'UTC'));
      daily.add(c.locationId, enter(c, x, daily), 'unredeemed', c.value);
      await saveCoupon(tx, s, c, { redemptionId: null, timeZone: null });
      return;
    }
    case 'CouponRedemptionRoChanged': {
      // The liability does not change; a later void's day is in the new redeeming location's zone.
      const d = (event as unknown as CouponRedemptionRoChanged).data;
      await tx.unsafe(`update ${s}.coupons set redemption_time_zone = $3 where issued_coupon_id = $1 and redemption_id = $2`, [id, d.redemptionId, d.to.timeZone], PREPARED);
      return;
    }
    default:
      throw new Error(`liability does not know the event type ${event.type}.`);
  }
}
