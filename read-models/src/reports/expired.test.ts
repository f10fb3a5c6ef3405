/**
 * The expired report over the `liability` read model (issue 14), as a property: random histories
 * of pack sales (and paper-book conversions, entering on their conversion day and aged from the
 * book's paper sale day) across three locations, each coupon with its own last day, then
 * redemptions (only while valid), redemption voids (also after expiry), location corrections and
 * sale voids (only with no coupon in use, also after expiry), are written as real events and
 * applied by the liability projection; some of the sales are gift packs (issue 13): GiftPurchased
 * (sold on the payment day, outstanding as one pending amount aged from that day, due within the
 * year, never breakage), then claimed within the link's 30 days (GiftClaimed and the recipient's
 * PackSold of deterministicUuid('gift:{giftId}'): the pending amount leaves, the coupons enter on the
 * claim day aged from the payment day, no second sale; then redeemed, corrected, voided like any
 * sale), ended unclaimed (GiftExpired after the link expired, or not sellable at a claim, with the
 * buyer's OnlineOrderRefunded: a void of the pending amount on its day) or still pending;
 * then for random periods and "today"s, per location:
 * - the roll-forward closes: opening + sold + converted - redeemed - voided - breakage + transfers = closing;
 * - opening and closing equal the value of the coupons outstanding at the period's start and end
 *   (end = the earlier of `to` and today), computed here by folding the history (a coupon is
 *   outstanding on day d when it entered by d, its last day is not before d, its sale is not voided
 *   by d and its last redemption event by d is not a redemption, at its sale's location as of d);
 * - each movement equals its sum over the history (sold, converted, redeemed net of voids, voided,
 *   breakage at the day after the last day with its reversals, corrections moving what is outstanding);
 * - the ageing and falls-due columns equal the outstanding coupons' values by age and by expiry,
 *   and add up to the closing balance; the totals row adds the rows; the chart's last point is the
 *   closing balance of all the locations; the CSV stream gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GIFT_LIFETIME_DAYS, addDays, addMonths, type PackSold, type RedemptionFacts, type ReportQuery, type ReportRow } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { liability } from '../liability/projection';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '../pack-sales/test-events';
import { giftClaimSale, giftClaimed, giftExpired, giftPurchased, giftRefunded, giftStreamId } from './gift-test-events';
import { expiredReport } from './expired';

const env = useEventStoreDatabase();

const BASE = '2025-01-01';
const day = (offset: number) => addDays(BASE, offset);
const at = (d: string) => `${d}T12:00:00.000Z`;

const actionArb = fc.record({
  kind: fc.constantFrom('redeem', 'redeem', 'unredeem', 'correct', 'void'),
  coupon: fc.nat(2),
  gap: fc.integer({ min: 0, max: 150 }),
  to: fc.nat(2),
});
const saleArb = fc.record({
  soldOffset: fc.integer({ min: 0, max: 600 }),
  location: fc.nat(2),
  paperDelay: fc.option(fc.integer({ min: 0, max: 300 }), { freq: 3 }),
  lives: fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 1, maxLength: 3 }),
  price: fc.integer({ min: 0, max: 40000 }),
  actions: fc.array(actionArb, { maxLength: 6 }),
  // A gift pack (then not a paper book): claimed `after` days after payment, ended unclaimed
  // (expired: `late` days after its link's last day; not sellable: at a claim `after` days on), or pending.
  gift: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.record({
        outcome: fc.constantFrom('claim', 'claim', 'expired', 'not-sellable', 'pending'),
        after: fc.integer({ min: 0, max: GIFT_LIFETIME_DAYS - 1 }),
        late: fc.integer({ min: 0, max: 10 }),
      }),
    },
  ),
});
type SaleInput = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;
/**
 * A period and today: each an offset from BASE or, to hit the edges, a day of the history (a sale,
 * an action, a last day) moved by a day or none.
 */
const dayArb = fc.oneof({ arbitrary: fc.record({ offset: fc.integer({ min: -20, max: 1500 }) }), weight: 1 }, { arbitrary: fc.record({ pick: fc.nat(), shift: fc.integer({ min: -1, max: 1 }) }), weight: 3 });
const periodArb = fc.record({ from: dayArb, to: dayArb, today: dayArb });
type DayPick = { offset: number } | { pick: number; shift: number };
const dayOf = (p: DayPick, days: string[]) => ('offset' in p ? day(p.offset) : addDays(days[p.pick % days.length]!, p.shift));

/** The history as the report should see it, folded from the events written. */
interface ModelCoupon {
  value: number;
  agedFrom: string;
  enteredOn: string;
  expiresOn: string;
  /** Redemption (true) and redemption-void (false) events in order, with their day. */
  redemptions: { day: string; redeemed: boolean }[];
}
/** A paid gift's pending amount: outstanding at the order's location from its payment day until it left (claimed or ended). */
interface ModelGift {
  paidOn: string;
  linkExpiresOn: string;
  amount: number;
  leftOn: string | null;
}
interface ModelSale {
  location: number;
  corrections: { day: string; to: number }[];
  voidedOn: string | null;
  coupons: ModelCoupon[];
  gift: ModelGift | null;
}
/** Each movement as the history makes it: location, day, column, amount. */
type Movement = { location: number; day: string; column: 'sold' | 'converted' | 'redeemed' | 'voided' | 'breakage' | 'breakageCount' | 'transfers'; amount: number };

function locationOn(sale: ModelSale, d: string): number {
  let location = sale.location;
  for (const c of sale.corrections) if (c.day <= d) location = c.to;
  return location;
}
const giftOutstandingOn = (g: ModelGift, d: string) => g.paidOn <= d && (g.leftOn === null || d < g.leftOn);
function outstandingOn(sale: ModelSale, c: ModelCoupon, d: string): boolean {
  if (c.enteredOn > d || c.expiresOn < d) return false;
  if (sale.voidedOn !== null && sale.voidedOn <= d) return false;
  const last = c.redemptions.filter((r) => r.day <= d).at(-1);
  return !last?.redeemed;
}

let runs = 0;
/** Gifts the histories held, by outcome, and claimed gifts' coupons that were redeemed (the property must see each). */
const giftsSeen = { claim: 0, expired: 0, 'not-sellable': 0, pending: 0, redeemed: 0 };

/** Writes one random sale's events as the deciders would allow them; returns the model and its movements. */
async function writeSale(input: SaleInput, locations: number[], movements: Movement[]): Promise<ModelSale> {
  const soldOn = day(input.soldOffset);
  const location = locations[input.location]!;
  const items = [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: input.lives.length }];
  let gift: ModelGift | null = null;
  let claimed: PackSold['data'] | null = null;
  if (input.gift) {
    // Paid on soldOn (UTC): sold that day as one pending amount; the link lasts GIFT_LIFETIME_DAYS.
    const purchased = { ...giftPurchased({ buyerId: randomUUID(), purchasedAt: at(soldOn), price: input.price, locationId: location }), timeZone: 'UTC' };
    await append(env.store, giftStreamId(purchased.giftId), [{ type: 'GiftPurchased', data: purchased }]);
    movements.push({ location, day: soldOn, column: 'sold', amount: purchased.price });
    gift = { paidOn: soldOn, linkExpiresOn: addDays(soldOn, GIFT_LIFETIME_DAYS), amount: purchased.price, leftOn: null };
    const { outcome, after, late } = input.gift;
    giftsSeen[outcome] += 1;
    if (outcome === 'expired' || outcome === 'not-sellable') {
      // Ended unclaimed, the buyer refunded: a void of the pending amount on its day (never breakage).
      const endedOn = outcome === 'expired' ? addDays(gift.linkExpiresOn, late) : addDays(soldOn, after);
      await append(env.store, giftStreamId(purchased.giftId), [giftExpired(purchased, at(endedOn), outcome)]);
      await append(env.store, `online-order-${purchased.orderId}`, [giftRefunded(purchased, at(endedOn))]);
      movements.push({ location, day: endedOn, column: 'voided', amount: purchased.price });
      gift.leftOn = endedOn;
    }
    if (outcome !== 'claim') return { location, corrections: [], voidedOn: null, coupons: [], gift };
    // Claimed: the recipient's pack sale on the claim day (coupons valid from then), no second sale.
    const claimOn = addDays(soldOn, after);
    const recipientId = randomUUID();
    await append(env.store, giftStreamId(purchased.giftId), [giftClaimed(purchased, recipientId, at(claimOn))]);
    claimed = { ...giftClaimSale(purchased, recipientId, items, claimOn), timeZone: 'UTC', soldAt: at(claimOn) };
    gift.leftOn = claimOn;
  }
  const paper = input.paperDelay !== null && gift === null;
  const enteredOn = paper ? addDays(soldOn, input.paperDelay!) : (claimed?.soldOn ?? soldOn);
  const base = claimed ?? packSold({ customerId: randomUUID(), soldOn, locationId: location, items, price: input.price });
  const sold: PackSold['data'] = {
    ...base,
    timeZone: 'UTC',
    soldAt: at(enteredOn),
    coupons: base.coupons.map((c, i) => ({ ...c, expiresOn: addDays(enteredOn, input.lives[i]!) })),
    ...(paper ? { paperBookNumber: `PB-${runs}-${input.soldOffset}` } : {}),
  };
  const sale: ModelSale = {
    location,
    corrections: [],
    voidedOn: null,
    // A gift's coupons are aged from the payment day.
    coupons: sold.coupons.map((c) => ({ value: c.allocatedValue, agedFrom: soldOn, enteredOn, expiresOn: c.expiresOn, redemptions: [] })),
    gift,
  };
  await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
  // A claimed gift's coupons replace its pending amount (their values add up to the price paid): not sold again.
  if (!gift) {
    for (const c of sale.coupons) movements.push({ location, day: enteredOn, column: paper ? 'converted' : 'sold', amount: c.value });
  } else {
    expect(sale.coupons.reduce((sum, c) => sum + c.value, 0)).toBe(gift.amount);
  }

  let current = location;
  let t = enteredOn;
  const redeemedBy: (RedemptionFacts | null)[] = sold.coupons.map(() => null);
  for (const action of input.actions) {
    t = addDays(t, action.gap);
    const j = action.coupon % sold.coupons.length;
    const coupon = sale.coupons[j]!;
    if (action.kind === 'redeem' && sale.voidedOn === null && redeemedBy[j] === null && t <= coupon.expiresOn) {
      const facts = redemptionFacts(sold, j, { locationId: locations[action.to]! });
      redeemedBy[j] = facts;
      await append(env.store, issuedCouponStream(facts.issuedCouponId), [couponRedeemed(facts, at(t))]);
      coupon.redemptions.push({ day: t, redeemed: true });
      if (gift) giftsSeen.redeemed += 1;
      movements.push({ location: current, day: t, column: 'redeemed', amount: coupon.value });
    } else if (action.kind === 'unredeem' && redeemedBy[j] !== null) {
      const facts = redeemedBy[j]!;
      redeemedBy[j] = null;
      await append(env.store, issuedCouponStream(facts.issuedCouponId), [{ type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Wrong RO', by: 'manager', voidedAt: at(t) } }]);
      coupon.redemptions.push({ day: t, redeemed: false });
      movements.push({ location: current, day: t, column: 'redeemed', amount: -coupon.value });
      // Voided after its last day: remote at once, breakage on the void's day.
      if (t > coupon.expiresOn) {
        movements.push({ location: current, day: t, column: 'breakage', amount: coupon.value }, { location: current, day: t, column: 'breakageCount', amount: 1 });
      }
    } else if (action.kind === 'correct' && sale.voidedOn === null && locations[action.to] !== current) {
      const to = locations[action.to]!;
      await append(env.store, saleStream(sold.saleId), [
        {
          type: 'PackSaleLocationCorrected',
          data: { saleId: sold.saleId, customerId: sold.customerId, fromLocationId: current, toLocationId: to, timeZone: 'UTC', reason: 'Other store', by: 'manager', correctedAt: at(t), coupons: [] },
        },
      ]);
      for (const c of sale.coupons) {
        if (!outstandingOn(sale, c, t)) continue;
        movements.push({ location: current, day: t, column: 'transfers', amount: -c.value }, { location: to, day: t, column: 'transfers', amount: c.value });
      }
      sale.corrections.push({ day: t, to });
      current = to;
    } else if (action.kind === 'void' && sale.voidedOn === null && redeemedBy.every((r) => r === null)) {
      await append(env.store, saleStream(sold.saleId), [
        {
          type: 'PackSaleVoided',
          data: { saleId: sold.saleId, customerId: sold.customerId, locationId: current, reason: 'Refund', by: 'manager', voidedAt: at(t), refund: sold.total, refundTax: sold.tax, voidedCouponIds: sold.coupons.map((c) => c.issuedCouponId), wasStatus: 'final' },
        },
      ]);
      for (const c of sale.coupons) {
        movements.push({ location: current, day: t, column: 'voided', amount: c.value });
        // Already expired (its breakage recognised): the void reverses it.
        if (t > c.expiresOn) movements.push({ location: current, day: t, column: 'breakage', amount: -c.value }, { location: current, day: t, column: 'breakageCount', amount: -1 });
      }
      sale.voidedOn = t;
    }
  }
  // Expired unused: breakage the day after its last day, where it was held on its last day.
  for (const c of sale.coupons) {
    if (!outstandingOn(sale, c, c.expiresOn)) continue;
    const where = locationOn(sale, c.expiresOn);
    const on = addDays(c.expiresOn, 1);
    movements.push({ location: where, day: on, column: 'breakage', amount: c.value }, { location: where, day: on, column: 'breakageCount', amount: 1 });
  }
  return sale;
}

function bucketOf(age: number): 'age0to90' | 'age91to180' | 'age181to365' | 'ageOver365' {
  if (age <= 90) return 'age0to90';
  if (age <= 180) return 'age91to180';
  if (age <= 365) return 'age181to365';
  return 'ageOver365';
}
const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

async function collect(iterable: AsyncIterable<ReportRow[]>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const batch of iterable) rows.push(...batch);
  return rows;
}

describe('expired report (property: the roll-forward closes and equals the outstanding coupons)', () => {
  it('should close every period at every location and agree with the history folded independently', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(saleArb, { minLength: 1, maxLength: 6 }), fc.array(periodArb, { minLength: 1, maxLength: 4 }), async (salesInput, periods) => {
        runs += 1;
        // Each run its own locations, so runs share the database without seeing each other.
        const locations = [runs * 10 + 1, runs * 10 + 2, runs * 10 + 3];
        const movements: Movement[] = [];
        const sales: ModelSale[] = [];
        const [before] = await env.db.sql<{ position: string }[]>`select position from checkpoints where name = 'liability'`.catch(() => []);
        for (const input of salesInput) sales.push(await writeSale(input, locations, movements));
        expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
        // Re-applying this run's events (gifts' events included) changes nothing.
        const daily = () => env.db.sql`select * from rm_liability.daily where location_id = any(${locations}) order by location_id, day`;
        const applied = [...(await daily())];
        await env.db.sql`update checkpoints set position = ${Number(before?.position ?? 0)} where name = 'liability'`;
        expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
        expect([...(await daily())]).toEqual(applied);

        for (const p of periods) {
          // The edges: every movement's day, every last day and the day it falls due within 12 months, every age bucket's first day.
          const edges = sales.flatMap((s) => [
            ...s.coupons.flatMap((c) => [c.expiresOn, addMonths(c.expiresOn, -12), ...[90, 91, 180, 181, 365, 366].map((n) => addDays(c.agedFrom, n))]),
            ...(s.gift ? [s.gift.linkExpiresOn, ...[90, 91, 180, 181, 365, 366].map((n) => addDays(s.gift!.paidOn, n))] : []),
          ]);
          const days = [...new Set([...movements.map((m) => m.day), ...edges])].sort();
          const [from, to] = [dayOf(p.from, days), dayOf(p.to, days)].sort() as [string, string];
          const today = dayOf(p.today, days);
          const end = today < to ? today : to;
          const openingDay = from <= end ? addDays(from, -1) : end;
          const query: ReportQuery = { from, to, locationIds: locations, options: {}, drill: {}, today };
          const answer = await expiredReport.answer(env.db.sql, query);
          const tables = Object.fromEntries(answer.tables.map((t) => [t.key, t]));

          const rows = locations.map((location, i) => {
            const outstanding = (d: string) => {
              let sum = 0;
              for (const s of sales) for (const c of s.coupons) if (outstandingOn(s, c, d) && locationOn(s, d) === location) sum += c.value;
              for (const s of sales) if (s.gift && giftOutstandingOn(s.gift, d) && s.location === location) sum += s.gift.amount;
              return sum;
            };
            const moved = (column: Movement['column']) =>
              movements.filter((m) => m.location === location && m.column === column && m.day >= from && m.day <= end).reduce((sum, m) => sum + m.amount, 0);
            const ageing = { age0to90: 0, age91to180: 0, age181to365: 0, ageOver365: 0 };
            const due = { within12Months: 0, later: 0 };
            for (const s of sales) {
              // A pending gift: aged from its payment day, due by its link's last day (within the year).
              if (s.gift && giftOutstandingOn(s.gift, end) && s.location === location) {
                ageing[bucketOf(daysBetween(s.gift.paidOn, end))] += s.gift.amount;
                if (s.gift.linkExpiresOn <= addMonths(end, 12)) due.within12Months += s.gift.amount;
                else due.later += s.gift.amount;
              }
              for (const c of s.coupons) {
                if (!outstandingOn(s, c, end) || locationOn(s, end) !== location) continue;
                ageing[bucketOf(daysBetween(c.agedFrom, end))] += c.value;
                if (c.expiresOn <= addMonths(end, 12)) due.within12Months += c.value;
                else due.later += c.value;
              }
            }
            const r = { roll: tables.rollforward!.rows[i]!.cells, aged: tables.ageing!.rows[i]!.cells, expired: tables.expired!.rows[i]!.cells, due: tables.due!.rows[i]!.cells };
            expect(r.roll.location).toBe(`Location ${location}`);
            const c = r.roll as Record<string, number>;
            expect(c.opening! + c.sold! + c.converted! - c.redeemed! - c.voided! - c.breakage! + c.transfers!).toBe(c.closing);
            expect({ opening: c.opening, closing: c.closing }).toEqual({ opening: outstanding(openingDay), closing: outstanding(end) });
            expect({ sold: c.sold, converted: c.converted, redeemed: c.redeemed, voided: c.voided, breakage: c.breakage, transfers: c.transfers }).toEqual({
              sold: moved('sold'),
              converted: moved('converted'),
              redeemed: moved('redeemed'),
              voided: moved('voided'),
              breakage: moved('breakage'),
              transfers: moved('transfers'),
            });
            expect(r.expired).toEqual({ location: `Location ${location}`, coupons: moved('breakageCount'), value: moved('breakage') });
            expect(r.aged).toEqual({ location: `Location ${location}`, ...ageing, outstanding: c.closing });
            expect(r.due).toEqual({ location: `Location ${location}`, ...due, outstanding: c.closing });
            return c;
          });

          for (const t of answer.tables) {
            for (const col of t.columns.filter((k) => k.kind !== 'text')) expect(t.totals![col.key]).toBe(t.rows.reduce((sum, row) => sum + (row.cells[col.key] as number), 0));
          }
          const chart = answer.charts[0]!;
          expect(chart.points.at(-1)).toEqual({ month: end.slice(0, 7), closing: rows.reduce((sum, r) => sum + r.closing!, 0) });
          expect(chart.points.length).toBeGreaterThanOrEqual(12);
          expect(await collect(expiredReport.stream(env.db.sql, query, 'rollforward'))).toEqual(tables.rollforward!.rows);
        }
      }),
      { numRuns: 40 },
    );
    expect(Math.min(...Object.values(giftsSeen)), JSON.stringify(giftsSeen)).toBeGreaterThan(0);
  }, 240_000);
});

describe('expired report: names, the chart and a period after today', () => {
  it('should name locations from ref.locations, chart month ends, and recognise nothing after today', async () => {
    await env.db.sql`insert into ref.locations (location_id, location_name, loc_id) values (9001, 'Denver North', 'DN9')`;
    const sold = packSold({ customerId: randomUUID(), soldOn: '2026-01-15', locationId: 9001, items: [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 2 }], price: 10000 });
    const data = { ...sold, coupons: sold.coupons.map((c) => ({ ...c, expiresOn: '2026-03-31' })) };
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data }]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);

    const ask = (from: string, to: string, today: string) => expiredReport.answer(env.db.sql, { from, to, today, locationIds: [9001, 9002], options: {}, drill: {} });
    const spring = await ask('2026-01-01', '2026-04-30', '2026-06-01');
    const roll = spring.tables.find((t) => t.key === 'rollforward')!;
    expect(roll.rows.map((r) => r.cells)).toEqual([
      { location: 'Denver North', opening: 0, sold: 10000, converted: 0, redeemed: 0, voided: 0, breakage: 10000, transfers: 0, closing: 0 },
      { location: 'Location 9002', opening: 0, sold: 0, converted: 0, redeemed: 0, voided: 0, breakage: 0, transfers: 0, closing: 0 },
    ]);
    expect(spring.tables.find((t) => t.key === 'expired')!.totals).toEqual({ location: 'Total', coupons: 2, value: 10000 });
    const chart = spring.charts[0]!;
    expect(chart.points.map((p) => p.month)).toEqual(['2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04']);
    expect(chart.points.slice(-4).map((p) => p.closing)).toEqual([10000, 10000, 10000, 0]);

    // Today is 2026-03-15: the breakage scheduled for April 1st is not recognised yet.
    const early = await ask('2026-03-01', '2026-04-30', '2026-03-15');
    expect(early.tables.find((t) => t.key === 'rollforward')!.rows[0]!.cells).toMatchObject({ opening: 10000, breakage: 0, closing: 10000 });
    expect(early.tables.find((t) => t.key === 'due')!.rows[0]!.cells).toMatchObject({ within12Months: 10000, later: 0 });
    expect(early.notes.at(-1)).toBe('The period ends after today: figures are as at 03/15/2026.');
    expect(early.charts[0]!.points.at(-1)).toEqual({ month: '2026-03', closing: 10000 });
    // A period wholly after today: the balance at today, no movements.
    const future = await ask('2026-05-01', '2026-05-31', '2026-03-15');
    expect(future.tables.find((t) => t.key === 'rollforward')!.rows[0]!.cells).toMatchObject({ opening: 10000, sold: 0, breakage: 0, closing: 10000 });
  });
});
