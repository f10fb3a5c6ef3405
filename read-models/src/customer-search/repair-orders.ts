/**
 * Queries of the DMS reference data (`ref` schema, filled by the DMS importer, not by
 * projections): one repair order with its jobs, its accounting postings, the locations, the
 * customer details on an RO, and the CRM customers an RO belongs to (matched by e-mail or any
 * phone against the customer-search read model).
 */
import { fullName, RO_INPUT_MESSAGES, type AccountingDetail, type CustomerInfoFromRo, type CustomerSearchResult, type LocationWithSettings, type RepairOrder, type RoCustomer, type RoJob, type RoTotals } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { PREPARED } from '../projection';

export type { AccountingDetail, CustomerInfoFromRo, LocationWithSettings, RepairOrder, RoCustomer, RoJob, RoTotals };

export const RO_MESSAGES = {
  notFound: 'Repair order not found.',
  ...RO_INPUT_MESSAGES,
  eitherAccountingOrCustomers: 'Ask for accounting rows or for customers, not both.',
  closedRequired: (ro: string) => `Repair order ${ro} is still open; only a closed repair order can be used here.`,
  openRequired: (ro: string) => `Repair order ${ro} is closed; only an open repair order can be used here.`,
} as const;

/** RO numbers are stored trimmed and upper-case. */
export const normalizeRoNumber = (roNumber: string) => roNumber.trim().toUpperCase();

/**
 * An RO number as staff type it in the customer search: an optional '#', up to three letters,
 * then 4 to 9 digits, nothing else. Phone punctuation or spaces make it a phone search only,
 * and so do 10 or more digits (a whole phone number; DMS RO numbers are 5 to 8 digits).
 */
export function roNumberSearchTerm(term: string): string | null {
  const match = /^#?([A-Za-z]{0,3}\d{4,9})$/.exec(term.trim());
  return match ? match[1]!.toUpperCase() : null;
}

const ts = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
const money = (cents: number) => Math.round(cents) / 100;

export async function listLocations(sql: Sql): Promise<LocationWithSettings[]> {
  return sql<LocationWithSettings[]>`
    select location_id as "locationId", location_name as "locationName", loc_id as "locId", is_using_crm as "isUsingCrm",
      time_zone as "timeZone", sales_tax_rate_bp as "salesTaxRateBasisPoints"
    from ref.locations order by location_id`;
}

type RepairOrderRow = Omit<RepairOrder, 'jobs' | 'totals' | 'customerFullName' | 'advisorFullName'>;

export async function getRepairOrder(sql: Sql, locationId: number, roNumber: string): Promise<RepairOrder | null> {
  const ro = normalizeRoNumber(roNumber);
  const [row] = await sql.unsafe<RepairOrderRow[]>(
    `select r.ro_number as "roNumber", r.location_id as "locationId", r.dept_id as "deptId", l.location_name as "locationName",
       r.vin, r.mileage, r.customer_email as "customerEmail", r.customer_phones as "customerPhones",
       r.customer_address as "customerAddress", r.customer_address2 as "customerAddress2", r.customer_city as "customerCity",
       r.customer_state as "customerState", r.customer_zip as "customerZip", r.customer_first_name as "customerFirstName",
       r.customer_last_name as "customerLastName", r.advisor_first_name as "advisorFirstName", r.advisor_last_name as "advisorLastName",
       r.sold_hours::float8 as "soldHours", r.sold_hours_customer::float8 as "soldHoursCustomer",
       r.sold_hours_internal::float8 as "soldHoursInternal", r.sold_hours_warranty::float8 as "soldHoursWarranty",
       r.advisor_department as "advisorDepartment", r.advisor_team as "advisorTeam",
       ${ts('r.open_date')} as "openDate", ${ts('r.promise_date')} as "promiseDate", ${ts('r.close_date')} as "closeDate",
       ${ts('r.void_date')} as "voidDate", r.close_date is not null as "isClosed", r.void_date is not null as "isVoided"
     from ref.repair_orders r join ref.locations l on l.location_id = r.location_id
     where r.location_id = $1 and r.ro_number = $2`,
    [locationId, ro],
    PREPARED,
  );
  if (!row) return null;
  const jobs = await sql.unsafe<RoJob[]>(
    `select job_id as "jobId", line_code as "lineCode", line_no as "lineNo", op_code as "opCode", op_code_desc as "opCodeDesc",
       labor_type as "laborType", parts_cost::float8 as "partsCost", parts_sale::float8 as "partsSale",
       parts_gross::float8 as "partsGross", labor_cost::float8 as "laborCost", labor_sale::float8 as "laborSale",
       labor_gross::float8 as "laborGross", misc_cost::float8 as "miscCost", misc_sale::float8 as "miscSale",
       misc_gross::float8 as "miscGross", valid_report_flag as "validReportFlag", sold_hours::float8 as "soldHours",
       service_request as "serviceRequest", tech_no as "techNo", upsell_flag as "upsellFlag", host_item_id as "hostItemId",
       tech_nos as "techNos", (parts_sale + labor_sale + misc_sale)::float8 as "totalCost"
     from ref.ro_jobs where location_id = $1 and ro_number = $2 order by line_no nulls last, job_id`,
    [locationId, ro],
    PREPARED,
  );
  // Totals in cents, so 0.1 + 0.2 stays 0.30.
  const sum = (pick: (j: RoJob) => number | null) => money(jobs.reduce((s, j) => s + Math.round((pick(j) ?? 0) * 100), 0));
  return {
    ...row,
    customerFullName: fullName({ firstName: row.customerFirstName, lastName: row.customerLastName }),
    advisorFullName: fullName({ firstName: row.advisorFirstName, lastName: row.advisorLastName }),
    jobs: [...jobs],
    totals: {
      partsCost: sum((j) => j.partsCost),
      partsSale: sum((j) => j.partsSale),
      laborCost: sum((j) => j.laborCost),
      laborSale: sum((j) => j.laborSale),
      miscCost: sum((j) => j.miscCost),
      miscSale: sum((j) => j.miscSale),
      soldHours: sum((j) => j.soldHours),
      totalCost: sum((j) => j.totalCost),
    },
  };
}

async function repairOrderExists(sql: Sql, locationId: number, roNumber: string): Promise<boolean> {
  const [row] = await sql`select 1 as found from ref.repair_orders where location_id = ${locationId} and ro_number = ${normalizeRoNumber(roNumber)}`;
  return Boolean(row);
}

/** The RO's accounting postings, or null when the RO does not exist. */
export async function getAccountingDetails(sql: Sql, locationId: number, roNumber: string): Promise<AccountingDetail[] | null> {
  if (!(await repairOrderExists(sql, locationId, roNumber))) return null;
  const rows = await sql.unsafe<AccountingDetail[]>(
    `select a.cdk_accounting_details_id::float8 as "cdkAccountingDetailsId", a.cdk_accounting_details_id::float8 as id,
       a.ro_number as "roNumber", a.location_id as "locationId", coalesce(a.location_name, l.location_name) as "locationName",
       coalesce(a.location_short_name, l.loc_id) as "locationShortName", a.account_number as "accountNumber",
       to_char(a.accounting_date, 'YYYY-MM-DD') as "accountingDate", a.group_name as "groupName",
       a.detail_description as "detailDescription", a.posting_amount::float8 as "postingAmount",
       a.posting_sequence as "postingSequence", ${ts('a.posting_time')} as "postingTime",
       ${ts('a.modified_date')} as "modifiedDate", a.journal_id as "journalId"
     from ref.accounting_details a left join ref.locations l on l.location_id = a.location_id
     where a.location_id = $1 and a.ro_number = $2
     order by a.accounting_date, a.posting_sequence nulls last, a.cdk_accounting_details_id`,
    [locationId, normalizeRoNumber(roNumber)],
    PREPARED,
  );
  return [...rows];
}

/**
 * How a CRM customer matches an RO's customer: the same e-mail, or a mobile or other phone
 * equal to any phone on the RO. Every side is normalised (lower-case e-mail, 10 digits), so
 * these are index equality lookups.
 */
const MATCHES_RO_CUSTOMER = `((r.customer_email is not null and c.email_norm = r.customer_email)
  or c.phone_digits = any(r.customer_phones) or c.phone_other_digits = any(r.customer_phones))`;

/** CRM customers of the RO's customer, or null when the RO does not exist. */
export async function findCustomersForRepairOrder(sql: Sql, locationId: number, roNumber: string): Promise<RoCustomer[] | null> {
  if (!(await repairOrderExists(sql, locationId, roNumber))) return null;
  const rows = await sql.unsafe<RoCustomer[]>(
    `select c.customer_id::text as "customerId", c.first_name as "firstName", c.last_name as "lastName",
       c.email_address as "emailAddress", c.phone_mobile as "phoneMobile", c.phone_other as "phoneOther",
       d.address, d.address2, d.city, d.state, d.zip
     from ref.repair_orders r
     join rm_customer_search.customers c on ${MATCHES_RO_CUSTOMER}
     left join rm_customer_details.customers d on d.customer_id = c.customer_id
     where r.location_id = $1 and r.ro_number = $2
     order by c.last_name_norm, c.first_name_norm, c.customer_id
     limit 50`,
    [locationId, normalizeRoNumber(roNumber)],
    PREPARED,
  );
  return [...rows];
}

/** Customer search by RO number (searchType 'RO'): the customers on every RO with that number. */
export async function searchCustomersByRoNumber(sql: Sql, roNumber: string, limit: number): Promise<CustomerSearchResult[]> {
  const rows = await sql.unsafe<CustomerSearchResult[]>(
    `select c.customer_id::text as "customerId", c.first_name as "firstName", c.last_name as "lastName",
       c.email_address as "emailAddress", 'RO' as "searchType", r.ro_number as "soldDMSNumber",
       l.location_name as "soldLocationName", ${ts('coalesce(r.close_date, r.open_date)')} as "soldDate",
       c.phone_mobile as "phoneMobile"
     from ref.repair_orders r
     join ref.locations l on l.location_id = r.location_id
     join rm_customer_search.customers c on ${MATCHES_RO_CUSTOMER}
     where r.ro_number = $1
     order by r.open_date desc, c.last_name_norm, c.first_name_norm, c.customer_id
     limit $2`,
    [normalizeRoNumber(roNumber), limit],
    PREPARED,
  );
  return [...rows];
}

export type CustomerInfoLookup =
  | { found: false }
  | { found: true; isClosed: boolean; info: CustomerInfoFromRo };

/**
 * The customer details on an RO, to prefill a new CRM customer. The first phone on the RO is
 * taken as the mobile, the second as the other phone. A closed or voided RO counts as closed.
 */
export async function getCustomerInfoFromRo(sql: Sql, locationId: number, roNumber: string): Promise<CustomerInfoLookup> {
  const [row] = await sql<(Omit<CustomerInfoFromRo, 'phoneMobile' | 'phoneOther' | 'isTaxExempt'> & { phones: string[]; isClosed: boolean })[]>`
    select ro_number as "roNumber", location_id as "locationId", customer_first_name as "firstName",
      customer_last_name as "lastName", customer_email as "emailAddress", customer_phones as phones,
      customer_address as address, customer_city as city, customer_state as state, customer_zip as zip,
      (close_date is not null or void_date is not null) as "isClosed"
    from ref.repair_orders where location_id = ${locationId} and ro_number = ${normalizeRoNumber(roNumber)}`;
  if (!row) return { found: false };
  const { phones, isClosed, ...rest } = row;
  return {
    found: true,
    isClosed,
    // ROs carry no tax status: the employee sets Tax Exempt in the profile editor.
    info: { ...rest, phoneMobile: phones[0] ?? null, phoneOther: phones[1] ?? null, isTaxExempt: false },
  };
}
