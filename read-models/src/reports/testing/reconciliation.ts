/**
 * The reports' reconciliation (issue 14), shared by the property test (reconciliation.test.ts:
 * random histories applied by the projection, reports asked directly) and the product test
 * (launcher/src/reports-reconciliation.test.ts: the demo's events, reports asked through the
 * route): the sales and redemptions folded from the events, independently of the read model and
 * the reports, and one check per report comparing its answer with the sums over that fold.
 * Test code only (imports vitest's expect).
 */
import { expect } from 'vitest';
import {
  LABOR_TYPES,
  localDateOf,
  type CouponRedeemed,
  type CouponRedemptionRoChanged,
  type CouponRedemptionVoided,
  type GiftExpired,
  type GiftPurchased,
  type LaborType,
  type LocalDate,
  type PackSaleFinalised,
  type PackSaleLocationCorrected,
  type PackSaleVoided,
  type PackSold,
  type PaperCouponRedeemed,
  type ReportAnswer,
  type ReportName,
  type ReportQuery,
  type ReportRow,
  type ReportTable,
} from '@dealer/contracts';
import { deterministicUuid, type RecordedEvent } from '@dealer/platform';

// The figures, folded from the events

export interface FoldedSale {
  saleId: string;
  kind: 'lane' | 'online' | 'paper-conversion';
  status: 'pending' | 'final' | 'voided';
  soldBy: string;
  packId: string;
  locationId: number;
  timeZone: string;
  soldOn: LocalDate;
  /** A conversion's instant (it counts as converted on its local day at the sale's location). */
  soldAt: string;
  price: number;
  tax: number;
  total: number;
  voidedAt: string | null;
  refund: number;
  refundTax: number;
  /** A gift's sale (issue 13): its gift, and whether the recipient's PackSold (the claim) came. */
  giftId: string | null;
  claimed: boolean;
}
export interface FoldedRedemption {
  source: 'digital' | 'paper';
  saleId: string | null;
  opCode: string;
  laborType: string;
  soldLocationId: number;
  locationId: number;
  timeZone: string;
  redeemedAt: string;
  redeemedOn: LocalDate;
  roNumber: string;
  amount: number;
  allocatedValue: number;
  voidedAt: string | null;
}

export interface Folded {
  sales: FoldedSale[];
  redemptions: FoldedRedemption[];
}

/**
 * The sales and redemptions as the events leave them (a fold of the events, not of any read model).
 * A gift (issue 13) is an online sale on its payment's local day, sold by the buyer, final; the
 * recipient's PackSold of its sale id (the claim) is not a second sale; GiftExpired is its void on
 * its local day with the whole refund. `timeZoneOf`: the zone of a gift recorded without one.
 */
export function fold(events: readonly Pick<RecordedEvent, 'type' | 'data'>[], timeZoneOf: (locationId: number) => string = () => 'UTC'): Folded {
  const sales = new Map<string, FoldedSale>();
  const redemptions = new Map<string, FoldedRedemption>();
  for (const e of events) {
    const d = e.data as Record<string, never>;
    switch (e.type) {
      case 'PackSold': {
        const s = d as unknown as PackSold['data'];
        const gift = sales.get(s.saleId);
        if (gift?.giftId && !gift.claimed) {
          // The claim: the gift was sold on its payment day; only the customer changes.
          gift.claimed = true;
          break;
        }
        sales.set(s.saleId, {
          saleId: s.saleId,
          kind: s.paperBookNumber ? 'paper-conversion' : s.onlineOrderId ? 'online' : 'lane',
          status: s.status,
          soldBy: s.soldBy,
          packId: s.pack.packId,
          locationId: s.locationId,
          timeZone: s.timeZone,
          soldOn: s.soldOn,
          soldAt: s.soldAt,
          price: s.price,
          tax: s.tax,
          total: s.total,
          voidedAt: null,
          refund: 0,
          refundTax: 0,
          giftId: null,
          claimed: false,
        });
        break;
      }
      case 'GiftPurchased': {
        const g = d as unknown as GiftPurchased['data'];
        const timeZone = g.timeZone ?? timeZoneOf(g.locationId);
        sales.set(deterministicUuid(`gift:${g.giftId}`), {
          saleId: deterministicUuid(`gift:${g.giftId}`),
          kind: 'online',
          status: 'final',
          soldBy: g.customerId,
          packId: g.packId,
          locationId: g.locationId,
          timeZone,
          soldOn: localDateOf(g.purchasedAt, timeZone),
          soldAt: g.purchasedAt,
          price: g.price,
          tax: g.tax,
          total: g.total,
          voidedAt: null,
          refund: 0,
          refundTax: 0,
          giftId: g.giftId,
          claimed: false,
        });
        break;
      }
      case 'GiftExpired': {
        const x = d as unknown as GiftExpired['data'];
        Object.assign(sales.get(x.saleId)!, { status: 'voided', voidedAt: x.expiredAt, refund: x.refund, refundTax: x.refundTax });
        break;
      }
      case 'PackSaleFinalised': {
        const sale = sales.get((d as unknown as PackSaleFinalised['data']).saleId)!;
        if (sale.status === 'pending') sale.status = 'final';
        break;
      }
      case 'PackSaleLocationCorrected': {
        // The sale was made at the other location all along: it holds the money of its coupons' redemptions.
        const c = d as unknown as PackSaleLocationCorrected['data'];
        Object.assign(sales.get(c.saleId)!, { locationId: c.toLocationId, timeZone: c.timeZone });
        for (const r of redemptions.values()) if (r.saleId === c.saleId) r.soldLocationId = c.toLocationId;
        break;
      }
      case 'PackSaleVoided': {
        const v = d as unknown as PackSaleVoided['data'];
        Object.assign(sales.get(v.saleId)!, { status: 'voided', voidedAt: v.voidedAt, refund: v.refund, refundTax: v.refundTax });
        break;
      }
      case 'CouponRedeemed':
      case 'PaperCouponRedeemed': {
        const r = d as unknown as CouponRedeemed['data'] | PaperCouponRedeemed['data'];
        redemptions.set(r.redemptionId, {
          source: e.type === 'CouponRedeemed' ? 'digital' : 'paper',
          saleId: 'saleId' in r ? r.saleId : null,
          opCode: r.line.opCode,
          laborType: r.line.laborType,
          soldLocationId: r.soldLocationId,
          locationId: r.locationId,
          timeZone: r.timeZone,
          redeemedAt: r.redeemedAt,
          redeemedOn: r.redeemedOn,
          roNumber: r.roNumber,
          amount: r.amount,
          allocatedValue: r.allocatedValue,
          voidedAt: null,
        });
        break;
      }
      case 'CouponRedemptionRoChanged': {
        const c = d as unknown as CouponRedemptionRoChanged['data'];
        // It moves to the new RO's location, and counts on its local day there.
        const r = redemptions.get(c.redemptionId)!;
        Object.assign(r, { locationId: c.to.locationId, timeZone: c.to.timeZone, roNumber: c.to.roNumber, amount: c.to.amount, opCode: c.to.line.opCode, laborType: c.to.line.laborType, redeemedOn: localDateOf(r.redeemedAt, c.to.timeZone) });
        break;
      }
      case 'CouponRedemptionVoided':
      case 'PaperCouponRedemptionVoided': {
        const v = d as unknown as CouponRedemptionVoided['data'];
        redemptions.get(v.redemptionId)!.voidedAt = v.voidedAt;
        break;
      }
    }
  }
  return { sales: [...sales.values()], redemptions: [...redemptions.values()] };
}

export const inPeriod = (day: LocalDate | null, q: ReportQuery) => day !== null && day >= q.from && day <= q.to;
export const voidedOn = (x: { voidedAt: string | null; timeZone: string }) => (x.voidedAt === null ? null : localDateOf(x.voidedAt, x.timeZone));

export type Figures = Record<string, number>;

/** The invoice summary's figures of one location (and day, when given), from the fold. */
export function invoiceFigures(folded: Folded, q: ReportQuery, locationId: number, day?: LocalDate): Figures {
  const within = (d: LocalDate | null) => (day === undefined ? inPeriod(d, q) : d === day);
  const revenue = folded.sales.filter((s) => s.locationId === locationId && s.kind !== 'paper-conversion' && within(s.soldOn));
  const converted = folded.sales.filter((s) => s.locationId === locationId && s.kind === 'paper-conversion' && within(localDateOf(s.soldAt, s.timeZone)));
  const voided = folded.sales.filter((s) => s.locationId === locationId && s.kind !== 'paper-conversion' && within(voidedOn(s)));
  const redeemed = folded.redemptions.filter((r) => r.locationId === locationId && within(r.redeemedOn));
  const unredeemed = folded.redemptions.filter((r) => r.locationId === locationId && within(voidedOn(r)));
  const sum = <T,>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
  const f: Figures = {
    soldCount: revenue.length,
    soldNet: sum(revenue, (s) => s.price),
    soldTax: sum(revenue, (s) => s.tax),
    soldGross: sum(revenue, (s) => s.total),
    convertedCount: converted.length,
    redeemedCount: redeemed.length,
    redeemedValue: sum(redeemed, (r) => r.allocatedValue),
    redeemedDiscount: sum(redeemed, (r) => r.amount),
    redemptionsVoidedCount: unredeemed.length,
    redemptionsVoidedValue: sum(unredeemed, (r) => r.allocatedValue),
    voidedCount: voided.length,
    voidedNet: sum(voided, (s) => s.price),
    voidedTax: sum(voided, (s) => s.tax),
    refunded: sum(voided, (s) => s.refund),
    refundedTax: sum(voided, (s) => s.refundTax),
    refundedOnline: sum(
      voided.filter((s) => s.kind === 'online'),
      (s) => s.refund,
    ),
  };
  f.revenueRecognised = f.redeemedValue! - f.redemptionsVoidedValue!;
  f.netReceipts = f.soldGross! - f.refunded!;
  return f;
}

export const addFigures = (xs: Figures[]): Figures => {
  const total: Figures = {};
  for (const x of xs) for (const [k, v] of Object.entries(x)) total[k] = (total[k] ?? 0) + v;
  return total;
};
export const numbersOf = (cells: Record<string, unknown> | null | undefined): Figures =>
  Object.fromEntries(Object.entries(cells ?? {}).filter(([, v]) => typeof v === 'number')) as Figures;

// ---------------------------------------------------------------------------------------------
// The checks per report

/** Asks a report (its definition directly, or the HTTP route) for the query. */
export type Ask = (name: ReportName, q: ReportQuery) => Promise<Pick<ReportAnswer, 'tables' | 'charts'>>;
export interface CheckContext {
  ask: Ask;
  q: ReportQuery;
  folded: Folded;
  /** A location's name as the reports show it. */
  nameOf: (locationId: number) => string;
}
export type Check = (ctx: CheckContext) => Promise<void>;

export const table = (tables: ReportTable[], key: string) => {
  const t = tables.find((x) => x.key === key);
  if (!t) throw new Error(`No table ${key} among ${tables.map((x) => x.key).join(', ')}`);
  return t;
};

export const sum = <T,>(xs: readonly T[], f: (x: T) => number) => xs.reduce((total, x) => total + f(x), 0);
/** Rows of a table as figures by a key of each row. */
export const byKey = (rows: ReportRow[], key: (r: ReportRow) => string) => Object.fromEntries(rows.map((r) => [key(r), numbersOf(r.cells)]));

/** Coupon Sales' figures of the sales sold in the period and the voids made in it. */
export function salesFigures(sold: FoldedSale[], voided: FoldedSale[]): Figures {
  const f: Figures = {
    sales: sold.length,
    online: sold.filter((s) => s.kind === 'online').length,
    gross: sum(sold, (s) => s.total),
    tax: sum(sold, (s) => s.tax),
    net: sum(sold, (s) => s.price),
    pending: sold.filter((s) => s.status === 'pending').length,
    final: sold.filter((s) => s.status === 'final').length,
    voided: voided.length,
    refunded: sum(voided, (s) => s.refund),
    refundedTax: sum(voided, (s) => s.refundTax),
  };
  f.netAfterVoids = f.net! - (f.refunded! - f.refundedTax!);
  return f;
}
export const soldIn = (folded: Folded, q: ReportQuery) =>
  folded.sales.filter((s) => s.kind !== 'paper-conversion' && q.locationIds.includes(s.locationId) && inPeriod(s.soldOn, q));
export const voidedIn = (folded: Folded, q: ReportQuery) =>
  folded.sales.filter((s) => s.kind !== 'paper-conversion' && q.locationIds.includes(s.locationId) && inPeriod(voidedOn(s), q));

/** Coupon Redemptions' figures of the redemptions made in the period and those voided in it. */
export function redemptionFigures(redeemed: FoldedRedemption[], voided: FoldedRedemption[]): Figures {
  const allocated = sum(redeemed, (r) => r.allocatedValue);
  const voidedValue = sum(voided, (r) => r.allocatedValue);
  return {
    redeemed: redeemed.length,
    allocated,
    discount: sum(redeemed, (r) => r.amount),
    digital: redeemed.filter((r) => r.source === 'digital').length,
    paper: redeemed.filter((r) => r.source === 'paper').length,
    voids: voided.length,
    voided: voidedValue,
    net: allocated - voidedValue,
  };
}
/** The figures per group of the redemptions with a movement in the period at the locations (groups without any left out). */
export function redemptionGroups(folded: Folded, q: ReportQuery, key: (r: FoldedRedemption) => string): Record<string, Figures> {
  const at = folded.redemptions.filter((r) => q.locationIds.includes(r.locationId));
  const keys = new Set(at.filter((r) => inPeriod(r.redeemedOn, q) || inPeriod(voidedOn(r), q)).map(key));
  return Object.fromEntries(
    [...keys].map((k) => [
      k,
      redemptionFigures(
        at.filter((r) => key(r) === k && inPeriod(r.redeemedOn, q)),
        at.filter((r) => key(r) === k && inPeriod(voidedOn(r), q)),
      ),
    ]),
  );
}

/** Payout movements: a redemption between two locations (+ its allocated value) or its void (-), in the period, where either location is asked. */
export function payoutMovements(folded: Folded, q: ReportQuery) {
  const between = folded.redemptions.filter((r) => r.soldLocationId !== r.locationId && (q.locationIds.includes(r.soldLocationId) || q.locationIds.includes(r.locationId)));
  return [
    ...between.filter((r) => inPeriod(r.redeemedOn, q)).map((r) => ({ from: r.soldLocationId, to: r.locationId, redeemed: 1, voids: 0, amount: r.allocatedValue })),
    ...between.filter((r) => inPeriod(voidedOn(r), q)).map((r) => ({ from: r.soldLocationId, to: r.locationId, redeemed: 0, voids: 1, amount: -r.allocatedValue })),
  ];
}

export const CHECKS: Partial<Record<ReportName, Check>> = {
  async 'coupon-sales'({ ask, q, folded, nameOf }) {
    const { tables } = await ask('coupon-sales', q);
    const t = table(tables, 'locations');
    const expected = q.locationIds.map((id) => ({
      ...salesFigures(
        soldIn(folded, q).filter((s) => s.locationId === id),
        voidedIn(folded, q).filter((s) => s.locationId === id),
      ),
      converted: folded.sales.filter((s) => s.kind === 'paper-conversion' && s.locationId === id && inPeriod(localDateOf(s.soldAt, s.timeZone), q)).length,
    }));
    expect(byKey(t.rows, (r) => String(r.cells.location))).toEqual(Object.fromEntries(q.locationIds.map((id, i) => [nameOf(id), expected[i]])));
    expect(numbersOf(t.totals)).toEqual(addFigures(expected));
  },
  async 'coupon-sales-v2'({ ask, q, folded, nameOf }) {
    const sold = soldIn(folded, q);
    const voided = voidedIn(folded, q);
        for (const groupBy of ['pack', 'seller'] as const) {
      const keyOf = (s: FoldedSale) => (groupBy === 'pack' ? s.packId : s.kind === 'online' ? 'online' : s.soldBy);
      const drillKey = groupBy === 'pack' ? 'packId' : 'sellerId';
      const keys = [...new Set([...sold, ...voided].map(keyOf))];
      const expected = Object.fromEntries(keys.map((k) => [k, salesFigures(sold.filter((s) => keyOf(s) === k), voided.filter((s) => keyOf(s) === k))]));
      const { tables } = await ask('coupon-sales-v2', { ...q, options: { groupBy } });
      const t = table(tables, 'groups');
      expect(byKey(t.rows, (r) => r.drill![drillKey]!)).toEqual(expected);
      expect(t.rowCount).toBe(keys.length);
      expect(numbersOf(t.totals)).toEqual(salesFigures(sold, voided));
      // The sales behind each group add up to its Sales, Net, Tax and Gross.
      for (const row of t.rows) {
        const drilled = table((await ask('coupon-sales-v2', { ...q, options: { groupBy }, drill: row.drill! })).tables, 'sales');
        expect(drilled.rowCount).toBe(row.cells.sales);
        expect(drilled.totals).toMatchObject({ net: row.cells.net, tax: row.cells.tax, gross: row.cells.gross });
      }
    }
  },
  async 'coupon-redemptions'({ ask, q, folded, nameOf }) {
    const groupings = {
      location: (r: FoldedRedemption) => nameOf(r.locationId),
      opCode: (r: FoldedRedemption) => r.opCode,
      laborType: (r: FoldedRedemption) => LABOR_TYPES[r.laborType as LaborType],
    };
    for (const [groupBy, key] of Object.entries(groupings)) {
      const expected = redemptionGroups(folded, q, key);
      const { tables } = await ask('coupon-redemptions', { ...q, options: { groupBy } });
      const t = table(tables, 'redemptions');
      expect(byKey(t.rows, (r) => String(r.cells.group))).toEqual(expected);
      expect(t.rowCount).toBe(Object.keys(expected).length);
      expect(numbersOf(t.totals)).toEqual(addFigures(Object.values(expected)).redeemed === undefined ? redemptionFigures([], []) : addFigures(Object.values(expected)));
    }
  },
  async 'coupon-redemptions-v2'({ ask, q, folded, nameOf }) {
    const at = folded.redemptions.filter((r) => q.locationIds.includes(r.locationId) && (inPeriod(r.redeemedOn, q) || inPeriod(voidedOn(r), q)));
    const keyOf = (r: { locationId: number | string; roNumber: string }) => `${r.locationId}/${r.roNumber}`;
    const expected: Record<string, Figures> = {};
    for (const k of new Set(at.map(keyOf))) {
      const of = at.filter((r) => keyOf(r) === k);
      const f = redemptionFigures(
        of.filter((r) => inPeriod(r.redeemedOn, q)),
        of.filter((r) => inPeriod(voidedOn(r), q)),
      );
      expected[k] = { redeemed: f.redeemed!, allocated: f.allocated!, discount: f.discount!, voided: f.voided!, net: f.net! };
    }
        const { tables } = await ask('coupon-redemptions-v2', q);
    const t = table(tables, 'ros');
    expect(byKey(t.rows, (r) => keyOf({ locationId: r.drill!.locationId!, roNumber: r.drill!.roNumber! }))).toEqual(expected);
    for (const row of t.rows) {
      const of = at.filter((r) => keyOf(r) === keyOf({ locationId: row.drill!.locationId!, roNumber: row.drill!.roNumber! }));
      expect(row.cells.firstRedeemedOn).toBe(of.map((r) => r.redeemedOn).sort()[0]);
    }
    const totals = addFigures(Object.values(expected));
    expect(numbersOf(t.totals)).toEqual(Object.keys(totals).length ? totals : { redeemed: 0, allocated: 0, discount: 0, voided: 0, net: 0 });
    // The lines behind a few ROs.
    for (const row of t.rows.slice(0, 3)) {
      const lines = table((await ask('coupon-redemptions-v2', { ...q, drill: row.drill! })).tables, 'lines');
      expect(lines.rowCount).toBe(at.filter((r) => keyOf(r) === keyOf({ locationId: row.drill!.locationId!, roNumber: row.drill!.roNumber! })).length);
      expect(lines.totals).toMatchObject({ discount: row.cells.discount, allocated: row.cells.allocated });
    }
  },
  async payouts({ ask, q, folded, nameOf }) {
    const movements = payoutMovements(folded, q);
    const pairs: Record<string, Figures> = {};
    for (const m of movements) {
      const p = (pairs[`${m.from}>${m.to}`] ??= { redeemed: 0, voids: 0, amount: 0 });
      p.redeemed! += m.redeemed;
      p.voids! += m.voids;
      p.amount! += m.amount;
    }
        const { tables } = await ask('payouts', q);
    const t = table(tables, 'payouts');
    expect(byKey(t.rows, (r) => `${r.drill!.fromLocationId}>${r.drill!.toLocationId}`)).toEqual(pairs);
    expect(numbersOf(t.totals)).toEqual({ redeemed: sum(movements, (m) => m.redeemed), voids: sum(movements, (m) => m.voids), amount: sum(movements, (m) => m.amount) });
    // Per location: owed to it less owed by it; across the group the nets are zero.
    const ids = [...new Set(movements.flatMap((m) => [m.from, m.to]))];
    const nets = Object.fromEntries(
      ids.map((id) => {
        const owedTo = sum(movements.filter((m) => m.to === id), (m) => m.amount);
        const owedBy = sum(movements.filter((m) => m.from === id), (m) => m.amount);
        return [nameOf(id), { owedTo, owedBy, net: owedTo - owedBy }];
      }),
    );
    const n = table(tables, 'net');
    expect(byKey(n.rows, (r) => String(r.cells.location))).toEqual(nets);
    expect(sum(n.rows, (r) => Number(r.cells.net))).toBe(0);
    expect(n.totals).toMatchObject({ net: 0, owedTo: sum(movements, (m) => m.amount), owedBy: sum(movements, (m) => m.amount) });
    // The lines behind each pair add up to its amount.
    for (const row of t.rows) {
      const lines = table((await ask('payouts', { ...q, drill: row.drill! })).tables, 'lines');
      expect(lines.rowCount).toBe(Number(row.cells.redeemed) + Number(row.cells.voids));
      expect(lines.totals).toMatchObject({ amount: row.cells.amount });
    }
  },
  async 'invoice-summary'({ ask, q, folded, nameOf }) {
    const { tables, charts } = await ask('invoice-summary', q);
    const t = table(tables, 'locations');
    const expected = q.locationIds.map((id) => invoiceFigures(folded, q, id));
    expect(byKey(t.rows, (r) => String(r.cells.location))).toEqual(Object.fromEntries(q.locationIds.map((id, i) => [nameOf(id), expected[i]])));
    expect(t.rowCount).toBe(q.locationIds.length);
    expect(numbersOf(t.totals)).toEqual(addFigures(expected));
    const points = charts[0]!.points;
    expect(points.reduce((s, p) => s + Number(p.sold), 0)).toBe(addFigures(expected).soldNet);
    expect(points.reduce((s, p) => s + Number(p.redeemed), 0)).toBe(addFigures(expected).redeemedValue);
  },
  async 'invoice-summary-v2'({ ask, q, folded, nameOf }) {
    const { tables } = await ask('invoice-summary-v2', q);
    const t = table(tables, 'days');
    for (const row of t.rows) expect(numbersOf(row.cells)).toEqual(invoiceFigures(folded, q, Number(row.drill!.locationId), row.drill!.day));
    expect(numbersOf(t.totals)).toEqual(addFigures(q.locationIds.map((id) => invoiceFigures(folded, q, id))));
    expect(t.rowCount).toBe(t.rows.length);
    // The lines of a few days add up to the day's net figures.
    for (const row of t.rows.slice(0, 4)) {
      const lines = table((await ask('invoice-summary-v2', { ...q, drill: row.drill! })).tables, 'lines');
      const c = row.cells as Figures;
      expect(lines.totals).toMatchObject({
        net: c.soldNet! - c.voidedNet!,
        tax: c.soldTax! - c.voidedTax!,
        gross: c.netReceipts,
        allocatedValue: c.revenueRecognised,
      });
      expect(lines.rowCount).toBe(c.soldCount! + c.convertedCount! + c.voidedCount! + c.redeemedCount! + c.redemptionsVoidedCount!);
    }
  },
};

