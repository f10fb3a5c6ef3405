/**
 * The demo's DMS data: the six demo locations and a few thousand repair orders, many of them
 * belonging to the demo CRM customers (same name, e-mail and phones), loaded through the
 * importer once. Deterministic for a given anchor day; skipped when repair orders exist
 * (except that demo locations without a time zone get their zone and tax rate).
 */
import type { Sql } from '@dealer/platform/db/postgres';
import { DEMO_LOCATIONS, generateRepairOrders, type CustomerPopulation } from './generator';
import { importDmsRecords, type ImportReport } from './importer';

export const DEMO_DMS_SEED = 0x0d5ea1e5;
export const DEMO_REPAIR_ORDER_COUNT = 3000;

export interface DemoDmsOptions {
  /** The demo CRM customers, whose ROs carry their contact details. */
  crm: CustomerPopulation;
  /** The data's "today" (default: now); ROs open in the two years before it. */
  anchor?: Date;
  repairOrders?: number;
}

/** Issue 13: the demo locations' contact form address (the demo sends to the dev outbox only). */
export const demoLocationContactEmail = (locId: string) => `service@${locId.toLowerCase()}.dealer.example`;

/** Demo locations without a contact address get theirs (a set address is kept). */
async function setDemoContactEmails(sql: Sql): Promise<void> {
  for (const l of DEMO_LOCATIONS) {
    await sql`update ref.locations set contact_email = ${demoLocationContactEmail(l.locId)} where location_id = ${l.locationId} and contact_email is null`;
  }
}

export async function loadDemoDms(sql: Sql, options: DemoDmsOptions): Promise<{ loaded: boolean; report: ImportReport | null }> {
  const result = await loadDemoDmsRecords(sql, options);
  await setDemoContactEmails(sql);
  return result;
}

async function loadDemoDmsRecords(sql: Sql, options: DemoDmsOptions): Promise<{ loaded: boolean; report: ImportReport | null }> {
  const [existing] = await sql<{ found: boolean }[]>`select exists (select 1 from ref.repair_orders) as found`;
  if (existing!.found) {
    // Data loaded before locations had a time zone and tax rate (issue 11): the demo
    // locations still without a zone get theirs, so the demo can sell packs.
    const unset = await sql<{ id: number }[]>`select location_id as id from ref.locations where time_zone is null`;
    const ids = new Set(unset.map((r) => r.id));
    const missing = DEMO_LOCATIONS.filter((l) => ids.has(l.locationId));
    if (missing.length) await importDmsRecords(sql, missing, { source: 'demo locations' });
    return { loaded: false, report: null };
  }
  const records = [
    ...DEMO_LOCATIONS,
    ...generateRepairOrders({
      seed: DEMO_DMS_SEED,
      anchor: options.anchor ?? new Date(),
      repairOrders: options.repairOrders ?? DEMO_REPAIR_ORDER_COUNT,
      crm: options.crm,
      crmShare: 0.35,
      walkIns: 800,
    }),
  ];
  const report = await importDmsRecords(sql, records, { source: 'demo generator' });
  if (report.rejected > 0) throw new Error(`demo DMS data rejected: ${report.rejections.slice(0, 3).map((r) => `row ${r.row}: ${r.message}`).join(' | ')}`);
  return { loaded: true, report };
}
