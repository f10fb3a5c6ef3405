// The coupon form as typed (all text) and its translation into CouponTerms: amounts through parseMoney,
// percent through parsePercent, op codes split on commas and spaces; then contracts' checkCouponTerms, the
// same check the server runs, so every rule and message is stated once. Field names of the check
// ('value.amount', 'validity.months') map onto the form's flat fields, for server answers too.
import {
  checkCouponTerms,
  DEFAULT_COUPON_LABOR_TYPES,
  formatMoney,
  formatPercent,
  parseMoney,
  parsePercent,
  type CouponTerms,
  type CouponValue,
  type CouponView,
  type LaborType,
  type Money,
} from '@dealer/contracts';

export type ValueKind = CouponValue['kind'];
export type ValidityKind = CouponTerms['validity']['kind'];

export interface CouponFormValues {
  name: string;
  description: string;
  /** Op codes separated by commas or spaces. */
  opCodes: string;
  valueKind: ValueKind;
  amount: string;
  percent: string;
  referencePrice: string;
  maximum: string;
  laborTypes: LaborType[];
  validityKind: ValidityKind;
  months: string;
  /** 'YYYY-MM-DD' from a date input. */
  date: string;
  maxPerRo: string;
  maxAmountPerRo: string;
  /** Checkbox values are strings. */
  locationIds: string[];
}

export type CouponFormField = keyof CouponFormValues;

export const EMPTY_COUPON_FORM: CouponFormValues = {
  name: '',
  description: '',
  opCodes: '',
  valueKind: 'fixed',
  amount: '',
  percent: '',
  referencePrice: '',
  maximum: '',
  laborTypes: [...DEFAULT_COUPON_LABOR_TYPES],
  validityKind: 'monthsAfterSale',
  months: '12',
  date: '',
  maxPerRo: '1',
  maxAmountPerRo: '',
  locationIds: [],
};

/** Money as the form shows it: '1,234.50' (no '$', which the field's label carries). */
const moneyText = (m: Money | null | undefined) => (m === null || m === undefined ? '' : formatMoney(m).replace('$', ''));

export function couponFormValues(view: CouponView): CouponFormValues {
  const v = view.value;
  return {
    name: view.name,
    description: view.description ?? '',
    opCodes: view.opCodes.join(', '),
    valueKind: v.kind,
    amount: v.kind === 'fixed' ? moneyText(v.amount) : '',
    percent: v.kind === 'percent' ? formatPercent(v.basisPoints).replace('%', '') : '',
    referencePrice: v.kind === 'fixed' ? '' : moneyText(v.referencePrice),
    maximum: v.kind === 'operation' ? moneyText(v.maximum) : '',
    laborTypes: [...view.laborTypes],
    validityKind: view.validity.kind,
    months: view.validity.kind === 'monthsAfterSale' ? String(view.validity.months) : '',
    date: view.validity.kind === 'fixedDate' ? view.validity.date : '',
    maxPerRo: String(view.maxPerRo),
    maxAmountPerRo: moneyText(view.maxAmountPerRo),
    locationIds: view.locationIds.map(String),
  };
}

/** Where a message of checkCouponTerms (or of the server, which runs it) belongs in the form. */
const FIELD_OF: Record<string, CouponFormField> = {
  value: 'valueKind',
  'value.amount': 'amount',
  'value.basisPoints': 'percent',
  'value.referencePrice': 'referencePrice',
  'value.maximum': 'maximum',
  validity: 'validityKind',
  'validity.months': 'months',
  'validity.date': 'date',
};

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_COUPON_FORM));

/** The form field of a checker or server field name; null for one the form has no place for. */
export function formFieldOf(field: string): CouponFormField | null {
  const mapped = FIELD_OF[field] ?? field;
  return FORM_FIELDS.has(mapped) ? (mapped as CouponFormField) : null;
}

export const splitOpCodes = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** A whole number as typed, or the text itself so the check names what is wrong; '' is absent. */
const wholeNumber = (text: string): number | string | undefined => {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d{1,9}$/.test(t) ? Number(t) : t;
};

export type CouponFormResult = { ok: true; terms: CouponTerms } | { ok: false; fields: Partial<Record<CouponFormField, string>> };

export function couponTermsFrom(values: CouponFormValues): CouponFormResult {
  const fields: Partial<Record<CouponFormField, string>> = {};
  const money = (field: CouponFormField, text: string): Money | undefined => {
    if (!text.trim()) return undefined; // the check says which amount is required
    // The maximum is the check's, so the message is the one the server gives.
    const parsed = parseMoney(text);
    if (parsed.ok) return parsed.value;
    fields[field] = parsed.error;
    return undefined;
  };
  let value: Record<string, unknown>;
  switch (values.valueKind) {
    case 'fixed':
      value = { kind: 'fixed', amount: money('amount', values.amount) };
      break;
    case 'percent': {
      const percent = parsePercent(values.percent);
      if (!percent.ok) fields.percent = percent.error;
      value = { kind: 'percent', basisPoints: percent.ok ? percent.value : undefined, referencePrice: money('referencePrice', values.referencePrice) };
      break;
    }
    case 'operation':
      value = { kind: 'operation', maximum: money('maximum', values.maximum), referencePrice: money('referencePrice', values.referencePrice) };
      break;
    default:
      value = {};
  }
  const validity =
    values.validityKind === 'fixedDate' ? { kind: 'fixedDate', date: values.date } : { kind: 'monthsAfterSale', months: wholeNumber(values.months) };
  const body = {
    name: values.name,
    description: values.description,
    opCodes: splitOpCodes(values.opCodes),
    value,
    laborTypes: values.laborTypes,
    validity,
    maxPerRo: wholeNumber(values.maxPerRo) ?? null,
    maxAmountPerRo: values.maxAmountPerRo.trim() ? (money('maxAmountPerRo', values.maxAmountPerRo) ?? -1) : null,
    locationIds: values.locationIds.map(Number),
  };
  const checked = checkCouponTerms(body);
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.fields)) {
      const target = formFieldOf(field);
      // A parse message (what is wrong with the text) is more telling than the check's.
      if (target && fields[target] === undefined) fields[target] = message;
    }
  }
  if (Object.keys(fields).length > 0 || !checked.ok) return { ok: false, fields };
  return { ok: true, terms: checked.value };
}
