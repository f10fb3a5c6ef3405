/** Queries of the `customer-details` read model (its tables: ./projection.ts). */
import type { Customer } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export const CUSTOMER_DETAILS = 'customer_details';

export async function getCustomer(sql: Sql, customerId: string): Promise<(Customer & { revision: number }) | null> {
  const [row] = await sql<(Customer & { revision: number; marketingEmail?: boolean; marketingSms?: boolean })[]>`
    select customer_id as "customerId", first_name as "firstName", last_name as "lastName", address, address2, city,
      state, zip, email_address as "emailAddress", is_email_validated as "isEmailValidated",
      phone_mobile as "phoneMobile", is_phone_validated as "isPhoneValidated", phone_other as "phoneOther",
      created_date as "createdDate", modified_date as "modifiedDate", false as "isEmployee",
      is_registered as "isRegistered", null as "registrationUrl",
      (email_address is null) as "noValidEmailFlag", is_tax_exempt as "isTaxExempt",
      verify_redemptions as "verifyRedemptions", pending_email as "pendingEmail", pending_phone as "pendingPhone",
      personal_data_erased as "personalDataErased", revision,
      marketing_email as "marketingEmail", marketing_sms as "marketingSms"
    from rm_customer_details.customers where customer_id = ${customerId}`;
  if (!row) return null;
  // Issue 24: the consent to coupon reminders per channel.
  const { marketingEmail, marketingSms, ...customer } = row;
  return { ...customer, marketingConsent: { email: marketingEmail === true, sms: marketingSms === true } };
}

export interface CustomerNameAndEmail {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
}

/** A customer's name and email address (registration, sign-in's token payload), or null when unknown. */
export async function customerNameAndEmail(sql: Sql, customerId: string): Promise<CustomerNameAndEmail | null> {
  const [row] = await sql<CustomerNameAndEmail[]>`
    select first_name as "firstName", last_name as "lastName", email_address as "emailAddress"
    from rm_customer_details.customers where customer_id = ${customerId}`;
  return row ?? null;
}
