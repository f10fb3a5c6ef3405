/** The DMS importer against a real PostgreSQL (a fresh database for this file). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { loadDemoDms } from './demo';
import { bulkLoadRepairOrders } from './bulk-load';
import { DEMO_LOCATIONS, generateRepairOrders, syntheticPerson } from './generator';
import { FileFormatError, importDmsFile, importDmsRecords } from './importer';
import { DMS_MIGRATIONS } from '@dealer/platform/dms/schema';

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase(DMS_MIGRATIONS);
  dir = await mkdtemp(path.join(tmpdir(), 'dms-import-'));
});
afterAll(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.sql`truncate ref.locations, ref.repair_orders, ref.ro_jobs, ref.accounting_details`;
});

const file = async (name: string, content: string) => {
  const p = path.join(dir, name);
  await writeFile(p, content);
  return p;
};

const job = (jobId: number, opCode: string, laborType: string, laborSale: number, partsSale = 0) => ({
  jobId, lineCode: String.fromCharCode(64 + jobId), lineNo: jobId, opCode, opCodeDesc: `${opCode} work`, laborType,
  partsCost: partsSale / 2, partsSale, laborCost: laborSale / 3, laborSale, miscCost: 0, miscSale: 0, techNos: ['101'],
});

const ro = (roNumber: string, extra: Record<string, unknown> = {}) => ({
  roNumber, locationId: 1, locationName: 'Front Range Toyota', deptId: 'S', vin: '4t1bf1fk5cu123456', mileage: 42000,
  customerEmail: 'Dana.Ruiz@Example.com', customerPhones: ['(303) 555-7001', '+1 720 555 7002'],
  customerFirstName: 'Dana', customerLastName: 'Ruiz', customerAddress: '12 Pearl St', customerCity: 'Boulder', customerState: 'co', customerZip: '80301',
  advisorFirstName: 'Sam', advisorLastName: 'Lee', soldHours: 1.5, openDate: '2026-03-02T08:15:00', closeDate: '2026-03-02T15:40:00',
  jobs: [job(1, 'LOF', 'C', 44.7, 42), job(2, 'ROT', 'C', 74.5)],
  accountingDetails: [
    { cdkAccountingDetailsId: 9001, accountNumber: '4600', accountingDate: '2026-03-02', postingAmount: -119.2, postingSequence: 1, postingTime: '15:40' },
    { cdkAccountingDetailsId: 9002, accountNumber: '1100', accountingDate: '2026-03-02', postingAmount: 119.2, postingSequence: 2 },
  ],
  ...extra,
});

const location = { locationId: 1, locationName: 'Front Range Toyota', locId: 'FRT', isUsingCrm: true };

describe('importing a JSON export', () => {
  it('should import accepted rows, and report each rejected row with its number and reasons', async () => {
    const p = await file('mixed.json', JSON.stringify([
      location,
      ro('100001'),
      ro('100002', { jobs: [job(1, 'BRK', 'X', 200)], accountingDetails: [] }),
      'not a record',
      ro('100001', { mileage: 1 }),
      ro('100003', { customerEmail: 'none', closeDate: null, accountingDetails: [] }),
      ro('100004', { openDate: '2026-02-30', accountingDetails: [] }),
    ]));
    const report = await importDmsFile(db.sql, p);
    expect(report).toMatchObject({ format: 'json', rows: 7, accepted: 3, rejected: 4 });
    expect(report.rejections).toEqual([
      { row: 3, message: 'jobs[0].laborType must be C (customer pay), W (warranty) or I (internal)' },
      { row: 4, message: 'must be an object' },
      { row: 5, message: 'duplicate of row 2 (same locationId and roNumber)' },
      { row: 7, message: 'openDate must be a date (YYYY-MM-DD or MM/DD/YYYY, optionally with a time)' },
    ]);
    expect(report.warnings).toEqual([{ row: 6, message: "customerEmail 'none' is not an e-mail address; stored without e-mail" }]);
    expect(report.repairOrders).toMatchObject({ inserted: 2 });
    expect(report.jobs).toMatchObject({ inserted: 4 });
    expect(report.accountingDetails).toMatchObject({ inserted: 2 });

    const [row] = await db.sql`select * from ref.repair_orders where ro_number = '100001'`;
    expect(row).toMatchObject({
      location_id: 1, vin: '4T1BF1FK5CU123456', customer_email: 'dana.ruiz@example.com', customer_phones: ['3035557001', '7205557002'],
      customer_state: 'CO', mileage: 42000,
    });
    expect((row!.open_date as Date).getTime()).toBe(Date.UTC(2026, 2, 2, 8, 15)); // timestamp without zone, read as UTC by the driver
    const jobs = await db.sql`select job_id, labor_type, parts_gross::text, labor_sale::text from ref.ro_jobs where ro_number = '100001' order by job_id`;
    expect(jobs).toEqual([
      { job_id: 1, labor_type: 'C', parts_gross: '21.00', labor_sale: '44.70' },
      { job_id: 2, labor_type: 'C', parts_gross: '0.00', labor_sale: '74.50' },
    ]);
    const [posting] = await db.sql`select ro_number, location_id, posting_time::text from ref.accounting_details where cdk_accounting_details_id = 9001`;
    expect(posting).toEqual({ ro_number: '100001', location_id: 1, posting_time: '2026-03-02 15:40:00' });
    const [noEmail] = await db.sql`select customer_email from ref.repair_orders where ro_number = '100003'`;
    expect(noEmail!.customer_email).toBeNull();
  });

  it('should reject a row with a NUL character in a field, and import the others', async () => {
    const p = await file('nul.json', JSON.stringify([location, ro('150001', { customerFirstName: 'Da\u0000na', accountingDetails: [] }), ro('150002', { customerPhones: ['303555\u00007001'], accountingDetails: [] }), ro('150003')]));
    const report = await importDmsFile(db.sql, p);
    expect(report).toMatchObject({ accepted: 2, rejected: 2 });
    expect(report.rejections).toEqual([
      { row: 2, message: 'customerFirstName must not contain a NUL character' },
      { row: 3, message: 'customerPhones must not contain a NUL character' },
    ]);
    expect(await db.sql`select ro_number from ref.repair_orders order by ro_number`).toEqual([{ ro_number: '150003' }]);
  });

  it('should change nothing when the same file is imported again', async () => {
    const p = await file('same.json', JSON.stringify([location, ro('200001'), ro('200002', { accountingDetails: [] })]));
    await importDmsFile(db.sql, p);
    const before = await db.sql`select xmin::text, ro_number from ref.repair_orders union all select xmin::text, ro_number from ref.ro_jobs
      union all select xmin::text, ro_number from ref.accounting_details union all select xmin::text, loc_id from ref.locations order by 1, 2`;
    const again = await importDmsFile(db.sql, p);
    expect(again).toMatchObject({ accepted: 3, rejected: 0 });
    expect(again.repairOrders).toEqual({ inserted: 0, updated: 0, unchanged: 2, deleted: 0 });
    expect(again.jobs).toEqual({ inserted: 0, updated: 0, unchanged: 4, deleted: 0 });
    expect(again.accountingDetails).toEqual({ inserted: 0, updated: 0, unchanged: 2, deleted: 0 });
    expect(again.locations).toEqual({ inserted: 0, updated: 0, unchanged: 1, deleted: 0 });
    const after = await db.sql`select xmin::text, ro_number from ref.repair_orders union all select xmin::text, ro_number from ref.ro_jobs
      union all select xmin::text, ro_number from ref.accounting_details union all select xmin::text, loc_id from ref.locations order by 1, 2`;
    expect(after).toEqual(before); // not one row rewritten
  });

  it('should replace an RO\'s jobs with the file\'s, and keep accounting postings the file leaves out', async () => {
    await importDmsRecords(db.sql, [location, ro('300001')]);
    const changed = ro('300001', { mileage: 43000, jobs: [job(1, 'LOF', 'C', 44.7, 42)], accountingDetails: [{ cdkAccountingDetailsId: 9003, accountNumber: '6600', accountingDate: '2026-03-03', postingAmount: 10 }] });
    const report = await importDmsRecords(db.sql, [changed]);
    expect(report.repairOrders).toEqual({ inserted: 0, updated: 1, unchanged: 0, deleted: 0 });
    expect(report.jobs).toEqual({ inserted: 0, updated: 0, unchanged: 1, deleted: 1 });
    expect(report.accountingDetails).toEqual({ inserted: 1, updated: 0, unchanged: 0, deleted: 0 });
    const ids = await db.sql`select cdk_accounting_details_id::int as id from ref.accounting_details order by 1`;
    expect(ids.map((r) => r.id)).toEqual([9001, 9002, 9003]);
  });

  it('should merge a small file into much larger tables by key, with the same outcome as a large one', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ro(String(500100 + i), {
      accountingDetails: [{ cdkAccountingDetailsId: 50000 + 2 * i, accountNumber: '4600', accountingDate: '2026-03-02', postingAmount: -10 }, { cdkAccountingDetailsId: 50001 + 2 * i, accountNumber: '1100', accountingDate: '2026-03-02', postingAmount: 10 }],
    }));
    await importDmsRecords(db.sql, [location, ...many]);
    // Tables of 60 ROs, 120 jobs and 120 postings; the file below is under a quarter of each: merged by key.
    const report = await importDmsRecords(db.sql, [
      many[0]!,
      { ...many[1]!, mileage: 50000, jobs: [job(1, 'LOF', 'C', 44.7, 42)] },
      { ...many[2]!, accountingDetails: [{ cdkAccountingDetailsId: 50004, accountNumber: '4600', accountingDate: '2026-03-02', postingAmount: -12 }] },
      ro('500999', { accountingDetails: [{ cdkAccountingDetailsId: 59999, accountNumber: '4600', accountingDate: '2026-03-04', postingAmount: 5 }] }),
    ]);
    expect(report.repairOrders).toEqual({ inserted: 1, updated: 1, unchanged: 2, deleted: 0 });
    expect(report.jobs).toEqual({ inserted: 2, updated: 0, unchanged: 5, deleted: 1 });
    expect(report.accountingDetails).toEqual({ inserted: 1, updated: 1, unchanged: 4, deleted: 0 });
    const [stored] = await db.sql`select
      (select mileage from ref.repair_orders where ro_number = '500101') as mileage,
      (select count(*)::int from ref.ro_jobs where ro_number = '500101') as jobs,
      (select posting_amount::text from ref.accounting_details where cdk_accounting_details_id = 50004) as amount,
      (select count(*)::int from ref.accounting_details) as postings`;
    expect(stored).toEqual({ mileage: 50000, jobs: 1, amount: '-12.00', postings: 121 });
  });

  it('should create a location an RO names, and reject an RO at an unknown location without a name', async () => {
    const report = await importDmsRecords(db.sql, [
      ro('400001', { locationId: 7, locationName: 'Pueblo Kia', accountingDetails: [] }),
      ro('400002', { locationId: 8, locationName: null, accountingDetails: [] }),
    ]);
    expect(report).toMatchObject({ accepted: 1, rejected: 1 });
    expect(report.rejections).toEqual([{ row: 2, message: 'location 8 is not known: import the location first, or give locationName to create it' }]);
    expect(await db.sql`select location_id, location_name, loc_id, is_using_crm from ref.locations`).toEqual([
      { location_id: 7, location_name: 'Pueblo Kia', loc_id: '7', is_using_crm: false },
    ]);
    expect(await db.sql`select count(*)::int as n from ref.ro_jobs where location_id = 8`).toEqual([{ n: 0 }]);
  });

  it('should refuse a truncated file and import nothing from it', async () => {
    const text = JSON.stringify([location, ro('500001'), ro('500002')]);
    const p = await file('truncated.json', text.slice(0, text.length - 40));
    await expect(importDmsFile(db.sql, p)).rejects.toThrow(FileFormatError);
    expect(await db.sql`select (select count(*) from ref.repair_orders)::int as ros, (select count(*) from ref.locations)::int as locations`).toEqual([{ ros: 0, locations: 0 }]);
  });

  it('should report but write nothing in a dry run', async () => {
    const p = await file('dry.json', JSON.stringify([location, ro('600001')]));
    const report = await importDmsFile(db.sql, p, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, accepted: 2 });
    expect(report.repairOrders.inserted).toBe(1);
    expect(await db.sql`select count(*)::int as n from ref.repair_orders`).toEqual([{ n: 0 }]);
  });
});

describe("locations' time zone and sales tax rate", () => {
  const settings = () => db.sql`select location_id, is_using_crm, time_zone, sales_tax_rate_bp from ref.locations order by 1`;

  it('should store a valid zone (as Intl spells it) and rate, and reject a row with an unknown zone or a rate out of range', async () => {
    const report = await importDmsRecords(db.sql, [
      { ...location, timeZone: 'America/Denver', salesTaxRateBasisPoints: 881 },
      { locationId: 2, locationName: 'Flatirons Honda', locId: 'FLH', isUsingCrm: true, timeZone: 'america/los_angeles', salesTaxRateBasisPoints: '0' },
      { locationId: 3, locationName: 'Cherry Creek Ford', locId: 'CCF', timeZone: 'Mountain Time' },
      { locationId: 4, locationName: 'Lakewood Chevrolet', locId: 'LKC', timeZone: '-07:00' },
      { locationId: 5, locationName: 'Golden Subaru', locId: 'GSU', salesTaxRateBasisPoints: 3001 },
      { locationId: 6, locationName: 'Castle Rock Nissan', locId: 'CRN', salesTaxRateBasisPoints: 7.5 },
      { locationId: 7, locationName: 'Pueblo Kia', locId: 'PKI', salesTaxRateBasisPoints: -1 },
    ]);
    expect(report).toMatchObject({ rows: 7, accepted: 2, rejected: 5 });
    expect(report.rejections).toEqual([
      { row: 3, message: "timeZone 'Mountain Time' is not an IANA time zone name (like America/Denver)" },
      { row: 4, message: "timeZone '-07:00' is not an IANA time zone name (like America/Denver)" },
      { row: 5, message: 'salesTaxRateBasisPoints must be between 0 and 3000' },
      { row: 6, message: 'salesTaxRateBasisPoints must be a whole number' },
      { row: 7, message: 'salesTaxRateBasisPoints must be between 0 and 3000' },
    ]);
    expect(await settings()).toEqual([
      { location_id: 1, is_using_crm: true, time_zone: 'America/Denver', sales_tax_rate_bp: 881 },
      { location_id: 2, is_using_crm: true, time_zone: 'America/Los_Angeles', sales_tax_rate_bp: 0 },
    ]);
  });

  it('should keep the stored zone and rate when an import leaves them out or blank, and change them when given', async () => {
    await importDmsRecords(db.sql, [{ ...location, timeZone: 'America/Denver', salesTaxRateBasisPoints: 800 }]);
    const before = await db.sql`select xmin::text from ref.locations`;
    const same = await importDmsRecords(db.sql, [location, { ...location, locationId: 2, locId: 'X2', timeZone: null, salesTaxRateBasisPoints: '' }]);
    expect(same.locations).toEqual({ inserted: 1, updated: 0, unchanged: 1, deleted: 0 });
    expect(await db.sql`select xmin::text from ref.locations where location_id = 1`).toEqual(before); // not rewritten
    expect(await settings()).toEqual([
      { location_id: 1, is_using_crm: true, time_zone: 'America/Denver', sales_tax_rate_bp: 800 },
      { location_id: 2, is_using_crm: true, time_zone: null, sales_tax_rate_bp: 0 },
    ]);
    const changed = await importDmsRecords(db.sql, [{ ...location, timeZone: 'America/Phoenix', salesTaxRateBasisPoints: 0 }]);
    expect(changed.locations).toEqual({ inserted: 0, updated: 1, unchanged: 0, deleted: 0 });
    expect((await settings())[0]).toEqual({ location_id: 1, is_using_crm: true, time_zone: 'America/Phoenix', sales_tax_rate_bp: 0 });
    // A location only named by a repair order has neither until one is imported.
    await importDmsRecords(db.sql, [ro('800001', { locationId: 9, locationName: 'Pueblo Kia', accountingDetails: [] })]);
    expect((await settings())[2]).toEqual({ location_id: 9, is_using_crm: false, time_zone: null, sales_tax_rate_bp: 0 });
  });

  it('should read both columns from a CSV location file, blank cells keeping the stored values', async () => {
    const first = await file('zones.csv', 'locationId,locationName,locId,isUsingCrm,timeZone,salesTaxRateBasisPoints\n1,Front Range Toyota,FRT,Y,America/Denver,800\n2,Flatirons Honda,FLH,N,US/Mountain,815\n3,Cherry Creek Ford,CCF,Y,Denver,881\n');
    const report = await importDmsFile(db.sql, first);
    expect(report).toMatchObject({ format: 'csv', accepted: 2, rejected: 1 });
    expect(report.rejections).toEqual([{ row: 4, message: "timeZone 'Denver' is not an IANA time zone name (like America/Denver)" }]);
    const second = await file('zones-blank.csv', 'locationId,locationName,locId,timeZone,salesTaxRateBasisPoints\n1,Front Range Toyota,FRT,,\n2,Flatirons Honda,FLH,America/Boise,\n');
    expect(await importDmsFile(db.sql, second)).toMatchObject({ accepted: 2, locations: { updated: 1, unchanged: 1 } });
    expect(await settings()).toEqual([
      { location_id: 1, is_using_crm: true, time_zone: 'America/Denver', sales_tax_rate_bp: 800 },
      { location_id: 2, is_using_crm: false, time_zone: 'America/Boise', sales_tax_rate_bp: 815 },
    ]);
  });
});

describe('bulk loading', () => {
  it("should store the locations' zone and rate, refuse a location with a bad zone, and keep a stored zone a record leaves out", async () => {
    const records = () => generateRepairOrders({ seed: 7, anchor: new Date('2026-06-01'), repairOrders: 20 });
    expect(await bulkLoadRepairOrders(db.sql, records, { locations: DEMO_LOCATIONS })).toMatchObject({ repairOrders: 20 });
    const zones = () => db.sql`select location_id, time_zone, sales_tax_rate_bp from ref.locations where location_id in (1, 3) order by 1`;
    expect(await zones()).toEqual([
      { location_id: 1, time_zone: 'America/Denver', sales_tax_rate_bp: 800 },
      { location_id: 3, time_zone: 'America/Denver', sales_tax_rate_bp: 881 },
    ]);
    await db.sql`truncate ref.repair_orders`;
    const [first] = DEMO_LOCATIONS;
    await expect(bulkLoadRepairOrders(db.sql, records, { locations: [{ ...first!, timeZone: 'Mars/Olympus' }] })).rejects.toThrow("location 1 is invalid: timeZone 'Mars/Olympus' is not an IANA time zone name");
    await bulkLoadRepairOrders(db.sql, records, { locations: [{ locationId: 1, locationName: 'Front Range Toyota', locId: 'FRT', isUsingCrm: true }, { ...DEMO_LOCATIONS[2]!, timeZone: 'US/Mountain', salesTaxRateBasisPoints: 0 }] });
    expect(await zones()).toEqual([
      { location_id: 1, time_zone: 'America/Denver', sales_tax_rate_bp: 800 },
      { location_id: 3, time_zone: 'America/Denver', sales_tax_rate_bp: 0 },
    ]);
  });
});

describe('the dms_imported notification', () => {
  it('should be sent once per committed import, and not for a dry run', async () => {
    const heard: string[] = [];
    const listener = await db.sql.listen('dms_imported', (payload) => heard.push(payload));
    try {
      const p = await file('notify.json', JSON.stringify([location, ro('900001')]));
      await importDmsFile(db.sql, p, { dryRun: true });
      await importDmsFile(db.sql, p);
      await importDmsRecords(db.sql, [ro('900001', { closeDate: '2026-03-03T09:00:00' })]);
      // A notification sent after these commits arrives after theirs (one listening connection, in order).
      await db.sql`select pg_notify('dms_imported', 'marker')`;
      for (let i = 0; i < 100 && !heard.includes('marker'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['', '', 'marker']);
    } finally {
      await listener.unlisten();
    }
  });
});

describe('importing CSV exports', () => {
  const roHeader = 'roNumber,locationId,locationName,customerFirstName,customerLastName,customerEmail,customerPhones,openDate,closeDate,job.jobId,job.opCode,job.laborType,job.laborSale,job.partsSale,job.techNos,job.serviceRequest';

  it('should import ROs with one row per job, accounting and location files, and change nothing on a second import', async () => {
    const locations = await file('locations.csv', 'locationId,locationName,locId,isUsingCrm\n1,Front Range Toyota,FRT,Y\n2,Flatirons Honda,FLH,N\n');
    const ros = await file('ros.csv', [
      roHeader,
      '700001,1,,Dana,Ruiz,dana@example.com,(303) 555-7001|720.555.7002,03/02/2026 8:15 AM,03/02/2026 3:40 PM,1,LOF,C,44.70,42.00,101|102,"Oil change, and ""quick"""',
      '700001,1,,Dana,Ruiz,dana@example.com,(303) 555-7001|720.555.7002,03/02/2026 8:15 AM,03/02/2026 3:40 PM,2,ROT,W,74.50,,101,',
      '700002,2,,Lee,Park,,3035557003,2026-03-05,,,,,,,,',
    ].join('\r\n'));
    const accounting = await file('accounting.csv', 'cdkAccountingDetailsId,roNumber,locationId,accountNumber,accountingDate,postingAmount\n9101,700001,1,4600,2026-03-02,-119.20\n9102,700001,1,1100,2026-03-02,119.20\n');

    expect(await importDmsFile(db.sql, locations)).toMatchObject({ format: 'csv', accepted: 2, rejected: 0, locations: { inserted: 2 } });
    const first = await importDmsFile(db.sql, ros);
    expect(first).toMatchObject({ rows: 3, accepted: 3, rejected: 0, repairOrders: { inserted: 2 }, jobs: { inserted: 2 } });
    expect(await importDmsFile(db.sql, accounting)).toMatchObject({ accepted: 2, accountingDetails: { inserted: 2 } });

    const [row] = await db.sql`select customer_phones, to_char(open_date, 'YYYY-MM-DD HH24:MI') as open, to_char(close_date, 'HH24:MI') as close from ref.repair_orders where ro_number = '700001'`;
    expect(row).toEqual({ customer_phones: ['3035557001', '7205557002'], open: '2026-03-02 08:15', close: '15:40' });
    const jobs = await db.sql`select job_id, labor_type, tech_nos, service_request from ref.ro_jobs where ro_number = '700001' order by job_id`;
    expect(jobs).toEqual([
      { job_id: 1, labor_type: 'C', tech_nos: ['101', '102'], service_request: 'Oil change, and "quick"' },
      { job_id: 2, labor_type: 'W', tech_nos: ['101'], service_request: null },
    ]);
    expect(await db.sql`select count(*)::int as n from ref.ro_jobs where ro_number = '700002'`).toEqual([{ n: 0 }]);

    const again = await importDmsFile(db.sql, ros);
    expect(again.repairOrders).toEqual({ inserted: 0, updated: 0, unchanged: 2, deleted: 0 });
    expect(again.jobs).toEqual({ inserted: 0, updated: 0, unchanged: 2, deleted: 0 });
  });

  it('should reject every row of an RO when one of its rows is bad, and report rows of the wrong width', async () => {
    await importDmsRecords(db.sql, [location]);
    const p = await file('bad.csv', [
      roHeader,
      '710001,1,,Dana,Ruiz,,3035557001,2026-03-02,,1,LOF,C,44.70,,,',
      '710001,1,,Dana,Ruiz,,3035557001,2026-03-02,,2,ROT,Q,74.50,,,',
      '710002,1,,Lee,Park,,3035557003,2026-03-05,,1,LOF,C,10,,,',
      '710002,1,,Leo,Park,,3035557003,2026-03-05,,2,ROT,C,10,,,',
      '710003,1,,Kim,Ng,,3035557004,2026-03-06,,1,LOF,C,10',
      '710004,1,,Kim,Ng,,3035557004,2026-03-06,,1,LOF,C,10,,,',
    ].join('\n'));
    const report = await importDmsFile(db.sql, p);
    expect(report).toMatchObject({ rows: 6, accepted: 1, rejected: 5 });
    expect(report.rejections).toEqual([
      { row: 2, message: 'rejected with row 3 (same repair order)' },
      { row: 3, message: 'job.laborType must be C (customer pay), W (warranty) or I (internal)' },
      { row: 4, message: 'rejected with row 5 (same repair order)' },
      { row: 5, message: 'repair-order columns differ from row 4 of the same repair order' },
      { row: 6, message: 'has 13 fields; the header has 16' },
    ]);
    expect(await db.sql`select ro_number from ref.repair_orders`).toEqual([{ ro_number: '710004' }]);
    expect(await db.sql`select distinct ro_number from ref.ro_jobs`).toEqual([{ ro_number: '710004' }]); // the good job of 710001 was withdrawn
  });

  it('should reject accounting rows of an unknown RO', async () => {
    const p = await file('orphans.csv', 'cdkAccountingDetailsId,roNumber,locationId,accountNumber,accountingDate,postingAmount\n9201,999999,1,4600,2026-03-02,-1\n');
    const report = await importDmsFile(db.sql, p);
    expect(report.rejections).toEqual([{ row: 2, message: 'repair order 999999 at location 1 is not known: import it first' }]);
    expect(report.accountingDetails.inserted).toBe(0);
  });

  it('should refuse, whole, a file with an unknown column or an unterminated quote', async () => {
    await expect(importDmsFile(db.sql, await file('unknown.csv', `${roHeader},colour\n`))).rejects.toThrow('Unknown CSV column: colour.');
    const p = await file('open-quote.csv', `${roHeader}\n720001,1,Front Range Toyota,Dana,Ruiz,,3035557001,2026-03-02,,1,LOF,C,1,,,\n720002,1,Front Range Toyota,"Dana`);
    await expect(importDmsFile(db.sql, p)).rejects.toThrow(/never closed/);
    expect(await db.sql`select count(*)::int as n from ref.repair_orders`).toEqual([{ n: 0 }]);
  });
});

describe('the demo DMS data', () => {
  it('should load once, with many ROs of the demo CRM customers, and skip when ROs exist', async () => {
    const crm = { count: 5, at: (i: number) => syntheticPerson(1, i, 'crm') };
    const first = await loadDemoDms(db.sql, { crm, anchor: new Date('2026-06-01'), repairOrders: 400 });
    expect(first.loaded).toBe(true);
    expect(first.report).toMatchObject({ rejected: 0, locations: { inserted: 6 }, repairOrders: { inserted: 400 } });
    const [crmRows] = await db.sql`select count(*)::int as n from ref.repair_orders where customer_phones && ${[0, 1, 2, 3, 4].map((i) => crm.at(i).phones[0]!)}::text[]`;
    expect(crmRows!.n).toBeGreaterThan(100);
    expect(await db.sql`select location_id, is_using_crm from ref.locations order by 1`).toEqual([
      { location_id: 1, is_using_crm: true }, { location_id: 2, is_using_crm: true }, { location_id: 3, is_using_crm: true },
      { location_id: 4, is_using_crm: false }, { location_id: 5, is_using_crm: false }, { location_id: 6, is_using_crm: false },
    ]);
    expect(await db.sql`select distinct time_zone from ref.locations`).toEqual([{ time_zone: 'America/Denver' }]);
    expect((await db.sql`select sales_tax_rate_bp as bp from ref.locations order by location_id`).map((r) => r.bp)).toEqual([800, 815, 881, 750, 750, 800]);
    expect((await loadDemoDms(db.sql, { crm, anchor: new Date('2026-06-01'), repairOrders: 400 })).loaded).toBe(false);
  });

  it('should give demo locations loaded before issue 11 their zone and rate, and leave set ones alone', async () => {
    const crm = { count: 5, at: (i: number) => syntheticPerson(1, i, 'crm') };
    await loadDemoDms(db.sql, { crm, anchor: new Date('2026-06-01'), repairOrders: 50 });
    await db.sql`update ref.locations set time_zone = null, sales_tax_rate_bp = 0 where location_id <> 2`;
    await db.sql`update ref.locations set time_zone = 'America/Chicago', sales_tax_rate_bp = 100 where location_id = 2`;
    expect((await loadDemoDms(db.sql, { crm, anchor: new Date('2026-06-01'), repairOrders: 50 })).loaded).toBe(false);
    expect(await db.sql`select location_id, time_zone, sales_tax_rate_bp from ref.locations where location_id in (1, 2) order by 1`).toEqual([
      { location_id: 1, time_zone: 'America/Denver', sales_tax_rate_bp: 800 },
      { location_id: 2, time_zone: 'America/Chicago', sales_tax_rate_bp: 100 },
    ]);
  });
});
