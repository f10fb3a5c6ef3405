/**
 * The demo's coupon programme (issue 11): a catalogue of everyday service coupons (their op
 * codes are the demo DMS data's), six packs sold at the CRM locations, and packs sold to the
 * first demo customers: final ones on closed ROs (sold over the past months, some coupons
 * already expired), pending ones on ROs still open today, one finalised by a manager, one
 * voided, one with a corrected location, one at a manager's price.
 *
 * Everything goes through the commands the UI uses (the coupon, pack and pack-sale services),
 * as 'system:demo-seed' with manager rights. Ids, event ids and issued-coupon ids are
 * deterministic, and a step whose stream (or RO) exists already is skipped, so a second run
 * adds nothing. Each command runs at its own moment in the demo's past (the catalogue was set
 * up about 16 months ago), which the events record as their time. Demo mode only.
 */
import { couponStreamId, localDateOf, packSaleStreamId, packStreamId, type CustomerProfile } from '@dealer/contracts';
import { addCouponToPack, createPack, disablePack, type CatalogueDeps } from '@dealer/command-api/packs/service';
import { defineCoupon, disableCoupon } from '@dealer/command-api/coupons/service';
import { correctPackSaleLocation, finalisePackSale, sellPack, voidPackSale, type SaleActor } from '@dealer/command-api/pack-sales/service';
import { DEMO_TIME_ZONE, OP_CODES, importDmsRecords, type RepairOrderRecord } from '@dealer/dms/index';
import { deterministicUuid, type CommandContext, type EventStore, type Sql } from '@dealer/platform';

export const DEMO_SEED_ACTOR = 'system:demo-seed';
const SELLER: SaleActor = { userId: DEMO_SEED_ACTOR, isManager: true };
const DAY_MS = 86_400_000;

/** Commands of one seed step: a fixed moment, and ids derived from the step's key. */
function seedContext(key: string, at: Date): CommandContext {
  let n = 0;
  return { correlationId: 'demo-seed', causationId: null, actor: DEMO_SEED_ACTOR, now: () => at, newId: () => deterministicUuid(`demo-seed-${key}-${n++}`) };
}

export const demoCouponId = (key: string) => deterministicUuid(`demo-coupon-${key}`);
export const demoPackId = (key: string) => deterministicUuid(`demo-pack-${key}`);
export const demoSaleId = (key: string) => deterministicUuid(`demo-pack-sale-${key}`);

type CouponKey = 'oil' | 'rotation' | 'mpi' | 'brake' | 'alignment' | 'battery' | 'cabin' | 'engineAir' | 'wipers' | 'winterWipers' | 'sparkPlugs';
type PackKey = 'essential' | 'oil4' | 'brakeTire' | 'cleanAir' | 'complete' | 'winter';

const CRM_LOCATIONS = [1, 2, 3];
const months = (n: number) => ({ kind: 'monthsAfterSale', months: n });

/** The terms as the coupon form sends them (money in cents, percent in basis points). */
function couponTerms(winterWipersThrough: string): Record<CouponKey, Record<string, unknown>> {
  return {
    oil: {
      name: 'Oil and filter change',
      description: 'Synthetic-blend oil and a new filter, up to 5 quarts; full synthetic pays the difference.',
      opCodes: ['LOF'], value: { kind: 'operation', maximum: 9995, referencePrice: 8995 }, validity: months(36), locationIds: CRM_LOCATIONS,
    },
    rotation: {
      name: 'Tire rotation',
      description: 'Rotate all four tires and set the pressures.',
      opCodes: ['ROT'], value: { kind: 'operation', maximum: 7500, referencePrice: 7450 }, validity: months(36), locationIds: CRM_LOCATIONS,
    },
    mpi: {
      name: 'Multi-point inspection',
      description: 'Brakes, tires, fluids, belts, hoses, lights and battery, with a written report.',
      opCodes: ['MPI'], value: { kind: 'operation', maximum: 6000, referencePrice: 5960 }, validity: months(36), locationIds: CRM_LOCATIONS,
    },
    brake: {
      name: 'Brake inspection',
      description: '$40 off the brake inspection and any pad or rotor work found.',
      opCodes: ['BRK'], value: { kind: 'fixed', amount: 4000 }, validity: months(24), locationIds: CRM_LOCATIONS,
    },
    alignment: {
      name: 'Wheel alignment',
      description: '$50 off a four-wheel alignment.',
      opCodes: ['ALN'], value: { kind: 'fixed', amount: 5000 }, validity: months(24), locationIds: CRM_LOCATIONS,
    },
    battery: {
      name: 'Battery test',
      description: 'Test the battery and charging system; covers the labour of a replacement up to $49.95.',
      opCodes: ['BAT'], value: { kind: 'operation', maximum: 4995, referencePrice: 5960 }, laborTypes: ['C', 'W'], validity: months(24), locationIds: CRM_LOCATIONS,
    },
    cabin: {
      name: 'Cabin air filter',
      description: 'Half off a cabin air filter replacement.',
      opCodes: ['CAB'], value: { kind: 'percent', basisPoints: 5000, referencePrice: 6880 }, validity: months(24), locationIds: CRM_LOCATIONS,
    },
    engineAir: {
      name: 'Engine air filter',
      description: 'Half off an engine air filter replacement.',
      opCodes: ['EAF'], value: { kind: 'percent', basisPoints: 5000, referencePrice: 6580 }, validity: months(24), locationIds: CRM_LOCATIONS,
    },
    wipers: {
      name: 'Wiper blades',
      description: '$15 off each front wiper blade.',
      opCodes: ['WIP'], value: { kind: 'fixed', amount: 1500 }, validity: months(12), maxPerRo: 2, maxAmountPerRo: 3000, locationIds: CRM_LOCATIONS,
    },
    winterWipers: {
      name: 'Winter wiper blades',
      description: 'Winter blades at $20 off each, through the end of the snow season.',
      opCodes: ['WIP'], value: { kind: 'fixed', amount: 2000 }, validity: { kind: 'fixedDate', date: winterWipersThrough }, maxPerRo: 2, locationIds: [1],
    },
    sparkPlugs: {
      name: 'Spark plug replacement',
      description: '10% off spark plugs and their labour.',
      opCodes: ['SPK'], value: { kind: 'percent', basisPoints: 1000, referencePrice: 31950 }, validity: months(12), locationIds: CRM_LOCATIONS,
    },
  };
}

const PACKS: Record<PackKey, { terms: Record<string, unknown>; items: [CouponKey, number][] }> = {
  essential: {
    terms: { name: 'Essential Maintenance', description: 'Two oil changes, two tire rotations and two inspections: a year of routine care.', price: 19900, locationIds: CRM_LOCATIONS, termMonths: 12, termMileage: 12000 },
    items: [['oil', 2], ['rotation', 2], ['mpi', 2]],
  },
  oil4: {
    terms: { name: 'Oil Change 4-Pack', description: 'Four oil and filter changes, good for two years.', price: 29900, locationIds: CRM_LOCATIONS, termMonths: 24, termMileage: null },
    items: [['oil', 4]],
  },
  brakeTire: {
    terms: { name: 'Brake & Tire Care', description: 'A brake inspection, two rotations and an alignment.', price: 14900, locationIds: [1, 3], termMonths: 24, termMileage: 24000 },
    items: [['brake', 1], ['rotation', 2], ['alignment', 1]],
  },
  cleanAir: {
    terms: { name: 'Clean Air Pack', description: 'Cabin and engine air filters and a pair of wiper blades.', price: 7900, locationIds: [2], termMonths: 12, termMileage: null },
    items: [['cabin', 1], ['engineAir', 1], ['wipers', 2]],
  },
  complete: {
    terms: { name: 'Complete Care Plan', description: 'Three years of scheduled maintenance: oil, rotations, inspections, filters, brakes and battery.', price: 59900, locationIds: CRM_LOCATIONS, termMonths: 36, termMileage: 36000 },
    items: [['oil', 6], ['rotation', 6], ['mpi', 3], ['brake', 1], ['battery', 1], ['cabin', 2], ['engineAir', 2], ['wipers', 2]],
  },
  winter: {
    terms: { name: 'Winter Ready', description: 'Battery test, winter wiper blades and an inspection before the snow.', price: 5900, locationIds: [1], termMonths: 6, termMileage: null },
    items: [['battery', 1], ['winterWipers', 2], ['mpi', 1]],
  },
};

interface SalePlan {
  key: string;
  customer: number;
  pack: PackKey;
  locationId: number;
  /** Days before the seed's "now" the pack was sold. */
  daysAgo: number;
  /** The sale RO: closed before the sale (final) or still open (pending). */
  ro: { number: string; closed: boolean; opCodes: string[] };
  price?: { cents: number; reason: string };
  /** What happened to the sale afterwards, days before now. */
  then?: { kind: 'finalise'; daysAgo: number } | { kind: 'void'; daysAgo: number; reason: string } | { kind: 'correct'; daysAgo: number; locationId: number; reason: string };
}

/**
 * RO numbers of the sale visits are above the demo generator's ranges (location 1 starts at
 * 410000, 2 at 220000, 3 at 600000, a few hundred ROs each).
 */
const SALES: SalePlan[] = [
  { key: 'pat-essential', customer: 0, pack: 'essential', locationId: 1, daysAgo: 120, ro: { number: '419901', closed: true, opCodes: ['LOF', 'MPI'] } },
  { key: 'pat-oil4', customer: 0, pack: 'oil4', locationId: 1, daysAgo: 0, ro: { number: '419902', closed: false, opCodes: ['LOF', 'ROT'] } },
  {
    key: 'jordan-complete', customer: 1, pack: 'complete', locationId: 2, daysAgo: 45, ro: { number: '229901', closed: true, opCodes: ['LOF', 'CAB', 'MPI'] },
    price: { cents: 54900, reason: 'Loyalty price for a returning customer, approved by the service manager.' },
  },
  { key: 'casey-brake-tire', customer: 2, pack: 'brakeTire', locationId: 3, daysAgo: 0, ro: { number: '609901', closed: false, opCodes: ['BRK', 'ROT'] } },
  { key: 'riley-essential', customer: 3, pack: 'essential', locationId: 2, daysAgo: 2, ro: { number: '229902', closed: false, opCodes: ['LOF', 'DIAG'] }, then: { kind: 'finalise', daysAgo: 1 } },
  { key: 'morgan-clean-air', customer: 4, pack: 'cleanAir', locationId: 2, daysAgo: 420, ro: { number: '229903', closed: true, opCodes: ['CAB', 'WIP'] } },
  { key: 'avery-winter', customer: 5, pack: 'winter', locationId: 1, daysAgo: 330, ro: { number: '419903', closed: true, opCodes: ['BAT', 'MPI'] } },
  {
    key: 'quinn-oil4', customer: 6, pack: 'oil4', locationId: 3, daysAgo: 20, ro: { number: '609902', closed: true, opCodes: ['LOF'] },
    then: { kind: 'void', daysAgo: 18, reason: 'Customer cancelled two days later; refunded at the service counter.' },
  },
  {
    key: 'taylor-essential', customer: 7, pack: 'essential', locationId: 2, daysAgo: 60, ro: { number: '229904', closed: true, opCodes: ['LOF', 'ROT'] },
    then: { kind: 'correct', daysAgo: 59, locationId: 1, reason: 'Sold at the Front Range Toyota counter; entered under the wrong store.' },
  },
];

/** The DMS repair orders the sales were made on (imported by the seed beside the generated ones). */
export const DEMO_SALE_REPAIR_ORDERS: readonly { locationId: number; roNumber: string }[] = SALES.map((s) => ({ locationId: s.locationId, roNumber: s.ro.number }));

const CATALOGUE_DAYS_AGO = 480;
const WINTER_PACK_DISABLED_DAYS_AGO = 200;
const SPARK_PLUGS_DISABLED_DAYS_AGO = 300;

/** 'YYYY-MM-DDTHH:MM:SS' of an instant on the demo stores' wall clock (DMS times are local). */
function wallClock(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: DEMO_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The visit the pack was sold on, as the DMS exports it (the customer's details, the jobs done). */
function saleRepairOrder(plan: SalePlan, soldAt: Date, customer: CustomerProfile): RepairOrderRecord {
  const open = new Date(soldAt.getTime() - (plan.ro.closed ? 3 * 3_600_000 : 40 * 60_000));
  const close = new Date(soldAt.getTime() - 5 * 60_000);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const jobs = plan.ro.opCodes.map((code, i) => {
    const op = OP_CODES.find((o) => o.code === code)!;
    const laborSale = round2(op.hours * 149);
    const laborCost = round2(op.hours * 41);
    return {
      jobId: i + 1, lineCode: String.fromCharCode(65 + i), lineNo: i + 1, opCode: op.code, opCodeDesc: op.desc, laborType: 'C' as const,
      partsCost: op.partsCost, partsSale: op.partsSale, partsGross: round2(op.partsSale - op.partsCost),
      laborCost, laborSale, laborGross: round2(laborSale - laborCost), miscCost: 0, miscSale: 0, miscGross: 0,
      validReportFlag: true, soldHours: op.hours, serviceRequest: op.request, techNo: `${plan.locationId}07`, upsellFlag: i > 0, techNos: [`${plan.locationId}07`],
    };
  });
  const hours = round2(jobs.reduce((s, j) => s + j.soldHours, 0));
  return {
    roNumber: plan.ro.number,
    locationId: plan.locationId,
    deptId: 'S',
    vin: null,
    mileage: 18_000 + plan.customer * 7_350 + (CATALOGUE_DAYS_AGO - plan.daysAgo) * 31,
    customerEmail: customer.emailAddress ?? null,
    customerPhones: [customer.phoneMobile, customer.phoneOther].filter((p): p is string => Boolean(p)),
    customerAddress: customer.address ?? null,
    customerCity: customer.city ?? null,
    customerState: customer.state ?? null,
    customerZip: customer.zip ?? null,
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    advisorFirstName: 'Evan',
    advisorLastName: 'Employee',
    soldHours: hours,
    soldHoursCustomer: hours,
    soldHoursInternal: 0,
    soldHoursWarranty: 0,
    advisorDepartment: 'Service',
    advisorTeam: 'Team Blue',
    openDate: wallClock(open),
    closeDate: plan.ro.closed ? wallClock(close) : null,
    jobs,
  };
}

const exists = async (store: EventStore, streamId: string) => (await store.readStream(streamId, { maxCount: 1 })).length > 0;

export interface CatalogueSeedOptions {
  /** The demo's "today" (default: now). */
  now?: Date;
  /** The demo customers' profiles by index (the sale ROs carry their details). */
  customer: (index: number) => CustomerProfile;
}

/** Creates what is missing of the demo catalogue, packs and sales; answers how many records it created. */
export async function seedDemoCatalogue(sql: Sql, store: EventStore, options: CatalogueSeedOptions): Promise<{ coupons: number; packs: number; sales: number }> {
  const now = options.now ?? new Date();
  const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * 60_000);
  const deps: CatalogueDeps = { store, sql };
  const created = { coupons: 0, packs: 0, sales: 0 };

  // The winter blades are good through March 31 after the winter the Winter Ready pack sold.
  const winterSale = SALES.find((s) => s.pack === 'winter')!;
  const winterSoldOn = localDateOf(daysAgo(winterSale.daysAgo), DEMO_TIME_ZONE);
  const winterYear = Number(winterSoldOn.slice(0, 4)) + (Number(winterSoldOn.slice(5, 7)) > 3 ? 1 : 0);
  const terms = couponTerms(`${winterYear}-03-31`);

  for (const [key, input] of Object.entries(terms) as [CouponKey, Record<string, unknown>][]) {
    const couponId = demoCouponId(key);
    if (await exists(store, couponStreamId(couponId))) continue;
    await defineCoupon(deps, input, seedContext(`coupon-${key}`, daysAgo(CATALOGUE_DAYS_AGO, 60)), { couponId });
    created.coupons += 1;
  }
  await disableCoupon(deps, demoCouponId('sparkPlugs'), { reason: "Replaced by the manufacturer's 60,000-mile service menu." }, seedContext('coupon-sparkPlugs-disable', daysAgo(SPARK_PLUGS_DISABLED_DAYS_AGO)));

  for (const [key, pack] of Object.entries(PACKS) as [PackKey, (typeof PACKS)[PackKey]][]) {
    const packId = demoPackId(key);
    if (await exists(store, packStreamId(packId))) continue;
    const ctx = seedContext(`pack-${key}`, daysAgo(CATALOGUE_DAYS_AGO, 30));
    // Created with its first coupon, the rest added one by one as on the pack screen.
    const [first, ...rest] = pack.items;
    await createPack(deps, { ...pack.terms, items: [{ couponId: demoCouponId(first![0]), quantity: first![1] }] }, ctx, { packId });
    for (const [coupon, quantity] of rest) await addCouponToPack(deps, packId, { couponId: demoCouponId(coupon), quantity }, ctx);
    created.packs += 1;
  }

  // The sale visits: imported once (a later import may close the open ones).
  const soldAt = (plan: SalePlan) => daysAgo(plan.daysAgo, 5);
  const wanted = SALES.map((plan) => saleRepairOrder(plan, soldAt(plan), options.customer(plan.customer)));
  const stored = await sql<{ location_id: number; ro_number: string }[]>`
    select location_id, ro_number from ref.repair_orders
    where (location_id, ro_number) in (select * from unnest(${wanted.map((r) => r.locationId)}::int[], ${wanted.map((r) => r.roNumber)}::text[]))`;
  const have = new Set(stored.map((r) => `${r.location_id}/${r.ro_number}`));
  const missing = wanted.filter((r) => !have.has(`${r.locationId}/${r.roNumber}`));
  if (missing.length) {
    const report = await importDmsRecords(sql, missing, { source: 'demo pack-sale visits' });
    if (report.rejected > 0) throw new Error(`demo sale ROs rejected: ${report.rejections.map((r) => `row ${r.row}: ${r.message}`).join(' | ')}`);
  }

  for (const plan of SALES) {
    const saleId = demoSaleId(plan.key);
    if (!(await exists(store, packSaleStreamId(saleId)))) {
      await sellPack(
        deps,
        {
          customerId: deterministicUuid(`demo-customer-${plan.customer}`),
          packId: demoPackId(plan.pack),
          locationId: plan.locationId,
          roNumber: plan.ro.number,
          price: plan.price?.cents ?? null,
          priceOverrideReason: plan.price?.reason ?? null,
        },
        SELLER,
        seedContext(`sale-${plan.key}`, soldAt(plan)),
        { saleId },
      );
      created.sales += 1;
    }
    // What happened later records nothing when it is there already.
    const then = plan.then;
    if (!then) continue;
    const ctx = seedContext(`sale-${plan.key}-${then.kind}`, daysAgo(then.daysAgo));
    if (then.kind === 'finalise') await finalisePackSale(deps, saleId, SELLER, ctx, 'manager');
    else if (then.kind === 'void') await voidPackSale(deps, saleId, { reason: then.reason }, SELLER, ctx);
    else await correctPackSaleLocation(deps, saleId, { locationId: then.locationId, reason: then.reason }, SELLER, ctx);
  }

  // The winter offer ended after its season (its sold packs keep their coupons).
  await disablePack(deps, demoPackId('winter'), { reason: 'Seasonal offer ended.' }, seedContext('pack-winter-disable', daysAgo(WINTER_PACK_DISABLED_DAYS_AGO)));
  return created;
}
