/** Read model `customer-details`: one full customer record, for GET /api/customers/{id}. */
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';
import { columnArrays, copyRows, unnestSelect, type ColumnSpec } from '../row-arrays';
import { applyCustomerBatch, BulkCustomerRows, type CustomerRowsIo } from './bulk-customer-rows';
import { CUSTOMER_EVENTS, type CustomerRow } from './customer-fold';

/** The table's columns in order, with their types (the rows travel as one array per column). */
const COLUMNS: readonly ColumnSpec<CustomerRow>[] = [
  { name: 'customer_id', type: 'uuid' },
  ...(['first_name', 'last_name', 'email_address', 'phone_mobile', 'phone_other', 'address', 'address2', 'city', 'state', 'zip'] as const).map((name) => ({ name, type: 'text' })),
  ...(['is_tax_exempt', 'verify_redemptions', 'is_registered', 'is_email_validated', 'is_phone_validated'] as const).map((name) => ({ name, type: 'boolean' })),
  { name: 'pending_email', type: 'text' },
  { name: 'pending_phone', type: 'text' },
  { name: 'personal_data_erased', type: 'boolean' },
  { name: 'revision', type: 'integer' },
  { name: 'created_date', type: 'timestamptz' },
  { name: 'modified_date', type: 'timestamptz' },
  { name: 'marketing_email', type: 'boolean' },
  { name: 'marketing_sms', type: 'boolean' },
];
const COLUMN_LIST = COLUMNS.map((c) => c.name).join(', ');
/** What a batch loads of a stored row: every column, the id as text (the rows are keyed by it). */
const LOADED = COLUMNS.map((c) => (c.name === 'customer_id' ? 'customer_id::text' : c.name)).join(', ');
const UPDATED = COLUMNS.filter((c) => c.name !== 'customer_id' && c.name !== 'created_date')
  .map((c) => `${c.name} = excluded.${c.name}`)
  .join(', ');

export const customerDetails: Projection = {
  name: 'customer_details',
  schema: 'rm_customer_details',
  handles: CUSTOMER_EVENTS,

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.customers (
        customer_id uuid primary key,
        first_name text, last_name text, email_address text, phone_mobile text, phone_other text,
        address text, address2 text, city text, state text, zip text,
        is_tax_exempt boolean not null, verify_redemptions boolean not null, is_registered boolean not null,
        is_email_validated boolean not null, is_phone_validated boolean not null,
        pending_email text, pending_phone text, personal_data_erased boolean not null,
        revision integer not null, created_date timestamptz not null, modified_date timestamptz not null
      );
      alter table ${ident(schema)}.customers add column if not exists marketing_email boolean not null default true;
      alter table ${ident(schema)}.customers add column if not exists marketing_sms boolean not null default false`);
  },

  applyBatch: (tx, schema, events) => applyCustomerBatch(rowsIo(schema), tx, events),

  bulkApplier: (schema) => new BulkCustomerRows(rowsIo(schema)),
};

/** Loading and writing the rows of the table in `schema`. */
function rowsIo(schema: string): CustomerRowsIo {
  const table = `${ident(schema)}.customers`;
  return {
    load: (tx, ids) => tx.unsafe<CustomerRow[]>(`select ${LOADED} from ${table} where customer_id = any($1::uuid[])`, [ids], PREPARED),
    async write(tx, rows) {
      await tx.unsafe(
        `insert into ${table} (${COLUMN_LIST}) ${unnestSelect(COLUMNS)}
         on conflict (customer_id) do update set ${UPDATED}`,
        columnArrays(COLUMNS, rows) as never[],
        PREPARED,
      );
    },
    insert: (tx, rows) => copyRows(tx, table, COLUMNS, rows),
  };
}
