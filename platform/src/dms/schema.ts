/**
 * Reference tables of the dealership's DMS (schema `ref`): locations, repair orders, their
 * jobs and accounting postings. They are imported from DMS exports, not built from events:
 * the DMS is the system of record for them (docs/decisions/0028-ro-reference-data.md).
 *
 * DMS dates are the dealership's wall-clock times, so they are `timestamp` (no time zone).
 * Children carry no foreign key to their repair order: the importer always writes them with
 * their parent, and bulk loads stay fast.
 */
import type { Migration } from '../db/migrate';

export const DMS_MIGRATIONS: readonly Migration[] = [
  {
    id: '0100_dms_reference_tables',
    sql: /* sql */ `
create schema if not exists ref;

create table if not exists ref.locations (
  location_id integer primary key,
  location_name text not null,
  loc_id text not null,
  is_using_crm boolean not null default false
);

create table if not exists ref.repair_orders (
  location_id integer not null,
  ro_number text not null,
  dept_id text,
  vin text,
  mileage integer,
  customer_email text,
  customer_phones text[] not null default '{}',
  customer_address text,
  customer_address2 text,
  customer_city text,
  customer_state text,
  customer_zip text,
  customer_first_name text,
  customer_last_name text,
  advisor_first_name text,
  advisor_last_name text,
  sold_hours numeric(9,2),
  sold_hours_customer numeric(9,2),
  sold_hours_internal numeric(9,2),
  sold_hours_warranty numeric(9,2),
  advisor_department text,
  advisor_team text,
  open_date timestamp not null,
  promise_date timestamp,
  close_date timestamp,
  void_date timestamp,
  imported_at timestamptz not null default now(),
  primary key (location_id, ro_number)
);
-- RO-number search across locations; customer lookups by e-mail (stored lower-case) and by
-- any phone (stored as 10 digits).
create index if not exists repair_orders_ro_number on ref.repair_orders (ro_number);
create index if not exists repair_orders_customer_email on ref.repair_orders (customer_email) where customer_email is not null;
create index if not exists repair_orders_customer_phones on ref.repair_orders using gin (customer_phones);

create table if not exists ref.ro_jobs (
  location_id integer not null,
  ro_number text not null,
  job_id integer not null,
  line_code text,
  line_no integer,
  op_code text not null,
  op_code_desc text,
  labor_type char(1) not null check (labor_type in ('C', 'W', 'I')),
  parts_cost numeric(12,2) not null default 0,
  parts_sale numeric(12,2) not null default 0,
  parts_gross numeric(12,2) not null default 0,
  labor_cost numeric(12,2) not null default 0,
  labor_sale numeric(12,2) not null default 0,
  labor_gross numeric(12,2) not null default 0,
  misc_cost numeric(12,2) not null default 0,
  misc_sale numeric(12,2) not null default 0,
  misc_gross numeric(12,2) not null default 0,
  valid_report_flag boolean,
  sold_hours numeric(9,2),
  service_request text,
  tech_no text,
  upsell_flag boolean,
  host_item_id text,
  tech_nos text[] not null default '{}',
  primary key (location_id, ro_number, job_id)
);

create table if not exists ref.accounting_details (
  cdk_accounting_details_id bigint primary key,
  location_id integer not null,
  ro_number text not null,
  location_name text,
  location_short_name text,
  account_number text not null,
  accounting_date date not null,
  group_name text,
  detail_description text,
  posting_amount numeric(12,2) not null,
  posting_sequence integer,
  posting_time timestamp,
  modified_date timestamp,
  journal_id text
);
create index if not exists accounting_details_ro on ref.accounting_details (location_id, ro_number);
`,
  },
  {
    // Repair orders whose customer details were masked because the customer's personal data
    // was erased (dms/erasure.ts): an import keeps them masked. Keys only, no personal data.
    id: '0101_dms_erased_repair_orders',
    sql: /* sql */ `
create table if not exists ref.erased_repair_orders (
  location_id integer not null,
  ro_number text not null,
  erased_at timestamptz not null default now(),
  primary key (location_id, ro_number)
);`,
  },
  {
    // The product's own settings of a location (issue 11), imported with the locations like
    // isUsingCrm: its IANA time zone (coupons expire at the end of the local day; a location
    // without one cannot sell) and its sales tax rate on packs in basis points (0-3000).
    id: '0102_location_time_zone_and_tax',
    sql: /* sql */ `
alter table ref.locations add column if not exists time_zone text;
alter table ref.locations add column if not exists sales_tax_rate_bp integer not null default 0
  check (sales_tax_rate_bp between 0 and 3000);`,
  },
  {
    // Issue 13: the address a location's customer contact form messages go to (the product's
    // own setting; the import leaves it as it is). Without one the location takes no messages.
    id: '0103_location_contact_email',
    sql: /* sql */ `alter table ref.locations add column if not exists contact_email text;`,
  },
  {
    // Issue 23: RO search by advisor, dates, status, VIN and customer name
    // (read-models/src/repair-order-search). Each list is read per location, newest first, so
    // every index leads with the location and ends with the date the list is sorted by; open
    // and voided ROs are few and get partial indexes; a VIN is found by its last characters.
    id: '0104_repair_order_search',
    sql: /* sql */ `
create index if not exists repair_orders_search_opened on ref.repair_orders (location_id, open_date desc, ro_number desc);
create index if not exists repair_orders_search_closed on ref.repair_orders (location_id, close_date desc, ro_number desc) where close_date is not null;
create index if not exists repair_orders_search_open on ref.repair_orders (location_id, open_date desc, ro_number desc) where close_date is null and void_date is null;
create index if not exists repair_orders_search_voided on ref.repair_orders (location_id, open_date desc, ro_number desc) where void_date is not null;
create index if not exists repair_orders_search_advisor on ref.repair_orders (location_id, lower(advisor_last_name), open_date desc, ro_number desc);
create index if not exists repair_orders_search_customer on ref.repair_orders (location_id, lower(customer_last_name), open_date desc, ro_number desc);
create index if not exists repair_orders_search_vin on ref.repair_orders (reverse(upper(vin)) text_pattern_ops) where vin is not null;`,
  },
  {
    // Issue 22: a redemption and a paper book's sale find their RO by its number whatever its
    // case or surrounding spaces (upper(trim(ro_number))); without an index on that expression
    // each look-up read every RO of the table (37 ms at 40,000 ROs in the load bench, the
    // redemption's slowest step).
    id: '0105_repair_order_number_lookup',
    sql: /* sql */ `
create index if not exists repair_orders_number_normalized on ref.repair_orders (location_id, upper(trim(ro_number)));`,
  },
];
