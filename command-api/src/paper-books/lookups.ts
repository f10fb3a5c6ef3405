/**
 * What the paper-book commands look up before deciding (issue 12): the book's sale RO in the
 * DMS reference tables (its open date is the book's sale date) and the converting customer
 * (their stream: the source of truth for e-mail, account and Tax Exempt switch). The book's
 * stream, the pack, the location and the redeeming RO come from the digital redemption's and
 * the pack sale's lookups.
 */
import { customerStreamId, type LocalDate } from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';

export interface BookSaleRo {
  roNumber: string;
  /** The RO's open date: DMS times are the store's wall clock, so its date part is the local date. */
  openedOn: LocalDate;
}

/** The book's sale RO at the location (its number matched whatever its case or spaces); null when the DMS data has none. */
export async function loadBookSaleRo(sql: Sql, locationId: number, roNumber: string): Promise<BookSaleRo | null> {
  const [row] = await sql<{ ro_number: string; opened_on: string }[]>`
    select ro_number, to_char(open_date, 'YYYY-MM-DD') as opened_on from ref.repair_orders
    where location_id = ${locationId} and upper(trim(ro_number)) = ${roNumber}
    order by ro_number limit 1`;
  return row ? { roNumber: row.ro_number.trim().toUpperCase(), openedOn: row.opened_on } : null;
}

export interface ConvertingCustomer {
  customerId: string;
  taxExempt: boolean;
  hasEmail: boolean;
  isRegistered: boolean;
}

/** The customer a book converts to; null when there is no such (active) customer. */
export async function loadConvertingCustomer(store: EventStore, customerId: string): Promise<ConvertingCustomer | null> {
  const state = (await load(store, customerStreamId(customerId), customerDecider)).state;
  if (state.status !== 'active') return null;
  return { customerId, taxExempt: state.profile.isTaxExempt === true, hasEmail: Boolean(state.profile.emailAddress), isRegistered: state.isRegistered };
}
