/**
 * Possible matches of an entered customer (SPEC 4 'Customer validation before creation'):
 * same e-mail (any case), same mobile or other phone, or the same 'first last' name (any case).
 * A query of the customer-search read model: the same data staff search (command-api calls it
 * before creating a customer).
 */
import type { CustomerMatch, CustomerProfile } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export async function findMatches(sql: Sql, p: Pick<CustomerProfile, 'firstName' | 'lastName' | 'emailAddress' | 'phoneMobile' | 'phoneOther'>): Promise<CustomerMatch[]> {
  const email = p.emailAddress?.toLowerCase() ?? null;
  const phones = [p.phoneMobile, p.phoneOther].filter((x): x is string => Boolean(x));
  const name = `${p.firstName} ${p.lastName}`.trim().toLowerCase();
  return sql<CustomerMatch[]>`
    select customer_id as "customerId", first_name as "firstName", last_name as "lastName", email_address as "emailAddress",
      phone_mobile as "phoneMobile", phone_other as "phoneOther"
    from rm_customer_search.customers
    where ${email ? sql`email_norm = ${email} or` : sql``}
      ${phones.length > 0 ? sql`phone_digits = any(${phones}) or phone_other_digits = any(${phones}) or` : sql``}
      full_name_norm collate "C" = ${name}
    order by last_name_norm, first_name_norm limit 25`;
}
