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

async function searchCustomerRecords(sql: Sql, term: string, limit: number): Promise<CustomerSearchResult[]> {
  const { type, value } = classifySearchTerm(term);
  const prefix = likePrefix(value);
  const where =
    type === 'Email'
      ? sql`email_norm like ${prefix}`
      : type === 'Phone'
        ? sql`(phone_digits like ${prefix} or phone_other_digits like ${prefix})`
        : sql`(first_name_norm like ${prefix} or last_name_norm like ${prefix} or full_name_norm like ${prefix})`;
  return sql<CustomerSearchResult[]>`
    select customer_id as "customerId", first_name as "firstName", last_name as "lastName",
      email_address as "emailAddress", ${type} as "searchType", null as "soldDMSNumber",
      null as "soldLocationName", null as "soldDate", phone_mobile as "phoneMobile"
    from rm_customer_search.customers where ${where}
    order by last_name_norm, first_name_norm, customer_id limit ${limit}`;
}
