// The repair-order shapes of SPEC 3 as GET /api/ro-data answers them, and the money rules of an RO.
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@dealer/contracts';

/** RO input / dialog result (SPEC 3): which RO, at which location. */
export interface RoInput {
  roNumber: string;
  locationId: number;
}

export type LaborType = 'C' | 'W' | 'I';

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
}

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
  advisorFirstName: string | null;
  advisorLastName: string | null;
  soldHours: number | null;
  soldHoursCustomer: number | null;
  soldHoursInternal: number | null;
  soldHoursWarranty: number | null;
  advisorDepartment: string | null;
  advisorTeam: string | null;
  /** Dealership wall-clock times without a zone, 'YYYY-MM-DDTHH:MM:SS'. */
  openDate: string;
  promiseDate: string | null;
  closeDate: string | null;
  voidDate: string | null;
  jobs: RoJob[];
}

/** SPEC 3 Accounting detail. */
export interface AccountingDetail {
  cdkAccountingDetailsId: number;
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

export const LABOR_TYPES: Record<LaborType, string> = { C: 'Customer pay', W: 'Warranty', I: 'Internal' };

export type RoStatus = 'Open' | 'Closed' | 'Voided';

export function roStatus(ro: Pick<RepairOrder, 'closeDate' | 'voidDate'>): RoStatus {
  if (ro.voidDate) return 'Voided';
  return ro.closeDate ? 'Closed' : 'Open';
}

const cents = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);

/** SPEC 3: totalCost = partsSale + laborSale + miscSale (added in cents, so 0.1 + 0.2 stays 0.30). */
export function jobTotal(job: Pick<RoJob, 'partsSale' | 'laborSale' | 'miscSale'>): number {
  return (cents(job.partsSale) + cents(job.laborSale) + cents(job.miscSale)) / 100;
}

export interface RoTotals {
  partsSale: number;
  laborSale: number;
  miscSale: number;
  totalCost: number;
  soldHours: number;
}

export function roTotals(jobs: readonly RoJob[]): RoTotals {
  const sum = (pick: (j: RoJob) => number | null) => jobs.reduce((s, j) => s + cents(pick(j)), 0) / 100;
  return {
    partsSale: sum((j) => j.partsSale),
    laborSale: sum((j) => j.laborSale),
    miscSale: sum((j) => j.miscSale),
    totalCost: sum((j) => jobTotal(j)),
    soldHours: sum((j) => j.soldHours),
  };
}

const money = new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY });
export const formatMoney = (amount: number | null | undefined) => money.format(amount ?? 0);
