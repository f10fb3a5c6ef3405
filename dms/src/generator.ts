/**
 * Deterministic DMS data: locations, repair orders with jobs (realistic op codes, advisors,
 * technicians, sales and costs) and balanced accounting postings. The same seed and anchor
 * always give the same records, one at a time (a generator), so the demo's few thousand ROs
 * and a benchmark's millions come from the same code without holding them in memory.
 *
 * People: ROs belong either to a given CRM population (the demo customers, a benchmark's
 * million) or to DMS-only "walk-in" customers, who exist only on ROs. Any person is a pure
 * function of (seed, index), so a customer's ROs share their name, e-mail, phones and car.
 */
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './names';
import type { AccountingDetailRecord, LocationRecord, RepairOrderRecord, RoJobRecord } from './records';

export interface DmsPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  /** Mobile first, then other; 10 digits each. */
  phones: string[];
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface CustomerPopulation {
  count: number;
  at(index: number): DmsPerson;
}

/** The demo dealer group is in the Denver area. */
export const DEMO_TIME_ZONE = 'America/Denver';

interface LocationProfile extends LocationRecord {
  brand: string;
  wmis: string[];
  /** First RO number of the location's sequence. */
  roBase: number;
  weight: number;
}

/**
 * Six stores around Denver; the first three use the CRM. Location 1 is the default location
 * (SPEC 9). All keep Mountain time; the tax rates are the stores' combined Colorado rates
 * (state 2.9 % + county + city + RTD and cultural-facilities districts) in basis points.
 */
const LOCATION_PROFILES: readonly LocationProfile[] = [
  // Aurora (Arapahoe County): 2.9 + 0.25 + 3.75 + 1.0 + 0.1 = 8.0 %.
  { locationId: 1, locationName: 'Front Range Toyota', locId: 'FRT', isUsingCrm: true, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 800, brand: 'Toyota', wmis: ['4T1', '2T3', 'JTD', '5TD'], roBase: 410000, weight: 0.24 },
  // Broomfield (city and county): 2.9 + 4.15 + 1.0 + 0.1 = 8.15 %.
  { locationId: 2, locationName: 'Flatirons Honda', locId: 'FLH', isUsingCrm: true, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 815, brand: 'Honda', wmis: ['1HG', '2HK', '5J6', '19X'], roBase: 220000, weight: 0.2 },
  // Denver (city and county): 2.9 + 4.81 + 1.0 + 0.1 = 8.81 %.
  { locationId: 3, locationName: 'Cherry Creek Ford', locId: 'CCF', isUsingCrm: true, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 881, brand: 'Ford', wmis: ['1FA', '1FT', '1FM', '3FA'], roBase: 600000, weight: 0.2 },
  // Lakewood (Jefferson County): 2.9 + 0.5 + 3.0 + 1.0 + 0.1 = 7.5 %.
  { locationId: 4, locationName: 'Lakewood Chevrolet', locId: 'LKC', isUsingCrm: false, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 750, brand: 'Chevrolet', wmis: ['1G1', '1GC', '3GN', '1GN'], roBase: 415000, weight: 0.14 },
  // Golden (Jefferson County): 2.9 + 0.5 + 3.0 + 1.0 + 0.1 = 7.5 %.
  { locationId: 5, locationName: 'Golden Subaru', locId: 'GSU', isUsingCrm: false, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 750, brand: 'Subaru', wmis: ['JF1', '4S4', 'JF2'], roBase: 87000, weight: 0.12 },
  // Castle Rock (Douglas County, outside RTD): 2.9 + 1.0 + 4.0 + 0.1 = 8.0 %.
  { locationId: 6, locationName: 'Castle Rock Nissan', locId: 'CRN', isUsingCrm: false, timeZone: DEMO_TIME_ZONE, salesTaxRateBasisPoints: 800, brand: 'Nissan', wmis: ['1N4', 'JN8', '5N1', '3N1'], roBase: 300000, weight: 0.1 },
];

export const DEMO_LOCATIONS: readonly LocationRecord[] = LOCATION_PROFILES.map(({ locationId, locationName, locId, isUsingCrm, timeZone, salesTaxRateBasisPoints }) => ({
  locationId,
  locationName,
  locId,
  isUsingCrm,
  timeZone,
  salesTaxRateBasisPoints,
}));

interface OpCode {
  code: string;
  desc: string;
  request: string;
  hours: number;
  partsCost: number;
  partsSale: number;
  /** Labor type weights C, W, I. */
  types: readonly [number, number, number];
  weight: number;
}

export const OP_CODES: readonly OpCode[] = [
  { code: 'LOF', desc: 'Lube, oil and filter change', request: 'Oil change due per reminder sticker', hours: 0.3, partsCost: 24, partsSale: 42, types: [0.93, 0, 0.07], weight: 30 },
  { code: 'ROT', desc: 'Rotate tires and set pressures', request: 'Rotate tires', hours: 0.5, partsCost: 0, partsSale: 0, types: [0.95, 0, 0.05], weight: 16 },
  { code: 'MPI', desc: 'Multi-point inspection', request: 'Courtesy multi-point inspection', hours: 0.4, partsCost: 0, partsSale: 0, types: [0.2, 0, 0.8], weight: 14 },
  { code: 'BRK', desc: 'Replace front brake pads and resurface rotors', request: 'Customer states brakes squeal when stopping', hours: 1.8, partsCost: 118, partsSale: 214, types: [0.95, 0.05, 0], weight: 7 },
  { code: 'ALN', desc: 'Four-wheel alignment', request: 'Vehicle pulls to the right', hours: 1.0, partsCost: 0, partsSale: 0, types: [1, 0, 0], weight: 6 },
  { code: 'BAT', desc: 'Test and replace battery', request: 'Slow crank in the morning', hours: 0.4, partsCost: 112, partsSale: 189, types: [0.85, 0.15, 0], weight: 5 },
  { code: 'WIP', desc: 'Replace wiper blades', request: 'Wipers streak', hours: 0.1, partsCost: 14, partsSale: 34, types: [1, 0, 0], weight: 6 },
  { code: 'CAB', desc: 'Replace cabin air filter', request: 'Musty smell from vents', hours: 0.2, partsCost: 11, partsSale: 39, types: [1, 0, 0], weight: 7 },
  { code: 'EAF', desc: 'Replace engine air filter', request: 'Engine air filter dirty at inspection', hours: 0.2, partsCost: 13, partsSale: 36, types: [1, 0, 0], weight: 6 },
  { code: 'TIR', desc: 'Mount and balance four tires', request: 'Tires worn to 3/32', hours: 1.0, partsCost: 430, partsSale: 689, types: [1, 0, 0], weight: 3 },
  { code: 'TRN', desc: 'Transmission fluid exchange', request: 'Transmission service due', hours: 1.2, partsCost: 58, partsSale: 119, types: [1, 0, 0], weight: 2 },
  { code: 'CLN', desc: 'Engine coolant flush', request: 'Coolant service due', hours: 1.0, partsCost: 36, partsSale: 89, types: [1, 0, 0], weight: 2 },
  { code: 'BFL', desc: 'Brake fluid flush', request: 'Brake fluid moisture high', hours: 0.8, partsCost: 12, partsSale: 29, types: [1, 0, 0], weight: 2 },
  { code: 'SPK', desc: 'Replace spark plugs', request: 'Rough idle / tune-up due', hours: 1.5, partsCost: 48, partsSale: 96, types: [1, 0, 0], weight: 2 },
  { code: 'DIAG', desc: 'Diagnose check engine light', request: 'Check engine light on', hours: 1.0, partsCost: 0, partsSale: 0, types: [0.7, 0.3, 0], weight: 4 },
  { code: 'RCL', desc: 'Perform manufacturer recall campaign', request: 'Open recall on vehicle', hours: 0.9, partsCost: 35, partsSale: 52, types: [0, 1, 0], weight: 3 },
  { code: 'WAR', desc: 'Warranty repair: replace failed component', request: 'Customer states noise from front end', hours: 2.2, partsCost: 160, partsSale: 224, types: [0, 1, 0], weight: 2 },
  { code: 'PDI', desc: 'Used vehicle reconditioning', request: 'Recon for used car lot', hours: 2.5, partsCost: 90, partsSale: 120, types: [0, 0, 1], weight: 2 },
];

const LABOR_RATE = { C: 149, W: 118, I: 92 } as const;
const TECH_COST_PER_HOUR = 41;
const ADVISOR_TEAMS = ['Team Blue', 'Team Red', 'Express'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CHARS = 'CDEFGHJKLMNPRS'; // model years 2012-2025
const DAY_MS = 86_400_000;
const SPAN_DAYS = 730;
const OPEN_MINUTE = 7 * 60;
const BUSINESS_MINUTES = 10 * 60;

// ---------------------------------------------------------------------------------------
// Randomness: a sequential PRNG for the RO stream, a hash for per-index people.

/** 32-bit integer hash of (seed, index, salt). */
export function hash32(seed: number, index: number, salt = 0): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(salt + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** sfc32: small, fast and good enough for test data. */
export function prng(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length]!;
const unit = (seed: number, index: number, salt: number) => hash32(seed, index, salt) / 4294967296;

// ---------------------------------------------------------------------------------------
// People

const CRM_AREAS = ['303', '720', '719', '970'];
const WALK_IN_AREAS = ['307', '505', '385', '785'];

/** A 7-digit local number, distinct for every index below 8,000,000. */
const localNumber = (index: number, multiplier: number, offset: number) => String(2_000_000 + ((index * multiplier + offset) % 8_000_000));

/**
 * A synthetic person. 'crm' people are a benchmark's CRM customers (the same index gives the
 * same person in the customer_search table and on ROs); 'walkIn' people exist only in the DMS.
 * Phones are unique per index within each kind, and the kinds use different area codes.
 */
export function syntheticPerson(seed: number, index: number, kind: 'crm' | 'walkIn'): DmsPerson {
  const s = kind === 'crm' ? seed : seed ^ 0x5a5a5a5a;
  const firstName = pick(FIRST_NAMES, unit(s, index, 1));
  const lastName = pick(LAST_NAMES, unit(s, index, 2));
  const areas = kind === 'crm' ? CRM_AREAS : WALK_IN_AREAS;
  const phones = [`${areas[index % areas.length]}${localNumber(index, kind === 'crm' ? 7919 : 104729, kind === 'crm' ? 1_234_567 : 3_456_789)}`];
  if (unit(s, index, 3) < 0.3) phones.push(`${areas[(index + 1) % areas.length]}${localNumber(index, 15485863, kind === 'crm' ? 765_432 : 2_345_678)}`);
  const [city, state, zip] = pick(CITIES, unit(s, index, 4));
  const email = unit(s, index, 5) < 0.93 ? `${firstName}.${lastName}${kind === 'crm' ? '' : '.w'}${index}@example.${kind === 'crm' ? 'com' : 'net'}`.toLowerCase() : null;
  return {
    firstName,
    lastName,
    email,
    phones,
    address: `${100 + (hash32(s, index, 6) % 9800)} ${pick(STREETS, unit(s, index, 7))}`,
    address2: unit(s, index, 8) < 0.08 ? `Apt ${1 + (hash32(s, index, 9) % 400)}` : null,
    city,
    state,
    zip,
  };
}

/** The car a person brings in: a VIN from the location's brand and a yearly mileage. */
function vehicleOf(seed: number, person: number, kind: number, location: LocationProfile) {
  const h = (salt: number) => hash32(seed, person * 2 + kind, salt);
  let vin = pick(location.wmis, h(20) / 4294967296);
  for (let i = 3; i < 17; i++) vin += i === 9 ? YEAR_CHARS[h(21) % YEAR_CHARS.length]! : VIN_CHARS[h(30 + i) % VIN_CHARS.length]!;
  return { vin, startMileage: 3_000 + (h(22) % 90_000), milesPerDay: 20 + (h(23) % 40) };
}

// ---------------------------------------------------------------------------------------
// Repair orders

export interface RepairOrderGeneratorOptions {
  /** Same seed and anchor, same records. */
  seed: number;
  /** The data's "today": ROs open during the two years before it (dealership local time). */
  anchor: Date;
  repairOrders: number;
  /** ROs of CRM customers take their details from this population. */
  crm?: CustomerPopulation;
  /** Share of ROs belonging to CRM customers (the rest go to walk-ins); default 0.5 with a CRM. */
  crmShare?: number;
  /** How many DMS-only people the walk-in ROs are spread over; default a third of the ROs. */
  walkIns?: number;
  /** Generate jobs (default true) and accounting postings (default true). */
  jobs?: boolean;
  accounting?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM:SS' of a wall-clock time kept in a UTC-based millisecond count. */
function local(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function weighted<T extends { weight: number }>(list: readonly T[], r: number): T {
  const total = list.reduce((s, x) => s + x.weight, 0);
  let x = r * total;
  for (const item of list) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return list[list.length - 1]!;
}

function advisorsOf(seed: number, location: LocationProfile) {
  return Array.from({ length: 5 }, (_, i) => ({
    firstName: pick(FIRST_NAMES, unit(seed, location.locationId * 100 + i, 40)),
    lastName: pick(LAST_NAMES, unit(seed, location.locationId * 100 + i, 41)),
    team: ADVISOR_TEAMS[i % ADVISOR_TEAMS.length]!,
  }));
}

function laborTypeOf(op: OpCode, r: number): 'C' | 'W' | 'I' {
  const [c, w] = op.types;
  return r < c ? 'C' : r < c + w ? 'W' : 'I';
}

export function* generateRepairOrders(options: RepairOrderGeneratorOptions): Generator<RepairOrderRecord> {
  const { seed, repairOrders } = options;
  const rand = prng(seed);
  const anchorDay = Date.UTC(options.anchor.getUTCFullYear(), options.anchor.getUTCMonth(), options.anchor.getUTCDate());
  const start = anchorDay - SPAN_DAYS * DAY_MS;
  const crm = options.crm && options.crm.count > 0 ? options.crm : null;
  const crmShare = crm ? (options.crmShare ?? 0.5) : 0;
  const walkIns = Math.max(1, options.walkIns ?? Math.ceil(repairOrders / 3));
  const withJobs = options.jobs ?? true;
  const withAccounting = (options.accounting ?? true) && withJobs;
  const counters = new Map(LOCATION_PROFILES.map((l) => [l.locationId, l.roBase]));
  const advisors = new Map(LOCATION_PROFILES.map((l) => [l.locationId, advisorsOf(seed, l)]));
  const walkInCache = new Map<number, DmsPerson>();
  let postingId = 70_000_000;
  const step = (SPAN_DAYS * BUSINESS_MINUTES) / Math.max(repairOrders, 1);

  for (let i = 0; i < repairOrders; i++) {
    const location = weighted(LOCATION_PROFILES, rand());
    const roNumber = String(counters.get(location.locationId)!);
    counters.set(location.locationId, counters.get(location.locationId)! + 1);

    // Open times rise with i, within business hours (07:00-17:00).
    const minute = Math.min((i + rand()) * step, SPAN_DAYS * BUSINESS_MINUTES - 1);
    const open = start + Math.floor(minute / BUSINESS_MINUTES) * DAY_MS + (OPEN_MINUTE + (minute % BUSINESS_MINUTES)) * 60_000;
    const openMs = Math.floor(open / 60_000) * 60_000;
    const ageDays = (anchorDay - openMs) / DAY_MS;

    // Whose RO: a CRM customer or a walk-in.
    const isCrm = crm !== null && rand() < crmShare;
    const personIndex = isCrm ? Math.floor(rand() * crm.count) : Math.floor(rand() * walkIns);
    let person: DmsPerson;
    if (isCrm) person = crm.at(personIndex);
    else {
      person = walkInCache.get(personIndex) ?? syntheticPerson(seed, personIndex, 'walkIn');
      if (walkInCache.size < 50_000) walkInCache.set(personIndex, person);
    }
    const vehicle = vehicleOf(seed, personIndex, isCrm ? 0 : 1, location);
    const advisor = pick(advisors.get(location.locationId)!, rand());
    const express = advisor.team === 'Express';

    // State: voided, still open (recent, or a long repair), or closed.
    const r = rand();
    const voided = r < 0.01;
    const stillOpen = !voided && ((ageDays < 3 && r < 0.7) || r > 0.997);
    const closeMs = voided || stillOpen ? null : openMs + (rand() < 0.7 ? Math.floor(rand() * 8 * 60 + 60) * 60_000 : Math.floor(1 + rand() * 3) * DAY_MS);
    const voidMs = voided ? openMs + Math.floor(rand() * 48 * 60) * 60_000 : null;

    // Jobs.
    const jobs: RoJobRecord[] = [];
    if (withJobs) {
      const count = express ? 1 + Math.floor(rand() * 2) : 1 + Math.floor(rand() * rand() * 4.5);
      const used = new Set<string>();
      for (let j = 0; j < count; j++) {
        let op = j === 0 && rand() < 0.5 ? OP_CODES[0]! : weighted(OP_CODES, rand());
        for (let tries = 0; used.has(op.code) && tries < 5; tries++) op = weighted(OP_CODES, rand());
        if (used.has(op.code)) continue;
        used.add(op.code);
        const laborType = laborTypeOf(op, rand());
        const vary = 0.85 + rand() * 0.3;
        const hours = round2(op.hours * (0.9 + rand() * 0.2));
        const laborSale = round2(hours * LABOR_RATE[laborType]);
        const laborCost = round2(hours * TECH_COST_PER_HOUR);
        const partsCost = round2(op.partsCost * vary);
        const partsSale = round2(op.partsSale * vary);
        const miscSale = laborType === 'C' && j === 0 ? round2(Math.min(35, laborSale * 0.05) + 4.95) : 0;
        const miscCost = miscSale > 0 ? 4.95 : 0;
        const techNo = `${location.locationId}${pad(1 + Math.floor(rand() * 24))}`;
        const lineCode = String.fromCharCode(65 + jobs.length);
        jobs.push({
          jobId: jobs.length + 1,
          lineCode,
          lineNo: jobs.length + 1,
          opCode: op.code,
          opCodeDesc: op.desc,
          laborType,
          partsCost,
          partsSale,
          partsGross: round2(partsSale - partsCost),
          laborCost,
          laborSale,
          laborGross: round2(laborSale - laborCost),
          miscCost,
          miscSale,
          miscGross: round2(miscSale - miscCost),
          validReportFlag: !voided,
          soldHours: hours,
          serviceRequest: op.request,
          techNo,
          upsellFlag: j > 0 && rand() < 0.2,
          hostItemId: `${location.locId}-${roNumber}-${lineCode}`,
          techNos: rand() < 0.1 ? [techNo, `${location.locationId}${pad(1 + Math.floor(rand() * 24))}`] : [techNo],
        });
      }
    }
    const hoursOf = (t?: 'C' | 'W' | 'I') => round2(jobs.filter((j) => !t || j.laborType === t).reduce((s, j) => s + (j.soldHours ?? 0), 0));

    // Contact details as the DMS holds them: a few ROs lack the e-mail.
    const email = person.email && rand() < 0.95 ? person.email : null;
    const record: RepairOrderRecord = {
      roNumber,
      locationId: location.locationId,
      locationName: location.locationName,
      deptId: express ? 'Q' : 'S',
      vin: vehicle.vin,
      mileage: Math.round(vehicle.startMileage + ((openMs - start) / DAY_MS) * vehicle.milesPerDay),
      customerEmail: email,
      customerPhones: person.phones,
      customerAddress: person.address,
      customerAddress2: person.address2,
      customerCity: person.city,
      customerState: person.state,
      customerZip: person.zip,
      customerFirstName: person.firstName,
      customerLastName: person.lastName,
      advisorFirstName: advisor.firstName,
      advisorLastName: advisor.lastName,
      soldHours: hoursOf(),
      soldHoursCustomer: hoursOf('C'),
      soldHoursInternal: hoursOf('I'),
      soldHoursWarranty: hoursOf('W'),
      advisorDepartment: express ? 'Quick Lane' : 'Service',
      advisorTeam: advisor.team,
      openDate: local(openMs),
      promiseDate: local(openMs + Math.ceil((1 + rand() * 7) * 4) * 15 * 60_000),
      closeDate: closeMs === null ? null : local(closeMs),
      voidDate: voidMs === null ? null : local(voidMs),
      jobs,
    };
    if (withAccounting && closeMs !== null) {
      record.accountingDetails = postingsOf(record, location, closeMs, () => ++postingId);
    }
    yield record;
  }
}

const SALES_ACCOUNTS = {
  C: { labor: ['4600', 'CP labor sale'], parts: ['4700', 'CP parts sale'], receivable: ['1100', 'Customer pay receivable'] },
  W: { labor: ['4610', 'Warranty labor sale'], parts: ['4710', 'Warranty parts sale'], receivable: ['1310', 'Warranty claim receivable'] },
  I: { labor: ['4620', 'Internal labor sale'], parts: ['4720', 'Internal parts sale'], receivable: ['1450', 'Internal receivable'] },
} as const;

/** Balanced postings of a closed RO: sales (credits), receivables, cost of sales and its offset. */
function postingsOf(ro: RepairOrderRecord, location: LocationProfile, closeMs: number, nextId: () => number): AccountingDetailRecord[] {
  const lines: [string, string, string, number][] = [];
  for (const type of ['C', 'W', 'I'] as const) {
    const jobs = ro.jobs.filter((j) => j.laborType === type);
    if (jobs.length === 0) continue;
    const sum = (f: (j: RoJobRecord) => number | undefined) => round2(jobs.reduce((s, j) => s + (f(j) ?? 0), 0));
    const labor = sum((j) => j.laborSale);
    const parts = sum((j) => j.partsSale);
    const misc = sum((j) => j.miscSale);
    const accounts = SALES_ACCOUNTS[type];
    if (labor) lines.push([accounts.labor[0], 'Sales', accounts.labor[1], -labor]);
    if (parts) lines.push([accounts.parts[0], 'Sales', accounts.parts[1], -parts]);
    if (misc) lines.push(['4800', 'Sales', 'Shop supplies', -misc]);
    if (labor + parts + misc) lines.push([accounts.receivable[0], 'Receivables', accounts.receivable[1], round2(labor + parts + misc)]);
  }
  const laborCost = round2(ro.jobs.reduce((s, j) => s + (j.laborCost ?? 0), 0));
  const partsCost = round2(ro.jobs.reduce((s, j) => s + (j.partsCost ?? 0) + (j.miscCost ?? 0), 0));
  if (laborCost) lines.push(['6600', 'Cost of Sales', 'Cost of labor', laborCost]);
  if (partsCost) lines.push(['6700', 'Cost of Sales', 'Cost of parts', partsCost]);
  if (laborCost + partsCost) lines.push(['2050', 'Inventory', 'Labor applied and parts relieved', -round2(laborCost + partsCost)]);
  const date = local(closeMs);
  return lines.map(([accountNumber, groupName, description, amount], i) => ({
    cdkAccountingDetailsId: nextId(),
    roNumber: ro.roNumber,
    locationId: location.locationId,
    locationName: location.locationName,
    locationShortName: location.locId,
    accountNumber,
    accountingDate: date.slice(0, 10),
    groupName,
    detailDescription: `RO ${ro.roNumber} ${description}`,
    postingAmount: amount,
    postingSequence: i + 1,
    postingTime: date,
    modifiedDate: local(closeMs + 5 * 60_000),
    journalId: '400',
  }));
}
