// Repair orders of a demo customer that the verification browser tests can use: with jobs, at a location
// using the CRM (the only ones the location selector offers), the customer verifying their redemptions.
import type { TestServer } from '@dealer/launcher/testing/test-server';

export interface VerifiableRo {
  roNumber: string;
  locationId: number;
  locationName: string;
  customerId: string;
}

/** The first `count` such ROs of the customer with e-mail `email`, by location and RO number; throws when fewer. */
export async function verifiableRos(server: TestServer, email: string, count: number): Promise<VerifiableRo[]> {
  const rows = await server.product.sql<VerifiableRo[]>`
    select r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName", c.customer_id::text as "customerId"
    from ref.repair_orders r
    join ref.locations l on l.location_id = r.location_id and l.is_using_crm
    join rm_customer_details.customers c on c.email_address = r.customer_email and c.verify_redemptions
    where r.customer_email = ${email}
      and exists (select 1 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number)
    order by r.location_id, r.ro_number limit ${count}`;
  if (rows.length < count) throw new Error(`Demo customer ${email} needs ${count} ROs with jobs at CRM locations, found ${rows.length}`);
  return rows;
}
