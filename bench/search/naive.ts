/**
 * The naive baseline: the same searches as a plain ILIKE '%term%' over the same tables, the
 * way a first version without normalised columns would do it (sequential scans). One client,
 * straight SQL (no HTTP), a few samples per kind: it is slow enough that more would not fit.
 */
import type { Sql } from '@dealer/platform';
import { LatencyRecorder } from '../lib/stats';

export type SearchKind = 'phone' | 'e-mail' | 'name' | 'last name' | 'RO number';

const SELECT = `select c.customer_id, c.first_name, c.last_name, c.email_address, c.phone_mobile from rm_customer_search.customers c`;
const ORDER = `order by c.last_name, c.first_name, c.customer_id limit 50`;

const NAIVE_SQL: Record<SearchKind, string> = {
  phone: `${SELECT} where c.phone_mobile ilike $1 or c.phone_other ilike $1 ${ORDER}`,
  'e-mail': `${SELECT} where c.email_address ilike $1 ${ORDER}`,
  name: `${SELECT} where (c.first_name || ' ' || c.last_name) ilike $1 ${ORDER}`,
  'last name': `${SELECT} where (c.first_name || ' ' || c.last_name) ilike $1 ${ORDER}`,
  // Customers are matched on the normalised columns (indexed): only the RO lookup is naive.
  'RO number': `select c.customer_id, r.ro_number, l.location_name from ref.repair_orders r
    join ref.locations l on l.location_id = r.location_id
    join rm_customer_search.customers c on (r.customer_email is not null and c.email_norm = r.customer_email)
      or c.phone_digits = any(r.customer_phones) or c.phone_other_digits = any(r.customer_phones)
    where r.ro_number ilike $1 order by r.open_date desc limit 50`,
};

/** What the naive query looks for: the phone's digits, else the term as typed. */
const pattern = (kind: SearchKind, term: string) => `%${kind === 'phone' ? term.replace(/\D/g, '') : term}%`;

export async function runNaive(sql: Sql, kind: SearchKind, terms: readonly string[]): Promise<LatencyRecorder> {
  const latency = new LatencyRecorder();
  for (const term of terms) {
    const started = performance.now();
    await sql.unsafe(NAIVE_SQL[kind], [pattern(kind, term)]);
    latency.add(performance.now() - started);
  }
  return latency;
}
