/** Records the RO endpoints answer (SPEC 3), shared by the query API and the web client. */

/** RO input / dialog result (SPEC 3): which RO, at which location. */
export interface RoInput {
  roNumber: string;
  locationId: number;
}

/** SPEC 5 RO number rules: both are required, in the client's form and on the server. */
export const RO_INPUT_MESSAGES = {
  roNumberRequired: 'RO Number is required',
  locationRequired: 'Location is required',
} as const;

/** C customer pay, W warranty, I internal. */
export type LaborType = 'C' | 'W' | 'I';

export const LABOR_TYPES: Record<LaborType, string> = { C: 'Customer pay', W: 'Warranty', I: 'Internal' };

/** SPEC 3 RO job. */
export interface RoJob {
  jobId: number;
  lineCode: string | null;
  lineNo: number | null;
  opCode: string;
  opCodeDesc: string | null;
  laborType: LaborType;
  partsCost: number;
  partsSale: number;
  partsGross: number;
  laborCost: number;
  laborSale: number;
  laborGross: number;
  miscCost: number;
  miscSale: number;
  miscGross: number;
  validReportFlag: boolean | null;
  soldHours: number | null;
  serviceRequest: string | null;
  techNo: string | null;
  upsellFlag: boolean | null;
  hostItemId: string | null;
  techNos: string[];
  /** partsSale + laborSale + miscSale (SPEC 3). */
  totalCost: number;
}

/** Sums over an RO's jobs, added in cents. */
export interface RoTotals {
  partsCost: number;
  partsSale: number;
  laborCost: number;
  laborSale: number;
  miscCost: number;
  miscSale: number;
  soldHours: number;
  totalCost: number;
}

/** SPEC 3 Repair order as GET /api/ro-data answers it, with the derived names, flags and totals. */
export interface RepairOrder {
  roNumber: string;
  locationId: number;
  deptId: string | null;
  locationName: string;
  vin: string | null;
  mileage: number | null;
  customerEmail: string | null;
  customerPhones: string[];
  customerAddress: string | null;
  customerAddress2: string | null;
  customerCity: string | null;
  customerState: string | null;
  customerZip: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerFullName: string;
  advisorFirstName: string | null;
  advisorLastName: string | null;
  advisorFullName: string;
  soldHours: number | null;
  soldHoursCustomer: number | null;
  soldHoursInternal: number | null;
  soldHoursWarranty: number | null;
  advisorDepartment: string | null;
  advisorTeam: string | null;
  /** Dealership wall-clock times, 'YYYY-MM-DDTHH:MM:SS' (no zone). */
  openDate: string;
  promiseDate: string | null;
  closeDate: string | null;
  voidDate: string | null;
  isClosed: boolean;
  isVoided: boolean;
  jobs: RoJob[];
  totals: RoTotals;
}

/** SPEC 3 Accounting detail (`id` repeats cdkAccountingDetailsId, as some lists carry an id). */
export interface AccountingDetail {
  cdkAccountingDetailsId: number;
  id: number;
  roNumber: string;
  locationId: number;
  locationName: string | null;
  locationShortName: string | null;
  accountNumber: string;
  accountingDate: string;
  groupName: string | null;
  detailDescription: string | null;
  postingAmount: number;
  postingSequence: number | null;
  postingTime: string | null;
  modifiedDate: string | null;
  journalId: string | null;
}

/** A location (SPEC 3); only those flagged isUsingCrm are offered in forms. */
export interface Location {
  locationId: number;
  locationName: string;
  locId: string;
  isUsingCrm: boolean;
}

/**
 * A location as GET /api/locations answers it (issue 11): with the product's own settings, its
 * IANA time zone (null until an import sets one; such a location cannot sell packs) and its
 * sales tax rate on packs in basis points (725 = 7.25 %).
 */
export interface LocationWithSettings extends Location {
  timeZone: string | null;
  salesTaxRateBasisPoints: number;
}

/** A location's name for display; its id when the name is not known (e.g. not joined). */
export const locationLabel = (l: { locationId: number; locationName?: string | null }) => l.locationName ?? `Location ${l.locationId}`;

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
