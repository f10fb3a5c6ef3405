/**
 * A customer's service history (issue 13): the repair orders of the DMS data (`ref` schema) that
 * are theirs, newest first, paged, with their jobs and totals in cents.
 *
 * Which ROs are theirs (contracts SERVICE_HISTORY_MATCHING), never by name:
 * - e-mail: the RO's e-mail (stored lower-case) is the customer's e-mail, and it is verified;
 * - phone: one of the RO's phones (stored as 10 digits) is the customer's mobile, and it is verified;
 * - staff: the customer's pack sale (not voided) was made on the RO, or one of their coupons is
 *   redeemed on it, and the RO's own contact details are empty or include one of the customer's
 *   (so a mistyped RO number never shows someone else's visit).
 * Voided ROs are left out. The customer's contact details come from the customer-details read
 * model and the staff links from the pack-sales read model.
 */
import { cents, digitsOnly, fullName, type PageMeta, type ServiceVisitJob, type ServiceVisitMatch, type ServiceVisitView } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { PREPARED } from '../projection';

interface Contacts {
  email: string | null;
  emailVerified: boolean;
  mobile: string | null;
  mobileVerified: boolean;
  other: string | null;
}

/** A phone as the DMS tables store it: 10 digits (a leading country code 1 dropped), or null. */
export function dmsPhone(value: string | null | undefined): string | null {
  let d = digitsOnly(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.length === 10 ? d : null;
}

/** An e-mail as the DMS tables store it (trimmed, lower-case), or null. */
export const dmsEmail = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim().toLowerCase() : null);

async function contactsOf(sql: Sql, customerId: string): Promise<Contacts | null> {
  const [row] = await sql<{ email: string | null; emailVerified: boolean; mobile: string | null; mobileVerified: boolean; other: string | null; erased: boolean }[]>`
    select email_address as email, is_email_validated as "emailVerified", phone_mobile as mobile,
      is_phone_validated as "mobileVerified", phone_other as other, personal_data_erased as erased
    from rm_customer_details.customers where customer_id = ${customerId}`;
  if (!row || row.erased) return null;
  return { email: dmsEmail(row.email), emailVerified: row.emailVerified, mobile: dmsPhone(row.mobile), mobileVerified: row.mobileVerified, other: dmsPhone(row.other) };
}

interface VisitRow {
  roNumber: string;
  locationId: number;
  locationName: string | null;
  openDate: string;
  closeDate: string | null;
  vin: string | null;
  mileage: number | null;
  advisorFirstName: string | null;
  advisorLastName: string | null;
  byEmail: boolean;
  byPhone: boolean;
  byStaff: boolean;
}

const ts = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The matching ROs as one CTE: $1 verified e-mail (or null), $2 verified mobile (or null),
 * $3 every contact of the customer (for the staff link's check), $4 the customer id.
 */
const MATCHED = `
  with staff_links as (
    select s.location_id, upper(btrim(s.sale_ro_number)) as ro_number from rm_pack_sales.sales s
      where s.customer_id = $4::uuid and s.status <> 'voided'
    union
    select c.redemption_location_id, upper(btrim(c.redemption_ro_number)) from rm_pack_sales.issued_coupons c
      where c.customer_id = $4::uuid and c.redemption_state = 'redeemed' and c.redemption_ro_number is not null
  ),
  candidates as (
    select location_id, ro_number from ref.repair_orders where $1::text is not null and customer_email = $1::text
    union
    select location_id, ro_number from ref.repair_orders where $2::text is not null and customer_phones @> array[$2::text]
    union
    select location_id, ro_number from staff_links
  ),
  matched as (
    select r.location_id, r.ro_number,
      ($1::text is not null and r.customer_email = $1::text) as by_email,
      ($2::text is not null and $2::text = any(r.customer_phones)) as by_phone,
      (exists (select 1 from staff_links k where k.location_id = r.location_id and k.ro_number = r.ro_number)
        and ((r.customer_email is null and cardinality(r.customer_phones) = 0)
          or r.customer_email = any($3::text[]) or r.customer_phones && $3::text[])) as by_staff
    from candidates c join ref.repair_orders r on r.location_id = c.location_id and r.ro_number = c.ro_number
    where r.void_date is null
  )`;

export async function listServiceHistory(
  sql: Sql,
  customerId: string,
  page: { limit: number; offset: number },
): Promise<{ dataSet: ServiceVisitView[]; metaData: PageMeta }> {
  const contacts = await contactsOf(sql, customerId);
  if (!contacts) return { dataSet: [], metaData: { total: 0, limit: page.limit, offset: page.offset } };
  const email = contacts.emailVerified ? contacts.email : null;
  const mobile = contacts.mobileVerified ? contacts.mobile : null;
  const own = [contacts.email, contacts.mobile, contacts.other].filter((c): c is string => c !== null);
  const params = [email, mobile, own, customerId] as never[];
  const theirs = `(m.by_email or m.by_phone or m.by_staff)`;

  const [rows, [count]] = await Promise.all([
    sql.unsafe<VisitRow[]>(
      `${MATCHED}
       select r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName",
         ${ts('r.open_date')} as "openDate", ${ts('r.close_date')} as "closeDate", r.vin, r.mileage,
         r.advisor_first_name as "advisorFirstName", r.advisor_last_name as "advisorLastName",
         m.by_email as "byEmail", m.by_phone as "byPhone", m.by_staff as "byStaff"
       from matched m
       join ref.repair_orders r on r.location_id = m.location_id and r.ro_number = m.ro_number
       left join ref.locations l on l.location_id = r.location_id
       where ${theirs}
       order by coalesce(r.close_date, r.open_date) desc, r.open_date desc, r.location_id, r.ro_number
       limit $5 offset $6`,
      [...params, page.limit, page.offset] as never[],
      PREPARED,
    ),
    sql.unsafe<{ total: number }[]>(`${MATCHED} select count(*)::int as total from matched m where ${theirs}`, params, PREPARED),
  ]);

  const jobs = rows.length === 0 ? [] : await jobsOf(sql, rows);
  const byRo = new Map<string, ServiceVisitJob[]>();
  for (const j of jobs) {
    const key = `${j.locationId}/${j.roNumber}`;
    const list = byRo.get(key) ?? [];
    list.push(j.job);
    byRo.set(key, list);
  }
  const dataSet = rows.map((r): ServiceVisitView => {
    const visitJobs = byRo.get(`${r.locationId}/${r.roNumber}`) ?? [];
    const matchedBy: ServiceVisitMatch[] = [];
    if (r.byEmail) matchedBy.push('email');
    if (r.byPhone) matchedBy.push('phone');
    if (r.byStaff) matchedBy.push('staff');
    return {
      roNumber: r.roNumber,
      locationId: r.locationId,
      locationName: r.locationName,
      openDate: r.openDate,
      closeDate: r.closeDate,
      inProgress: r.closeDate === null,
      vin: r.vin,
      mileage: r.mileage,
      advisorName: fullName({ firstName: r.advisorFirstName, lastName: r.advisorLastName }) || null,
      jobs: visitJobs,
      total: cents(visitJobs.reduce((s, j) => s + j.total, 0)),
      customerPayTotal: cents(visitJobs.filter((j) => j.laborType === 'C').reduce((s, j) => s + j.total, 0)),
      matchedBy,
    };
  });
  return { dataSet, metaData: { total: count!.total, limit: page.limit, offset: page.offset } };
}

async function jobsOf(sql: Sql, ros: readonly { locationId: number; roNumber: string }[]) {
  const rows = await sql<{ locationId: number; roNumber: string; jobId: number; opCode: string; opCodeDesc: string | null; serviceRequest: string | null; laborType: ServiceVisitJob['laborType']; totalCents: string }[]>`
    select j.location_id as "locationId", j.ro_number as "roNumber", j.job_id as "jobId", j.op_code as "opCode",
      j.op_code_desc as "opCodeDesc", j.service_request as "serviceRequest", j.labor_type as "laborType",
      ((j.parts_sale + j.labor_sale + j.misc_sale) * 100)::bigint::text as "totalCents"
    from ref.ro_jobs j
    join unnest(${ros.map((r) => r.locationId)}::int[], ${ros.map((r) => r.roNumber)}::text[]) as k(location_id, ro_number)
      on j.location_id = k.location_id and j.ro_number = k.ro_number
    order by j.line_no nulls last, j.job_id`;
  return rows.map((j) => ({
    locationId: j.locationId,
    roNumber: j.roNumber,
    job: {
      jobId: j.jobId,
      opCode: j.opCode,
      description: j.opCodeDesc ?? j.serviceRequest,
      serviceRequest: j.serviceRequest,
      laborType: j.laborType,
      total: cents(Number(j.totalCents)),
    } satisfies ServiceVisitJob,
  }));
}
