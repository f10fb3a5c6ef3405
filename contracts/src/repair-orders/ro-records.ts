/** Records the RO endpoints answer (SPEC 3), shared by the query API and the web client. */

/** A location (SPEC 3); only those flagged isUsingCrm are offered in forms. */
export interface Location {
  locationId: number;
  locationName: string;
  locId: string;
  isUsingCrm: boolean;
}

/** A CRM customer matching an RO's customer (GET /api/ro-data findCustomers=1, Customers On RO). */
export interface RoCustomer {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** SPEC 3 customer-info-from-RO record (no identifier): prefills a new customer. */
export interface CustomerInfoFromRo {
  roNumber: string;
  locationId: number;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  isTaxExempt: boolean;
}
