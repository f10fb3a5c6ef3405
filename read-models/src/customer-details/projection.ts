/** Read model `customer-details`: one full customer record, for GET /api/customers/{id}. */
import type { Projection } from '../projection';
import { ident } from '../projection';
import { CUSTOMER_EVENTS, customerIdsOf, foldCustomerEvents, type CustomerRow } from './customer-fold';

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

  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.customers`;
    const ids = customerIdsOf(events);
    const existing = await tx.unsafe<CustomerRow[]>(
      `select customer_id::text, first_name, last_name, email_address, phone_mobile, phone_other, address, address2, city,
        state, zip, is_tax_exempt, verify_redemptions, is_registered, is_email_validated, is_phone_validated, pending_email,
        pending_phone, personal_data_erased, revision, created_date, modified_date, marketing_email, marketing_sms
       from ${table} where customer_id = any($1::uuid[])`,
      [ids],
    );
    const rows = new Map(existing.map((r) => [r.customer_id, r]));
    const touched = foldCustomerEvents(rows, events);
    if (touched.size === 0) return;
    const changed = [...touched].map((id) => rows.get(id)!);
    await tx.unsafe(
      `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)
       on conflict (customer_id) do update set
        first_name = excluded.first_name, last_name = excluded.last_name, email_address = excluded.email_address,
        phone_mobile = excluded.phone_mobile, phone_other = excluded.phone_other, address = excluded.address,
        address2 = excluded.address2, city = excluded.city, state = excluded.state, zip = excluded.zip,
        is_tax_exempt = excluded.is_tax_exempt, verify_redemptions = excluded.verify_redemptions,
        is_registered = excluded.is_registered, is_email_validated = excluded.is_email_validated,
        is_phone_validated = excluded.is_phone_validated, pending_email = excluded.pending_email,
        pending_phone = excluded.pending_phone, personal_data_erased = excluded.personal_data_erased,
        marketing_email = excluded.marketing_email, marketing_sms = excluded.marketing_sms,
        revision = excluded.revision, modified_date = excluded.modified_date`,
      [changed as unknown as string],
    );
  },
};
