/**
 * The demo's paper coupon books (issue 12): two books the dealership sold on paper before the
 * product, imported as `npm run import:paper-books` would (source 'import'), so the paper
 * wizard has something to find, redeem and convert:
 * - PB-10001, an Essential Maintenance book sold at Front Range Toyota (location 1) on RO
 *   419911 about five months ago, at the pack's list price;
 * - PB-10002, an Oil Change 4-Pack book sold there on RO 419913 about thirteen months ago, at
 *   $279.00.
 * Their sale ROs, and RO 419912 opened today at location 1 with oil change, rotation and
 * inspection lines (customer pay) to redeem paper coupons against, are imported into the DMS
 * data beside the generated ones. Deterministic and idempotent (a second run adds nothing).
 * Demo mode only.
 */
import { localDateOf } from '@dealer/contracts';
import { importPaperBooks } from '@dealer/command-api/paper-books/import';
import { DEMO_TIME_ZONE, OP_CODES, importDmsRecords, type RepairOrderRecord } from '@dealer/dms/index';
import { deterministicUuid, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { DEMO_SEED_ACTOR, demoPackId } from './catalogue';

const DAY_MS = 86_400_000;
const LOCATION_ID = 1;

/** The books, their sale ROs and the RO to redeem against (README and the paper wizard's browser test use them). */
export const DEMO_PAPER_BOOKS = {
  books: [
    { bookNumber: 'PB-10001', pack: 'essential', saleRoNumber: '419911', daysAgo: 150, price: null },
    { bookNumber: 'PB-10002', pack: 'oil4', saleRoNumber: '419913', daysAgo: 400, price: '279.00' },
  ],
  locationId: LOCATION_ID,
  /** Opened today at location 1: LOF, ROT and MPI lines, customer pay. */
  redeemRoNumber: '419912',
} as const;

/** The DMS visits the demo books bring: their sale ROs and the RO to redeem against. */
export const DEMO_PAPER_BOOK_RO_NUMBERS: readonly string[] = [...DEMO_PAPER_BOOKS.books.map((b) => b.saleRoNumber), DEMO_PAPER_BOOKS.redeemRoNumber];

function repairOrder(roNumber: string, openedOn: string, opCodes: string[], closed: boolean): RepairOrderRecord {
  return {
    roNumber,
    locationId: LOCATION_ID,
    deptId: 'S',
    vin: null,
    mileage: 31_250,
    advisorFirstName: 'Evan',
    advisorLastName: 'Employee',
    advisorDepartment: 'Service',
    advisorTeam: 'Team Blue',
    openDate: `${openedOn}T08:30:00`,
    closeDate: closed ? `${openedOn}T11:45:00` : null,
    jobs: opCodes.map((code, i) => {
      const op = OP_CODES.find((o) => o.code === code)!;
      const laborSale = Math.round(op.hours * 149 * 100) / 100;
      return { jobId: i + 1, lineCode: String.fromCharCode(65 + i), lineNo: i + 1, opCode: op.code, opCodeDesc: op.desc, laborType: 'C' as const, partsSale: op.partsSale, partsCost: op.partsCost, laborSale, soldHours: op.hours };
    }),
  };
}

/** Imports what is missing of the books' ROs and the books; answers how many books it added. */
export async function seedDemoPaperBooks(sql: Sql, store: EventStore, options: { now?: Date } = {}): Promise<{ books: number }> {
  const now = options.now ?? new Date();
  const dayOf = (daysAgo: number) => localDateOf(new Date(now.getTime() - daysAgo * DAY_MS), DEMO_TIME_ZONE);
  const wanted = [
    ...DEMO_PAPER_BOOKS.books.map((b) => repairOrder(b.saleRoNumber, dayOf(b.daysAgo), ['LOF', 'MPI'], true)),
    repairOrder(DEMO_PAPER_BOOKS.redeemRoNumber, dayOf(0), ['LOF', 'ROT', 'MPI'], false),
  ];
  const stored = await sql<{ ro_number: string }[]>`
    select ro_number from ref.repair_orders where location_id = ${LOCATION_ID} and ro_number = any(${wanted.map((r) => r.roNumber)}::text[])`;
  const have = new Set(stored.map((r) => r.ro_number));
  const missing = wanted.filter((r) => !have.has(r.roNumber));
  if (missing.length) {
    const report = await importDmsRecords(sql, missing, { source: 'demo paper-book visits' });
    if (report.rejected > 0) throw new Error(`demo paper-book ROs rejected: ${report.rejections.map((r) => `row ${r.row}: ${r.message}`).join(' | ')}`);
  }

  let n = 0;
  const ctx: CommandContext = { correlationId: 'demo-seed', causationId: null, actor: DEMO_SEED_ACTOR, now: () => now, newId: () => deterministicUuid(`demo-seed-paper-books-${now.toISOString()}-${n++}`) };
  const rows = DEMO_PAPER_BOOKS.books.map((b, i) => ({
    row: i + 2,
    value: { bookNumber: b.bookNumber, packId: demoPackId(b.pack), locationId: LOCATION_ID, saleRoNumber: b.saleRoNumber, soldDate: dayOf(b.daysAgo), price: b.price },
  }));
  const report = await importPaperBooks({ store, sql }, rows, ctx);
  if (report.rejected > 0) throw new Error(`demo paper books rejected: ${report.rejections.map((r) => `row ${r.row}: ${r.message}`).join(' | ')}`);
  return { books: report.created };
}
