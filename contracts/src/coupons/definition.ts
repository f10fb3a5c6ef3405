/**
 * A coupon definition (issue 11): what the dealership promises on a service visit. Its terms,
 * their field rules and maxima with messages (checked once here for the form and the server),
 * and its stand-alone value (what the coupon is worth on its own, the weight of the value
 * allocation of a pack sale; docs/decisions/0033-coupon-and-pack-definitions.md).
 */
import { LABOR_TYPES, type LaborType } from '../repair-orders/ro-records';
import { normalizeOpCode, REDEMPTION_VERIFICATION_LIMITS } from '../redemptions/constants';
import { BASIS_POINTS_PER_WHOLE, cents, formatMoney, minMoney, percentOf, type BasisPoints, type Money } from '../money/index';
import { isLocalDate, type LocalDate } from './expiry';

/**
 * What a coupon takes off a matching RO line:
 * - fixed: a fixed amount (never more than the line);
 * - percent: a percent of the matching line (basis points, 2500 = 25 %);
 * - operation: the whole operation, up to a maximum.
 * Percent and operation coupons state a reference price: what the covered operation usually
 * sells for. It is the basis of their stand-alone value (the line itself is unknown at sale).
 */
export type CouponValue =
  | { kind: 'fixed'; amount: Money }
  | { kind: 'percent'; basisPoints: BasisPoints; referencePrice: Money }
  | { kind: 'operation'; maximum: Money; referencePrice: Money };

/** How long an issued coupon is good: months after the sale, or through a fixed local date. */
export type CouponValidity = { kind: 'monthsAfterSale'; months: number } | { kind: 'fixedDate'; date: LocalDate };

export interface CouponTerms {
  name: string;
  description: string | null;
  /** DMS op codes the coupon covers (normalised: trimmed, upper-case). */
  opCodes: string[];
  value: CouponValue;
  /** RO line labour types it applies to; customer pay ('C') by default. */
  laborTypes: LaborType[];
  validity: CouponValidity;
  /** The most coupons of this definition one RO can take. */
  maxPerRo: number;
  /** The most this coupon may take off one RO in total (null: no cap beyond its value). */
  maxAmountPerRo: Money | null;
  /** Locations that honour it (locationId). */
  locationIds: number[];
}

export type CouponStatus = 'active' | 'disabled';

export const COUPON_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  opCodesMax: 50,
  opCodeMax: REDEMPTION_VERIFICATION_LIMITS.opCodeMax,
  /** Largest fixed amount, maximum, reference price or RO cap: $10,000.00. */
  amountMaxCents: 1_000_000,
  basisPointsMin: 1,
  basisPointsMax: BASIS_POINTS_PER_WHOLE,
  monthsMin: 1,
  monthsMax: 120,
  maxPerRoMax: 99,
  locationsMax: 200,
  /** PostgreSQL integer. */
  locationIdMax: 2_147_483_647,
  reasonMax: 500,
} as const;

export const DEFAULT_COUPON_LABOR_TYPES: readonly LaborType[] = ['C'];

/** SPEC 8 generic messages for a catalogue item ('{Item} successfully added/updated/removed.'). */
export function itemMessages(item: string) {
  const lower = item.toLowerCase();
  return {
    added: `${item} successfully added.`,
    updated: `${item} successfully updated.`,
    removed: `${item} successfully removed.`,
    unknownError: `Unknown error submitting ${lower}.`,
    removeConfirm: `Are you sure you want to remove ${lower}?`,
  } as const;
}

const amountTooLarge = `The amount can be at most ${formatMoney(cents(COUPON_LIMITS.amountMaxCents))}.`;

export const COUPON_MESSAGES = {
  ...itemMessages('Coupon'),
  /** SPEC 8 has no disable text; the generic pattern's wording. */
  disabled: 'Coupon successfully disabled.',
  enabled: 'Coupon successfully enabled.',
  notFound: 'Coupon not found.',
  alreadyExists: 'This coupon already exists.',
  alreadyDisabled: 'This coupon is already disabled.',
  disabledCannotEdit: 'A disabled coupon cannot be edited. Enable it first.',
  nameRequired: 'Name is required.',
  nameMax: `Only ${COUPON_LIMITS.nameMax} characters are allowed.`,
  descriptionMax: `Only ${COUPON_LIMITS.descriptionMax} characters are allowed.`,
  opCodesRequired: 'At least one op code is required.',
  opCodesMax: `At most ${COUPON_LIMITS.opCodesMax} op codes are allowed.`,
  opCodeInvalid: `Op codes are letters, digits and - _ . / only, at most ${COUPON_LIMITS.opCodeMax} characters.`,
  valueKindRequired: 'Choose a value: fixed amount, percent of the line or the whole operation.',
  amountRequired: 'Amount is required.',
  amountPositive: 'The amount must be more than $0.00.',
  amountMax: amountTooLarge,
  amountWhole: 'Amounts are whole cents.',
  percentRange: 'Percent must be between 0.01 and 100.',
  referencePriceRequired: 'Reference price is required: what the operation usually sells for.',
  maximumRequired: 'Maximum is required.',
  laborTypesRequired: 'Choose at least one labour type.',
  laborTypeInvalid: 'Labour types are C (customer pay), W (warranty) or I (internal).',
  validityRequired: 'Choose how long the coupon is valid: months after sale or a fixed date.',
  monthsRange: `Months must be a whole number from ${COUPON_LIMITS.monthsMin} to ${COUPON_LIMITS.monthsMax}.`,
  dateInvalid: 'Enter a valid date.',
  maxPerRoRange: `The most per RO must be a whole number from 1 to ${COUPON_LIMITS.maxPerRoMax}.`,
  locationsRequired: 'Choose at least one location that honours the coupon.',
  locationsMax: `At most ${COUPON_LIMITS.locationsMax} locations are allowed.`,
  locationInvalid: 'Unknown location.',
  reasonMax: `Only ${COUPON_LIMITS.reasonMax} characters are allowed.`,
} as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[]; fields: Record<string, string> };

const OP_CODE = /^[A-Z0-9][A-Z0-9\-_./]*$/;
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A whole number from lo to hi, inclusive. */
export const wholeIn = (x: unknown, lo: number, hi: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;

/** Text without NUL or lone surrogates (what PostgreSQL text and JSON can hold). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** A trimmed text of at most `max` characters; '' or absent gives null (or the required message). */
export function checkText(raw: unknown, max: number, maxMessage: string, requiredMessage?: string): { value: string | null } | { error: string } {
  if (raw === undefined || raw === null) return requiredMessage ? { error: requiredMessage } : { value: null };
  if (typeof raw !== 'string') return { error: requiredMessage ?? maxMessage };
  const t = raw.trim();
  if (!t) return requiredMessage ? { error: requiredMessage } : { value: null };
  if (!isStorableText(t)) return { error: 'Text contains characters that are not allowed.' };
  if (t.length > max) return { error: maxMessage };
  return { value: t };
}

/** A Money field of whole cents: 1 cent to $10,000.00 (zero allowed when `allowZero`). */
export function checkAmount(raw: unknown, requiredMessage: string, options: { allowZero?: boolean; maxCents?: number; maxMessage?: string } = {}): { value: Money } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { error: requiredMessage };
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { error: requiredMessage };
  if (!Number.isInteger(raw)) return { error: COUPON_MESSAGES.amountWhole };
  if (raw < 0 || (raw === 0 && !options.allowZero)) return { error: COUPON_MESSAGES.amountPositive };
  if (raw > (options.maxCents ?? COUPON_LIMITS.amountMaxCents)) return { error: options.maxMessage ?? COUPON_MESSAGES.amountMax };
  return { value: cents(raw) };
}

export function checkLocationIds(raw: unknown, requiredMessage: string): { value: number[] } | { error: string } {
  if (!Array.isArray(raw) || raw.length === 0) return { error: requiredMessage };
  if (raw.length > COUPON_LIMITS.locationsMax) return { error: COUPON_MESSAGES.locationsMax };
  for (const id of raw) {
    if (!wholeIn(id, 1, COUPON_LIMITS.locationIdMax)) return { error: COUPON_MESSAGES.locationInvalid };
  }
  return { value: [...new Set(raw as number[])].sort((a, b) => a - b) };
}

function checkValue(raw: unknown, fields: Record<string, string>): CouponValue | null {
  if (!isRecord(raw)) {
    fields.value = COUPON_MESSAGES.valueKindRequired;
    return null;
  }
  const money = (key: string, requiredMessage: string): Money | null => {
    const r = checkAmount(raw[key], requiredMessage);
    if ('error' in r) {
      fields[`value.${key}`] = r.error;
      return null;
    }
    return r.value;
  };
  switch (raw.kind) {
    case 'fixed': {
      const amount = money('amount', COUPON_MESSAGES.amountRequired);
      return amount === null ? null : { kind: 'fixed', amount };
    }
    case 'percent': {
      const bp = raw.basisPoints;
      const okBp = wholeIn(bp, COUPON_LIMITS.basisPointsMin, COUPON_LIMITS.basisPointsMax);
      if (!okBp) fields['value.basisPoints'] = COUPON_MESSAGES.percentRange;
      const referencePrice = money('referencePrice', COUPON_MESSAGES.referencePriceRequired);
      return okBp && referencePrice !== null ? { kind: 'percent', basisPoints: bp, referencePrice } : null;
    }
    case 'operation': {
      const maximum = money('maximum', COUPON_MESSAGES.maximumRequired);
      const referencePrice = money('referencePrice', COUPON_MESSAGES.referencePriceRequired);
      return maximum !== null && referencePrice !== null ? { kind: 'operation', maximum, referencePrice } : null;
    }
    default:
      fields.value = COUPON_MESSAGES.valueKindRequired;
      return null;
  }
}

function checkValidity(raw: unknown, fields: Record<string, string>): CouponValidity | null {
  if (!isRecord(raw)) {
    fields.validity = COUPON_MESSAGES.validityRequired;
    return null;
  }
  if (raw.kind === 'monthsAfterSale') {
    const m = raw.months;
    if (wholeIn(m, COUPON_LIMITS.monthsMin, COUPON_LIMITS.monthsMax)) return { kind: 'monthsAfterSale', months: m };
    fields['validity.months'] = COUPON_MESSAGES.monthsRange;
    return null;
  }
  if (raw.kind === 'fixedDate') {
    if (isLocalDate(raw.date)) return { kind: 'fixedDate', date: raw.date };
    fields['validity.date'] = COUPON_MESSAGES.dateInvalid;
    return null;
  }
  fields.validity = COUPON_MESSAGES.validityRequired;
  return null;
}

/** Checks and normalises the terms of a coupon definition (create and edit send all of them). */
export function checkCouponTerms(input: unknown): Checked<CouponTerms> {
  const body = isRecord(input) ? input : {};
  const fields: Record<string, string> = {};

  const name = checkText(body.name, COUPON_LIMITS.nameMax, COUPON_MESSAGES.nameMax, COUPON_MESSAGES.nameRequired);
  if ('error' in name) fields.name = name.error;
  const description = checkText(body.description, COUPON_LIMITS.descriptionMax, COUPON_MESSAGES.descriptionMax);
  if ('error' in description) fields.description = description.error;

  let opCodes: string[] = [];
  if (!Array.isArray(body.opCodes)) fields.opCodes = COUPON_MESSAGES.opCodesRequired;
  else {
    for (const raw of body.opCodes) {
      const code = typeof raw === 'string' ? normalizeOpCode(raw) : '';
      if (!code) continue;
      if (code.length > COUPON_LIMITS.opCodeMax || !OP_CODE.test(code)) fields.opCodes = COUPON_MESSAGES.opCodeInvalid;
      else if (!opCodes.includes(code)) opCodes.push(code);
    }
    if (!fields.opCodes && opCodes.length === 0) fields.opCodes = COUPON_MESSAGES.opCodesRequired;
    if (!fields.opCodes && opCodes.length > COUPON_LIMITS.opCodesMax) fields.opCodes = COUPON_MESSAGES.opCodesMax;
    if (fields.opCodes) opCodes = [];
  }

  const value = checkValue(body.value, fields);

  let laborTypes: LaborType[] = [...DEFAULT_COUPON_LABOR_TYPES];
  if (body.laborTypes !== undefined && body.laborTypes !== null) {
    if (!Array.isArray(body.laborTypes) || body.laborTypes.length === 0) fields.laborTypes = COUPON_MESSAGES.laborTypesRequired;
    else {
      const types = body.laborTypes.map((t) => (typeof t === 'string' ? t.trim().toUpperCase() : ''));
      if (types.some((t) => !(t in LABOR_TYPES))) fields.laborTypes = COUPON_MESSAGES.laborTypeInvalid;
      else laborTypes = (Object.keys(LABOR_TYPES) as LaborType[]).filter((t) => types.includes(t));
    }
  }

  const validity = checkValidity(body.validity, fields);

  let maxPerRo = 1;
  if (body.maxPerRo !== undefined && body.maxPerRo !== null) {
    const m = body.maxPerRo;
    if (wholeIn(m, 1, COUPON_LIMITS.maxPerRoMax)) maxPerRo = m;
    else fields.maxPerRo = COUPON_MESSAGES.maxPerRoRange;
  }

  let maxAmountPerRo: Money | null = null;
  if (body.maxAmountPerRo !== undefined && body.maxAmountPerRo !== null && body.maxAmountPerRo !== '') {
    const r = checkAmount(body.maxAmountPerRo, COUPON_MESSAGES.amountRequired);
    if ('error' in r) fields.maxAmountPerRo = r.error;
    else maxAmountPerRo = r.value;
  }

  const locations = checkLocationIds(body.locationIds, COUPON_MESSAGES.locationsRequired);
  if ('error' in locations) fields.locationIds = locations.error;

  if (Object.keys(fields).length > 0) return { ok: false, errors: Object.values(fields), fields };
  return {
    ok: true,
    value: {
      name: (name as { value: string }).value,
      description: (description as { value: string | null }).value,
      opCodes,
      value: value!,
      laborTypes,
      validity: validity!,
      maxPerRo,
      maxAmountPerRo,
      locationIds: (locations as { value: number[] }).value,
    },
  };
}

/**
 * The stand-alone value of one coupon: what it would sell for on its own.
 * fixed: its amount. percent: that percent of its reference price (half-up to the cent).
 * operation: its reference price, capped at its maximum.
 */
export function standAloneValue(value: CouponValue): Money {
  switch (value.kind) {
    case 'fixed':
      return value.amount;
    case 'percent':
      return percentOf(value.referencePrice, value.basisPoints, 'half-up');
    case 'operation':
      return minMoney(value.referencePrice, value.maximum);
  }
}

/** The fields of two sets of terms that differ (for CouponEdited: only what changed). */
export function changedCouponTerms(before: CouponTerms, after: CouponTerms): Partial<CouponTerms> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CouponTerms)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as Partial<CouponTerms>;
}
