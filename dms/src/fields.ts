/**
 * The DMS record formats, field by field: SPEC section 3's names (what a JSON or CSV export
 * carries), the `ref` column each one fills, and how a value is checked and normalised.
 * One table drives validation of JSON and CSV alike and produces COPY text for the importer.
 */
import { isValidTimeZone } from '@dealer/contracts';

export type FieldKind =
  | 'text'
  | 'upper'
  | 'roNumber'
  | 'int'
  | 'bigint'
  | 'money'
  | 'hours'
  | 'bool'
  | 'timestamp'
  | 'date'
  | 'timeOrTimestamp'
  | 'email'
  | 'phones'
  | 'textList'
  | 'laborType'
  | 'timeZone';

export interface FieldSpec {
  /** SPEC name in the export. */
  key: string;
  column: string;
  kind: FieldKind;
  required?: boolean;
  /** Maximum length (text) or value (numbers). */
  max?: number;
  min?: number;
}

const f = (key: string, column: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({ key, column, kind, ...extra });

export const LOCATION_FIELDS: readonly FieldSpec[] = [
  f('locationId', 'location_id', 'int', { required: true, min: 1 }),
  f('locationName', 'location_name', 'text', { required: true, max: 100 }),
  f('locId', 'loc_id', 'text', { required: true, max: 20 }),
  f('isUsingCrm', 'is_using_crm', 'bool'),
  // The product's own settings of a location (issue 11); blank or absent keeps the stored value.
  f('timeZone', 'time_zone', 'timeZone', { max: 64 }),
  f('salesTaxRateBasisPoints', 'sales_tax_rate_bp', 'int', { min: 0, max: 3000 }),
  // Issue 13: where the customer contact form's messages go; blank, absent or not an address keeps the stored one.
  f('contactEmail', 'contact_email', 'email'),
];

export const REPAIR_ORDER_FIELDS: readonly FieldSpec[] = [
  f('locationId', 'location_id', 'int', { required: true, min: 1 }),
  f('roNumber', 'ro_number', 'roNumber', { required: true }),
  f('deptId', 'dept_id', 'text', { max: 20 }),
  f('vin', 'vin', 'upper', { max: 17 }),
  f('mileage', 'mileage', 'int', { min: 0, max: 9_999_999 }),
  f('customerEmail', 'customer_email', 'email'),
  f('customerPhones', 'customer_phones', 'phones'),
  f('customerAddress', 'customer_address', 'text', { max: 200 }),
  f('customerAddress2', 'customer_address2', 'text', { max: 200 }),
  f('customerCity', 'customer_city', 'text', { max: 100 }),
  f('customerState', 'customer_state', 'upper', { max: 20 }),
  f('customerZip', 'customer_zip', 'text', { max: 10 }),
  f('customerFirstName', 'customer_first_name', 'text', { max: 100 }),
  f('customerLastName', 'customer_last_name', 'text', { max: 100 }),
  f('advisorFirstName', 'advisor_first_name', 'text', { max: 100 }),
  f('advisorLastName', 'advisor_last_name', 'text', { max: 100 }),
  f('soldHours', 'sold_hours', 'hours'),
  f('soldHoursCustomer', 'sold_hours_customer', 'hours'),
  f('soldHoursInternal', 'sold_hours_internal', 'hours'),
  f('soldHoursWarranty', 'sold_hours_warranty', 'hours'),
  f('advisorDepartment', 'advisor_department', 'text', { max: 100 }),
  f('advisorTeam', 'advisor_team', 'text', { max: 100 }),
  f('openDate', 'open_date', 'timestamp', { required: true }),
  f('promiseDate', 'promise_date', 'timestamp'),
  f('closeDate', 'close_date', 'timestamp'),
  f('voidDate', 'void_date', 'timestamp'),
];

/** Job fields after the parent's location_id and ro_number. */
export const RO_JOB_FIELDS: readonly FieldSpec[] = [
  f('jobId', 'job_id', 'int', { required: true, min: 0 }),
  f('lineCode', 'line_code', 'text', { max: 10 }),
  f('lineNo', 'line_no', 'int', { min: 0 }),
  f('opCode', 'op_code', 'upper', { required: true, max: 20 }),
  f('opCodeDesc', 'op_code_desc', 'text', { max: 500 }),
  f('laborType', 'labor_type', 'laborType', { required: true }),
  f('partsCost', 'parts_cost', 'money'),
  f('partsSale', 'parts_sale', 'money'),
  f('partsGross', 'parts_gross', 'money'),
  f('laborCost', 'labor_cost', 'money'),
  f('laborSale', 'labor_sale', 'money'),
  f('laborGross', 'labor_gross', 'money'),
  f('miscCost', 'misc_cost', 'money'),
  f('miscSale', 'misc_sale', 'money'),
  f('miscGross', 'misc_gross', 'money'),
  f('validReportFlag', 'valid_report_flag', 'bool'),
  f('soldHours', 'sold_hours', 'hours'),
  f('serviceRequest', 'service_request', 'text', { max: 4000 }),
  f('techNo', 'tech_no', 'text', { max: 20 }),
  f('upsellFlag', 'upsell_flag', 'bool'),
  f('hostItemId', 'host_item_id', 'text', { max: 100 }),
  f('techNos', 'tech_nos', 'textList', { max: 20 }),
];

export const ACCOUNTING_DETAIL_FIELDS: readonly FieldSpec[] = [
  f('cdkAccountingDetailsId', 'cdk_accounting_details_id', 'bigint', { required: true }),
  f('locationId', 'location_id', 'int', { required: true, min: 1 }),
  f('roNumber', 'ro_number', 'roNumber', { required: true }),
  f('locationName', 'location_name', 'text', { max: 100 }),
  f('locationShortName', 'location_short_name', 'text', { max: 20 }),
  f('accountNumber', 'account_number', 'text', { required: true, max: 30 }),
  f('accountingDate', 'accounting_date', 'date', { required: true }),
  f('groupName', 'group_name', 'text', { max: 100 }),
  f('detailDescription', 'detail_description', 'text', { max: 500 }),
  f('postingAmount', 'posting_amount', 'money', { required: true }),
  f('postingSequence', 'posting_sequence', 'int', { min: 0 }),
  f('postingTime', 'posting_time', 'timeOrTimestamp'),
  f('modifiedDate', 'modified_date', 'timestamp'),
  f('journalId', 'journal_id', 'text', { max: 30 }),
];

/** Derived fields our own API answers with; an export of them may be re-imported. */
export const DERIVED_RO_KEYS = new Set(['customerFullName', 'advisorFullName', 'locationName', 'totals', 'jobs', 'accountingDetails', 'isClosed', 'isVoided']);
export const DERIVED_JOB_KEYS = new Set(['totalCost']);

export const columnsOf = (fields: readonly FieldSpec[]) => fields.map((x) => x.column);

// ---------------------------------------------------------------------------------------
// Normalisation. The hot path allocates nothing per value: the outcome of the last call
// waits in two slots (a million records means tens of millions of values).

export type Normalized = { ok: true; value: string | null; warning?: string } | { ok: false; message: string };

let lastProblem: string | null = null;
let lastWarning: string | null = null;
const fail = (message: string): null => {
  lastProblem = message;
  return null;
};

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

const INT_RE = /^[+-]?\d+$/;
const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const RO_NUMBER_RE = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

function decimal(v: unknown, spec: FieldSpec, prefix: string, limit: number): string | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && DECIMAL_RE.test((v = v.trim().replace(/,/g, '')) as string)) n = Number(v);
  else return fail(`${prefix}${spec.key} must be a number`);
  if (!Number.isFinite(n) || Math.abs(n) >= limit) return fail(`${prefix}${spec.key} must be a number below ${limit.toLocaleString('en-US')}`);
  return (Math.round(n * 100) / 100).toFixed(2);
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number | string, w = 2) => String(n).padStart(w, '0');
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const US_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const ZONE_RE = /(Z|[+-]\d{2}:?\d{2})$/i;

function validDate(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]! || (mo === 2 && d === 29 && !leap)) return false;
  return h <= 23 && mi <= 59 && s <= 59;
}

const digit = (t: string, i: number) => {
  const c = t.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
};
const num = (t: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + digit(t, i);
  return n;
};

/** 'YYYY-MM-DDTHH:MM:SS' / 'YYYY-MM-DD' without regexes (what exports mostly hold). */
function fastIso(t: string): { date: string; time: string | null } | null {
  if (t.length !== 10 && t.length !== 19) return null;
  if (t[4] !== '-' || t[7] !== '-') return null;
  const y = num(t, 0, 4), mo = num(t, 5, 7), d = num(t, 8, 10);
  if (t.length === 10) return y >= 0 && mo >= 0 && d >= 0 && validDate(y, mo, d, 0, 0, 0) ? { date: t, time: null } : null;
  if ((t[10] !== 'T' && t[10] !== ' ') || t[13] !== ':' || t[16] !== ':') return null;
  const h = num(t, 11, 13), mi = num(t, 14, 16), s = num(t, 17, 19);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0 || !validDate(y, mo, d, h, mi, s)) return null;
  return { date: t.slice(0, 10), time: t.slice(11) };
}

/** 'YYYY-MM-DD[THH:MM[:SS]]' or 'M/D/YYYY[ H:MM[:SS][ AM|PM]]' -> date and time parts, or null. */
export function parseLocalDateTime(text: string): { date: string; time: string | null } | null {
  const fast = fastIso(text);
  if (fast) return fast;
  let y: number, mo: number, d: number, h = 0, mi = 0, s = 0;
  let hasTime = false;
  const iso = ISO_RE.exec(text);
  const us = iso ? null : US_RE.exec(text);
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) {
      hasTime = true;
      [h, mi, s] = [Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
    }
  } else if (us) {
    [mo, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[4] !== undefined) {
      hasTime = true;
      [h, mi, s] = [Number(us[4]), Number(us[5]), Number(us[6] ?? 0)];
      const ampm = us[7]?.toUpperCase();
      if (ampm) {
        if (h < 1 || h > 12) return null;
        h = (h % 12) + (ampm === 'PM' ? 12 : 0);
      }
    }
  } else return null;
  if (!validDate(y, mo, d, h, mi, s)) return null;
  return { date: `${y}-${pad(mo)}-${pad(d)}`, time: hasTime ? `${pad(h)}:${pad(mi)}:${pad(s)}` : null };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SIMPLE_ARRAY_ELEMENT = /^[A-Za-z0-9_.@-]+$/;

/** Normalises one phone to its 10 digits (a leading country code 1 is dropped), or null. */
export function normalizePhone(v: unknown): string | null {
  const text = asText(v);
  if (text === null) return null;
  let digits = text.replace(/\D+/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

function listOf(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return v.split(/[|;]/);
  if (typeof v === 'number') return [v];
  return null;
}

/** A PostgreSQL array literal of text elements (before COPY escaping). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((x) => (SIMPLE_ARRAY_ELEMENT.test(x) ? x : `"${x.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

/** The hot path: a value, or null with lastProblem set (lastWarning for a dropped value). */
function normalize(spec: FieldSpec, raw: unknown, prefix: string): string | null {
  // PostgreSQL's text cannot hold U+0000: a field with one is refused here, with its row, not by the database.
  if (typeof raw === 'string' ? raw.includes('\u0000') : Array.isArray(raw) && raw.some((x) => typeof x === 'string' && x.includes('\u0000'))) {
    return fail(`${prefix}${spec.key} must not contain a NUL character`);
  }
  if (isBlank(raw) || (Array.isArray(raw) && raw.length === 0)) {
    if (spec.required) return fail(`${prefix}${spec.key} is required`);
    return spec.kind === 'phones' || spec.kind === 'textList' ? '{}' : null;
  }
  switch (spec.kind) {
    case 'text':
    case 'upper': {
      const t = asText(raw);
      if (t === null) return fail(`${prefix}${spec.key} must be text`);
      if (spec.max !== undefined && t.length > spec.max) return fail(`${prefix}${spec.key} must be at most ${spec.max} characters`);
      return spec.kind === 'upper' ? t.toUpperCase() : t;
    }
    case 'roNumber': {
      const t = asText(raw)?.toUpperCase() ?? null;
      if (t === null || !RO_NUMBER_RE.test(t)) return fail(`${prefix}${spec.key} must be 1 to 20 letters, digits or dashes`);
      return t;
    }
    case 'int':
    case 'bigint': {
      if (typeof raw === 'number' && Number.isSafeInteger(raw)) {
        const min = spec.min ?? (spec.kind === 'int' ? -2147483648 : 1);
        const max = spec.max ?? (spec.kind === 'int' ? 2147483647 : Number.MAX_SAFE_INTEGER);
        if (raw < min || raw > max) return fail(`${prefix}${spec.key} must be between ${min} and ${max}`);
        return String(raw);
      }
      const t = typeof raw === 'number' ? String(raw) : asText(raw);
      if (t === null || !INT_RE.test(t)) return fail(`${prefix}${spec.key} must be a whole number`);
      const big = BigInt(t);
      const min = BigInt(spec.min ?? (spec.kind === 'int' ? -2147483648 : 1));
      const max = BigInt(spec.max ?? (spec.kind === 'int' ? 2147483647 : '9223372036854775807'));
      if (big < min || big > max) return fail(`${prefix}${spec.key} must be between ${min} and ${max}`);
      return big.toString();
    }
    case 'money':
      return decimal(raw, spec, prefix, 1e10);
    case 'hours':
      return decimal(raw, spec, prefix, 1e7);
    case 'bool': {
      if (typeof raw === 'boolean') return raw ? 't' : 'f';
      const t = asText(raw)?.toLowerCase();
      if (t === 'true' || t === 'y' || t === 'yes' || t === '1') return 't';
      if (t === 'false' || t === 'n' || t === 'no' || t === '0') return 'f';
      return fail(`${prefix}${spec.key} must be true or false (Y/N)`);
    }
    case 'timestamp':
    case 'date':
    case 'timeOrTimestamp': {
      const t = asText(raw);
      if (t === null) return fail(`${prefix}${spec.key} must be a date`);
      const parsed = parseLocalDateTime(t);
      if (!parsed) {
        if (spec.kind === 'timeOrTimestamp') {
          const time = TIME_RE.exec(t);
          // A time of day alone: the caller joins it to the row's date.
          if (time && Number(time[1]) < 24 && Number(time[2]) < 60 && Number(time[3] ?? 0) < 60) return `T${pad(time[1]!)}:${time[2]}:${pad(time[3] ?? 0)}`;
        }
        if (ZONE_RE.test(t) && /\d{2}:\d{2}/.test(t)) return fail(`${prefix}${spec.key} must be the dealership's local time, without a time zone`);
        return fail(`${prefix}${spec.key} must be a date (YYYY-MM-DD or MM/DD/YYYY, optionally with a time)`);
      }
      if (spec.kind === 'date') {
        if (parsed.time && parsed.time !== '00:00:00') return fail(`${prefix}${spec.key} must be a date without a time`);
        return parsed.date;
      }
      return `${parsed.date} ${parsed.time ?? '00:00:00'}`;
    }
    case 'email': {
      const t = asText(raw)?.toLowerCase() ?? '';
      const at = t.lastIndexOf('@');
      if (!EMAIL_RE.test(t) || t.length > 254 || at > 64) {
        lastWarning = `${prefix}${spec.key} '${t.slice(0, 60)}' is not an e-mail address; stored without e-mail`;
        return null;
      }
      return t;
    }
    case 'phones': {
      const items = listOf(raw);
      if (!items) return fail(`${prefix}${spec.key} must be a list of phone numbers`);
      const phones: string[] = [];
      let dropped: string[] | null = null;
      for (const item of items) {
        if (isBlank(item)) continue;
        const phone = typeof item === 'string' && item.length === 10 && /^\d{10}$/.test(item) ? item : normalizePhone(item);
        if (phone === null) (dropped ??= []).push(String(asText(item) ?? JSON.stringify(item)).slice(0, 30));
        else if (!phones.includes(phone)) phones.push(phone);
      }
      if (dropped) lastWarning = `${prefix}${spec.key}: ${dropped.map((d) => `'${d}'`).join(', ')} not a 10-digit phone number; dropped`;
      return `{${phones.join(',')}}`;
    }
    case 'textList': {
      const items = listOf(raw);
      if (!items) return fail(`${prefix}${spec.key} must be a list`);
      const values: string[] = [];
      for (const item of items) {
        if (isBlank(item)) continue;
        const t = asText(item);
        if (t === null) return fail(`${prefix}${spec.key} must be a list of text values`);
        if (spec.max !== undefined && t.length > spec.max) return fail(`${prefix}${spec.key} values must be at most ${spec.max} characters`);
        values.push(t);
      }
      return pgTextArray(values);
    }
    case 'laborType': {
      const t = asText(raw)?.toUpperCase();
      if (t !== 'C' && t !== 'W' && t !== 'I') return fail(`${prefix}${spec.key} must be C (customer pay), W (warranty) or I (internal)`);
      return t;
    }
    case 'timeZone': {
      const t = asText(raw);
      if (t === null) return fail(`${prefix}${spec.key} must be an IANA time zone name (like America/Denver)`);
      if (!isValidTimeZone(t)) {
        const shown = `'${(t as string).slice(0, 40)}'`;
        return fail(`${prefix}${spec.key} ${shown} is not an IANA time zone name (like America/Denver)`);
      }
      // Stored as Intl spells it: 'america/denver' and the alias 'US/Mountain' -> 'America/Denver'.
      return new Intl.DateTimeFormat('en-US', { timeZone: t }).resolvedOptions().timeZone;
    }
  }
}

/** Checks and normalises one value; messages name it `${prefix}${spec.key}`. */
export function normalizeValue(spec: FieldSpec, raw: unknown, prefix = ''): Normalized {
  lastProblem = null;
  lastWarning = null;
  const value = normalize(spec, raw, prefix);
  if (lastProblem !== null) return { ok: false, message: lastProblem };
  return lastWarning !== null ? { ok: true, value, warning: lastWarning } : { ok: true, value };
}

const keySets = new WeakMap<readonly FieldSpec[], ReadonlySet<string>>();
function keysOf(fields: readonly FieldSpec[]): ReadonlySet<string> {
  let keys = keySets.get(fields);
  if (!keys) keySets.set(fields, (keys = new Set(fields.map((x) => x.key))));
  return keys;
}

export interface NormalizedRecord {
  values: (string | null)[];
  errors: string[];
  warnings: string[];
}

/**
 * Normalises `raw` against `fields`; `prefix` names nested fields in messages (e.g. 'jobs[2].').
 * Keys of `raw` outside `fields` and `allowed` are reported as unknown.
 */
export function normalizeRecord(fields: readonly FieldSpec[], raw: Record<string, unknown>, prefix: string, allowed: ReadonlySet<string> = new Set()): NormalizedRecord {
  const errors: string[] = [];
  const warnings: string[] = [];
  const values: (string | null)[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const spec = fields[i]!;
    lastProblem = null;
    lastWarning = null;
    values[i] = normalize(spec, raw[spec.key], prefix);
    if (lastProblem !== null) errors.push(lastProblem);
    else if (lastWarning !== null) warnings.push(lastWarning);
  }
  const known = keysOf(fields);
  for (const key in raw) {
    if (!known.has(key) && !allowed.has(key)) errors.push(`${prefix}${key} is not a known field`);
  }
  return { values, errors, warnings };
}
