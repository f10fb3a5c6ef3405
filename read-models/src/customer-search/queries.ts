/**
 * Query of the `customer-search` read model: what a staff member types decides the kind of
 * search: an e-mail (has '@'), a phone in any format (digits with punctuation), else a name.
 * A term that looks like an RO number (roNumberSearchTerm) also finds the customers on the
 * ROs with that number (searchType 'RO'), listed first.
 */
import { digitsOnly, type CustomerSearchResult, type CustomerSearchType } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { roNumberSearchTerm, searchCustomersByRoNumber } from './repair-orders';

export const CUSTOMER_SEARCH = 'customer_search';
const LIMIT = 50;

export function classifySearchTerm(term: string): { type: CustomerSearchType; value: string } {
  const trimmed = term.trim();
  if (trimmed.includes('@')) return { type: 'Email', value: trimmed.toLowerCase() };
  if (/^[\d\s().+-]+$/.test(trimmed) && digitsOnly(trimmed).length >= 2) {
    let digits = digitsOnly(trimmed);
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    return { type: 'Phone', value: digits };
  }
  return { type: 'Name', value: trimmed.toLowerCase().replace(/\s+/g, ' ') };
}

/** Escapes LIKE wildcards in a prefix typed by a person. */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchCustomers(sql: Sql, term: string): Promise<CustomerSearchResult[]> {
  const roNumber = roNumberSearchTerm(term);
  const roHits = roNumber ? await searchCustomersByRoNumber(sql, roNumber, LIMIT) : [];
  if (roHits.length >= LIMIT) return roHits;
  const others = await searchCustomerRecords(sql, term, LIMIT - roHits.length);
  return roHits.length ? [...roHits, ...others] : others;
}

const RESULT_COLUMNS = (type: CustomerSearchType) => `customer_id as "customerId", first_name as "firstName", last_name as "lastName",
  email_address as "emailAddress", '${type}' as "searchType", null as "soldDMSNumber", null as "soldLocationName",
  null as "soldDate", phone_mobile as "phoneMobile"`;

async function searchCustomerRecords(sql: Sql, term: string, limit: number): Promise<CustomerSearchResult[]> {
  const { type, value } = classifySearchTerm(term);
  const prefix = likePrefix(value);
  if (type === 'Name') return searchByName(sql, prefix, limit);
  const where = type === 'Email' ? sql`email_norm like ${prefix}` : sql`(phone_digits like ${prefix} or phone_other_digits like ${prefix})`;
  return sql<CustomerSearchResult[]>`
    select ${sql.unsafe(RESULT_COLUMNS(type))}
    from rm_customer_search.customers where ${where}
    order by last_name_norm, first_name_norm, customer_id limit ${limit}`;
}

/**
 * Last-name matches first (by last, first name), then the other customers whose full name
 * ('first last') starts with the term (by full name): that covers first names and 'first last'.
 * Each part is an ordered index range read that stops at the limit (customers_last_sorted,
 * customers_full_sorted, C collation).
 */
function searchByName(sql: Sql, prefix: string, limit: number): Promise<CustomerSearchResult[]> {
  return sql<CustomerSearchResult[]>`
    select "customerId", "firstName", "lastName", "emailAddress", "searchType", "soldDMSNumber", "soldLocationName", "soldDate", "phoneMobile"
    from (
      (select ${sql.unsafe(RESULT_COLUMNS('Name'))}, 0 as part, last_name_norm collate "C" as k1, first_name_norm collate "C" as k2, customer_id as k3
         from rm_customer_search.customers where last_name_norm collate "C" like ${prefix}
        order by last_name_norm collate "C", first_name_norm collate "C", customer_id limit ${limit})
      union all
      (select ${sql.unsafe(RESULT_COLUMNS('Name'))}, 1, full_name_norm collate "C", '', customer_id
         from rm_customer_search.customers
        where full_name_norm collate "C" like ${prefix} and not (last_name_norm collate "C" like ${prefix})
        order by full_name_norm collate "C", customer_id limit ${limit})
    ) hits
    order by part, k1, k2, k3 limit ${limit}`;
}

/** Whether another customer than `customerId` has this e-mail (lower case) on file. */
export async function emailUsedByOtherCustomer(sql: Sql, customerId: string, email: string): Promise<boolean> {
  return (await sql`select 1 from rm_customer_search.customers where email_norm = ${email} and customer_id <> ${customerId}`).length > 0;
}

/** Whether another customer than `customerId` has this mobile number (digits) on file. */
export async function phoneUsedByOtherCustomer(sql: Sql, customerId: string, phoneDigits: string): Promise<boolean> {
  return (await sql`select 1 from rm_customer_search.customers where phone_digits = ${phoneDigits} and customer_id <> ${customerId}`).length > 0;
}
