/**
 * Erasure reaches the DMS copies (issue 10, item 8). The repair orders keep a copy of the
 * customer's name, e-mail, phones and address as the DMS exported them; when a CRM customer's
 * personal data is erased, the repair orders that are theirs are masked (those fields set to
 * null / no phones) and remembered by key in `ref.erased_repair_orders`, so importing the same
 * DMS rows again keeps them masked (merge.ts masks them in the staging table before the merge).
 *
 * An RO is the customer's when its e-mail equals one of the customer's e-mail addresses
 * (current or pending, lower-case), or one of its phones equals one of the customer's phones
 * (mobile, other or pending; 10 digits): the same rule that links an RO to CRM customers
 * (query-api read-models/repair-orders.ts). A household phone shared with someone else masks
 * that person's RO too: erasure errs on the side of removing.
 */
import type { Sql } from '@dealer/platform/db/postgres';

/** The RO columns that hold the customer's personal data, and their masked values. */
export const MASKED_CUSTOMER_COLUMNS: Record<string, string> = {
  customer_email: 'null',
  customer_phones: "'{}'",
  customer_address: 'null',
  customer_address2: 'null',
  customer_city: 'null',
  customer_state: 'null',
  customer_zip: 'null',
  customer_first_name: 'null',
  customer_last_name: 'null',
};

/** `column = masked, ...` for an UPDATE's SET. */
const MASKED_ASSIGNMENTS = Object.entries(MASKED_CUSTOMER_COLUMNS)
  .map(([column, value]) => `${column} = ${value}`)
  .join(', ');

/** Lower-case e-mails and 10-digit phones of a customer, as the DMS tables store them. */
export function dmsContactsOf(contacts: { emails: Iterable<string | null | undefined>; phones: Iterable<string | null | undefined> }) {
  const emails = new Set<string>();
  for (const e of contacts.emails) if (e && e.trim()) emails.add(e.trim().toLowerCase());
  const phones = new Set<string>();
  for (const p of contacts.phones) {
    let digits = (p ?? '').replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    if (digits.length === 10) phones.add(digits);
  }
  return { emails: [...emails], phones: [...phones] };
}

/**
 * Masks the customer details of every repair order of the customer with these contacts and
 * remembers those ROs. Waits for a running import (the importer's lock), so an import cannot
 * write the clear values back after the masking. Answers how many ROs were masked. Idempotent.
 */
export async function maskErasedCustomerRepairOrders(sql: Sql, contacts: { emails: string[]; phones: string[] }): Promise<number> {
  const { emails, phones } = dmsContactsOf(contacts);
  if (emails.length === 0 && phones.length === 0) return 0;
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('dms-import'))`;
    const theirs = `customer_email = any($1::text[]) or customer_phones && $2::text[]`;
    await tx.unsafe(
      `insert into ref.erased_repair_orders (location_id, ro_number)
       select location_id, ro_number from ref.repair_orders where ${theirs}
       on conflict do nothing`,
      [emails, phones] as never[],
    );
    const masked = await tx.unsafe(`update ref.repair_orders set ${MASKED_ASSIGNMENTS} where ${theirs}`, [emails, phones] as never[]);
    return masked.count;
  });
}

/** Masks staged repair orders that were masked by an erasure (the importer, before its merge). */
export async function maskStagedErasedRepairOrders(tx: Sql): Promise<void> {
  await tx.unsafe(`
    update dms_stage s set ${MASKED_ASSIGNMENTS}
    from ref.erased_repair_orders e
    where s.kind = 'R' and e.location_id = s.location_id and e.ro_number = s.ro_number`);
}
