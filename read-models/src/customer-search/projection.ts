/**
 * Read model `customer-search`: names, e-mail and phones normalised for the staff lookup
 * (GET /api/customer-search): lower-case names and e-mail, phone digits only.
 */
import { digitsOnly } from '@dealer/contracts';
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';
import { columnArrays, copyRows, mapped, unnestSelect, type ColumnSpec } from '../row-arrays';
import { applyCustomerBatch, BulkCustomerRows, type CustomerRowsIo } from '../customer-details/bulk-customer-rows';
import type { CustomerRow } from '../customer-details/customer-fold';

type SearchRow = Pick<CustomerRow, 'customer_id' | 'first_name' | 'last_name' | 'email_address' | 'phone_mobile' | 'phone_other' | 'created_date'> & {
  first_name_norm: string;
  last_name_norm: string;
  full_name_norm: string;
  email_norm: string;
  phone_digits: string;
  phone_other_digits: string;
};

/** The table's columns in order, with their types (the rows travel as one array per column). */
const COLUMNS: readonly ColumnSpec<SearchRow>[] = [
  { name: 'customer_id', type: 'uuid' },
  ...(
    ['first_name', 'last_name', 'email_address', 'phone_mobile', 'phone_other', 'first_name_norm', 'last_name_norm', 'full_name_norm', 'email_norm', 'phone_digits', 'phone_other_digits'] as const
  ).map((name) => ({ name, type: 'text' })),
  { name: 'created_date', type: 'timestamptz' },
];
const UPDATED = COLUMNS.filter((c) => c.name !== 'customer_id' && c.name !== 'created_date')
  .map((c) => `${c.name} = excluded.${c.name}`)
  .join(', ');

const norm = (s: string | null) => (s ?? '').trim().toLowerCase();

/**
 * The customer events that can change a search row: its columns are the names, the e-mail and the
 * phones. The stream's other events (registration, consent, a change requested or declined, the
 * messages sent) are not read for it (issue 22: filtered before they are read); a confirmed change
 * carries its new value.
 */
export const SEARCH_EVENTS: ReadonlySet<string> = new Set(['CustomerCreated', 'CustomerEdited', 'CustomerContactChangeConfirmed', 'CustomerPersonalDataErased']);
/** The columns a search row's other columns follow from: an upsert that changes none of them writes nothing. */
const SOURCE_COLUMNS = ['first_name', 'last_name', 'email_address', 'phone_mobile', 'phone_other'] as const;
const CHANGED = `(${SOURCE_COLUMNS.map((c) => `customers.${c}`).join(', ')}) is distinct from (${SOURCE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;

export const customerSearch: Projection = {
  name: 'customer_search',
  schema: 'rm_customer_search',
  handles: SEARCH_EVENTS,

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.customers (
        customer_id uuid primary key,
        first_name text, last_name text, email_address text, phone_mobile text, phone_other text,
        first_name_norm text not null, last_name_norm text not null, full_name_norm text not null,
        email_norm text not null, phone_digits text not null, phone_other_digits text not null,
        created_date timestamptz not null
      )`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // E-mail and phones: prefix and equality lookups (text_pattern_ops). Names: btree in the C
    // collation, which serves both the prefix range and the result order, so a name search reads
    // its first 50 rows in order and stops (a common last name no longer sorts thousands).
    await tx.unsafe(`
      create index if not exists customers_email on ${s}.customers (email_norm text_pattern_ops);
      create index if not exists customers_phone on ${s}.customers (phone_digits text_pattern_ops);
      create index if not exists customers_phone_other on ${s}.customers (phone_other_digits text_pattern_ops);
      create index if not exists customers_last_sorted on ${s}.customers (last_name_norm collate "C", first_name_norm collate "C", customer_id);
      create index if not exists customers_full_sorted on ${s}.customers (full_name_norm collate "C", customer_id);
      drop index if exists ${s}.customers_first;
      drop index if exists ${s}.customers_last;
      drop index if exists ${s}.customers_full;`);
  },

  applyBatch: (tx, schema, events) => applyCustomerBatch(rowsIo(schema), tx, events),

  bulkApplier: (schema) => new BulkCustomerRows(rowsIo(schema)),
};

/** The search row of a folded customer row: the columns it keeps, and their normalised forms. */
function searchRow(r: CustomerRow): SearchRow {
  return {
    customer_id: r.customer_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email_address: r.email_address,
    phone_mobile: r.phone_mobile,
    phone_other: r.phone_other,
    first_name_norm: norm(r.first_name),
    last_name_norm: norm(r.last_name),
    full_name_norm: `${norm(r.first_name)} ${norm(r.last_name)}`.trim(),
    email_norm: norm(r.email_address),
    phone_digits: digitsOnly(r.phone_mobile),
    phone_other_digits: digitsOnly(r.phone_other),
    created_date: r.created_date,
  };
}

/**
 * Loading and writing the rows of the table in `schema`. A loaded row has only the columns this
 * table keeps; the fold needs no more of it (it writes the rest from the events).
 */
function rowsIo(schema: string): CustomerRowsIo {
  const table = `${ident(schema)}.customers`;
  return {
    load: (tx, ids) =>
      tx.unsafe<CustomerRow[]>(
        `select customer_id::text, first_name, last_name, email_address, phone_mobile, phone_other, created_date
         from ${table} where customer_id = any($1::uuid[])`,
        [ids],
        PREPARED,
      ),
    async write(tx, rows) {
      await tx.unsafe(
        `insert into ${table} (${COLUMNS.map((c) => c.name).join(', ')}) ${unnestSelect(COLUMNS)}
         on conflict (customer_id) do update set ${UPDATED} where ${CHANGED}`,
        columnArrays(COLUMNS, rows.map(searchRow)) as never[],
        PREPARED,
      );
    },
    insert: (tx, rows) => copyRows(tx, table, COLUMNS, mapped(rows, searchRow)),
  };
}
