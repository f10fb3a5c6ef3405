/**
 * Validation of DMS records (repair orders with jobs and accounting details, standalone
 * accounting details, locations) into COPY lines for the importer. Pure: no I/O.
 */
import {
  ACCOUNTING_DETAIL_FIELDS,
  DERIVED_JOB_KEYS,
  DERIVED_RO_KEYS,
  LOCATION_FIELDS,
  REPAIR_ORDER_FIELDS,
  RO_JOB_FIELDS,
  normalizeRecord,
  normalizeValue,
  type FieldSpec,
} from './fields';

/** The export shapes (SPEC section 3 names). Values may be strings where numbers are meant. */
export interface RoJobRecord {
  jobId: number;
  lineCode?: string | null;
  lineNo?: number | null;
  opCode: string;
  opCodeDesc?: string | null;
  laborType: 'C' | 'W' | 'I';
  partsCost?: number;
  partsSale?: number;
  partsGross?: number;
  laborCost?: number;
  laborSale?: number;
  laborGross?: number;
  miscCost?: number;
  miscSale?: number;
  miscGross?: number;
  validReportFlag?: boolean | null;
  soldHours?: number | null;
  serviceRequest?: string | null;
  techNo?: string | null;
  upsellFlag?: boolean | null;
  hostItemId?: string | null;
  techNos?: string[];
}

export interface AccountingDetailRecord {
  cdkAccountingDetailsId: number | string;
  roNumber?: string;
  locationId?: number;
  locationName?: string | null;
  locationShortName?: string | null;
  accountNumber: string;
  accountingDate: string;
  groupName?: string | null;
  detailDescription?: string | null;
  postingAmount: number;
  postingSequence?: number | null;
  postingTime?: string | null;
  modifiedDate?: string | null;
  journalId?: string | null;
}

export interface RepairOrderRecord {
  roNumber: string;
  locationId: number;
  locationName?: string | null;
  deptId?: string | null;
  vin?: string | null;
  mileage?: number | null;
  customerEmail?: string | null;
  customerPhones?: string[];
  customerAddress?: string | null;
  customerAddress2?: string | null;
  customerCity?: string | null;
  customerState?: string | null;
  customerZip?: string | null;
  customerFirstName?: string | null;
  customerLastName?: string | null;
  advisorFirstName?: string | null;
  advisorLastName?: string | null;
  soldHours?: number | null;
  soldHoursCustomer?: number | null;
  soldHoursInternal?: number | null;
  soldHoursWarranty?: number | null;
  advisorDepartment?: string | null;
  advisorTeam?: string | null;
  openDate: string;
  promiseDate?: string | null;
  closeDate?: string | null;
  voidDate?: string | null;
  jobs: RoJobRecord[];
  accountingDetails?: AccountingDetailRecord[];
}

export interface LocationRecord {
  locationId: number;
  locationName: string;
  locId: string;
  isUsingCrm: boolean;
  /** IANA zone ('America/Denver'); absent or blank keeps the stored zone (none for a new location). */
  timeZone?: string | null;
  /** Sales tax on packs in basis points (0-3000; 290 = 2.9 %); absent or blank keeps the stored rate (0 for a new location). */
  salesTaxRateBasisPoints?: number | null;
  /** Where the customer contact form's messages go (issue 13); absent or blank keeps the stored address (none for a new location). */
  contactEmail?: string | null;
}

export type Checked<T> = { ok: true; value: T; warnings: string[] } | { ok: false; errors: string[]; warnings: string[] };

const LOCATION_NAME: FieldSpec = { key: 'locationName', column: 'location_name', kind: 'text', max: 100 };
const roKey = (locationId: string, roNumber: string) => `${locationId}\u0000${roNumber}`;
const cents = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 100));
const fromCents = (c: number) => (c / 100).toFixed(2);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------
// Repair-order header

export interface CheckedHeader {
  key: string;
  locationId: string;
  roNumber: string;
  locationName: string | null;
  /** Values in REPAIR_ORDER_FIELDS order. */
  values: (string | null)[];
}

const RO_COL = Object.fromEntries(REPAIR_ORDER_FIELDS.map((x, i) => [x.key, i])) as Record<string, number>;

export function checkHeader(raw: Record<string, unknown>, prefix: string, allowed: ReadonlySet<string>): Checked<CheckedHeader> {
  const { values, errors, warnings } = normalizeRecord(REPAIR_ORDER_FIELDS, raw, prefix, allowed);
  const name = normalizeValue(LOCATION_NAME, raw.locationName, prefix);
  if (!name.ok) errors.push(name.message);
  const open = values[RO_COL.openDate!];
  for (const later of ['closeDate', 'voidDate'] as const) {
    const v = values[RO_COL[later]!];
    if (open && v && v < open) errors.push(`${prefix}${later} is before openDate`);
  }
  if (errors.length) return { ok: false, errors, warnings };
  const locationId = values[RO_COL.locationId!]!;
  const roNumber = values[RO_COL.roNumber!]!;
  return { ok: true, warnings, value: { key: roKey(locationId, roNumber), locationId, roNumber, locationName: name.ok ? name.value : null, values } };
}

// ---------------------------------------------------------------------------------------
// Jobs

export interface CheckedJob {
  jobId: string;
  /** Values in RO_JOB_FIELDS order (without the parent's key). */
  values: (string | null)[];
}

const JOB_COL = Object.fromEntries(RO_JOB_FIELDS.map((x, i) => [x.key, i])) as Record<string, number>;

export function checkJob(raw: unknown, prefix: string): Checked<CheckedJob> {
  if (!isObject(raw)) return { ok: false, errors: [`${prefix.replace(/\.$/, '')} must be an object`], warnings: [] };
  const { values, errors, warnings } = normalizeRecord(RO_JOB_FIELDS, raw, prefix, DERIVED_JOB_KEYS);
  if (errors.length) return { ok: false, errors, warnings };
  // Gross defaults to sale - cost when the export leaves it out.
  for (const part of ['parts', 'labor', 'misc'] as const) {
    const cost = JOB_COL[`${part}Cost`]!;
    const sale = JOB_COL[`${part}Sale`]!;
    const gross = JOB_COL[`${part}Gross`]!;
    values[cost] ??= '0.00';
    values[sale] ??= '0.00';
    values[gross] ??= fromCents(cents(values[sale]!) - cents(values[cost]!));
  }
  return { ok: true, warnings, value: { jobId: values[JOB_COL.jobId!]!, values } };
}

// ---------------------------------------------------------------------------------------
// Accounting details

export interface CheckedAccounting {
  id: string;
  locationId: string;
  roNumber: string;
  values: (string | null)[];
}

const ACC_COL = Object.fromEntries(ACCOUNTING_DETAIL_FIELDS.map((x, i) => [x.key, i])) as Record<string, number>;
const ACCOUNTING_ALIASES = new Set(['id']);

/** Nested details inherit locationId and roNumber from their repair order. */
const NESTED_ACCOUNTING_FIELDS = ACCOUNTING_DETAIL_FIELDS.map((x) => (x.key === 'locationId' || x.key === 'roNumber' ? { ...x, required: false } : x));

/** `parent` is the enclosing repair order of a nested detail (its key fields are inherited). */
export function checkAccounting(raw: unknown, prefix: string, parent?: { locationId: string; roNumber: string }): Checked<CheckedAccounting> {
  if (!isObject(raw)) return { ok: false, errors: [`${prefix.replace(/\.$/, '')} must be an object`], warnings: [] };
  const input = raw.cdkAccountingDetailsId === undefined && raw.id !== undefined ? { ...raw, cdkAccountingDetailsId: raw.id } : raw;
  const checked = normalizeRecord(parent ? NESTED_ACCOUNTING_FIELDS : ACCOUNTING_DETAIL_FIELDS, input, prefix, ACCOUNTING_ALIASES);
  const { values, errors } = checked;
  if (parent) {
    for (const [key, expected] of [['locationId', parent.locationId], ['roNumber', parent.roNumber]] as const) {
      const at = ACC_COL[key]!;
      if (values[at] === null) values[at] = expected;
      else if (values[at] !== expected) errors.push(`${prefix}${key} does not match its repair order`);
    }
  }
  if (errors.length) return { ok: false, errors, warnings: checked.warnings };
  const time = values[ACC_COL.postingTime!];
  if (time?.startsWith('T')) values[ACC_COL.postingTime!] = `${values[ACC_COL.accountingDate!]} ${time.slice(1)}`;
  return {
    ok: true,
    warnings: checked.warnings,
    value: { id: values[ACC_COL.cdkAccountingDetailsId!]!, locationId: values[ACC_COL.locationId!]!, roNumber: values[ACC_COL.roNumber!]!, values },
  };
}

// ---------------------------------------------------------------------------------------
// Locations

export interface CheckedLocation {
  locationId: string;
  values: (string | null)[];
}

export function checkLocation(raw: Record<string, unknown>, prefix = ''): Checked<CheckedLocation> {
  const { values, errors, warnings } = normalizeRecord(LOCATION_FIELDS, raw, prefix);
  if (errors.length) return { ok: false, errors, warnings };
  return { ok: true, warnings, value: { locationId: values[0]!, values } };
}

// ---------------------------------------------------------------------------------------
// A whole repair order (JSON element or generated record)

export interface CheckedRepairOrder {
  header: CheckedHeader;
  jobs: CheckedJob[];
  accounting: CheckedAccounting[];
}

export function checkRepairOrder(raw: Record<string, unknown>): Checked<CheckedRepairOrder> {
  const head = checkHeader(raw, '', DERIVED_RO_KEYS);
  const errors = head.ok ? [] : [...head.errors];
  const warnings = [...head.warnings];
  const jobs: CheckedJob[] = [];
  const accounting: CheckedAccounting[] = [];
  if (raw.jobs !== undefined && raw.jobs !== null && !Array.isArray(raw.jobs)) errors.push('jobs must be an array');
  if (raw.accountingDetails !== undefined && raw.accountingDetails !== null && !Array.isArray(raw.accountingDetails)) errors.push('accountingDetails must be an array');
  const seenJobs = new Set<string>();
  for (const [i, job] of (Array.isArray(raw.jobs) ? raw.jobs : []).entries()) {
    const checked = checkJob(job, `jobs[${i}].`);
    warnings.push(...checked.warnings);
    if (!checked.ok) errors.push(...checked.errors);
    else if (seenJobs.has(checked.value.jobId)) errors.push(`jobs[${i}].jobId ${checked.value.jobId} appears twice`);
    else {
      seenJobs.add(checked.value.jobId);
      jobs.push(checked.value);
    }
  }
  const parent = head.ok ? { locationId: head.value.locationId, roNumber: head.value.roNumber } : { locationId: '', roNumber: '' };
  const seenAccounting = new Set<string>();
  for (const [i, detail] of (Array.isArray(raw.accountingDetails) ? raw.accountingDetails : []).entries()) {
    const checked = checkAccounting(detail, `accountingDetails[${i}].`, head.ok ? parent : undefined);
    warnings.push(...checked.warnings);
    if (!checked.ok) errors.push(...checked.errors);
    else if (seenAccounting.has(checked.value.id)) errors.push(`accountingDetails[${i}].cdkAccountingDetailsId ${checked.value.id} appears twice`);
    else {
      seenAccounting.add(checked.value.id);
      accounting.push(checked.value);
    }
  }
  if (!head.ok || errors.length) return { ok: false, errors, warnings };
  return { ok: true, warnings, value: { header: head.value, jobs, accounting } };
}

/** What kind of record a JSON element is, by its fields. */
export function kindOf(raw: Record<string, unknown>): 'repairOrder' | 'accountingDetail' | 'location' | null {
  if ('cdkAccountingDetailsId' in raw) return 'accountingDetail';
  if ('roNumber' in raw) return 'repairOrder';
  if ('locId' in raw || 'isUsingCrm' in raw) return 'location';
  return null;
}

export { roKey, isObject };
