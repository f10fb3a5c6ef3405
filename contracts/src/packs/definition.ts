/**
 * A coupon pack (issue 11): coupons with quantities, a price, the locations that sell it and a
 * term. Its field rules and maxima with messages, and SPEC 8's success texts.
 */
import { cents, formatMoney, type Money } from '../money/index';
import { checkAmount, checkLocationIds, checkText, COUPON_LIMITS, isRecord, itemMessages, wholeIn, type Checked } from '../coupons/definition';

export interface PackItem {
  couponId: string;
  quantity: number;
}

export interface PackTerms {
  name: string;
  description: string | null;
  /** The list price of the pack, before tax. */
  price: Money;
  /** Locations that sell it (locationId). */
  locationIds: number[];
  /** The plan ends this many months after the sale... */
  termMonths: number;
  /** ...or after this many miles from the mileage at sale, whichever comes first (null: no mileage limit). */
  termMileage: number | null;
}

export type PackStatus = 'active' | 'disabled';

export const PACK_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  /** $100,000.00 */
  priceMaxCents: 10_000_000,
  termMonthsMin: 1,
  termMonthsMax: 120,
  termMileageMax: 1_000_000,
  itemsMax: 50,
  quantityMin: 1,
  quantityMax: 99,
  reasonMax: COUPON_LIMITS.reasonMax,
} as const;

export const PACK_MESSAGES = {
  ...itemMessages('Coupon pack'),
  // SPEC 8 success texts.
  created: 'Successfully created coupon pack.',
  edited: 'Successfully edited coupon pack.',
  disabled: 'Successfully disabled coupon pack.',
  couponAdded: 'Successfully added coupon to pack.',
  couponRemoved: 'Successfully removed coupon from pack.',
  enabled: 'Successfully enabled coupon pack.',
  notFound: 'Coupon pack not found.',
  alreadyExists: 'This coupon pack already exists.',
  alreadyDisabled: 'This coupon pack is already disabled.',
  disabledCannotChange: 'A disabled coupon pack cannot be changed. Enable it first.',
  nameRequired: 'Name is required.',
  nameMax: `Only ${PACK_LIMITS.nameMax} characters are allowed.`,
  descriptionMax: `Only ${PACK_LIMITS.descriptionMax} characters are allowed.`,
  priceRequired: 'Price is required.',
  priceMax: `The price can be at most ${formatMoney(cents(PACK_LIMITS.priceMaxCents))}.`,
  locationsRequired: 'Choose at least one location that sells the pack.',
  termMonthsRange: `Term must be a whole number of months from ${PACK_LIMITS.termMonthsMin} to ${PACK_LIMITS.termMonthsMax}.`,
  termMileageRange: `Mileage must be a whole number from 1 to ${PACK_LIMITS.termMileageMax.toLocaleString('en-US')}.`,
  quantityRange: `Quantity must be a whole number from ${PACK_LIMITS.quantityMin} to ${PACK_LIMITS.quantityMax}.`,
  couponRequired: 'Choose a coupon.',
  couponNotFound: 'Coupon not found.',
  couponDisabled: (name: string) => `The coupon ${name} is disabled and cannot be added to a pack.`,
  couponNotInPack: 'This coupon is not in the pack.',
  itemsMax: `A pack can hold at most ${PACK_LIMITS.itemsMax} different coupons.`,
  reasonMax: `Only ${PACK_LIMITS.reasonMax} characters are allowed.`,
} as const;


/** Checks and normalises a pack's terms (create and edit send all of them). */
export function checkPackTerms(input: unknown): Checked<PackTerms> {
  const body = isRecord(input) ? input : {};
  const fields: Record<string, string> = {};
  const name = checkText(body.name, PACK_LIMITS.nameMax, PACK_MESSAGES.nameMax, PACK_MESSAGES.nameRequired);
  if ('error' in name) fields.name = name.error;
  const description = checkText(body.description, PACK_LIMITS.descriptionMax, PACK_MESSAGES.descriptionMax);
  if ('error' in description) fields.description = description.error;
  const price = checkAmount(body.price, PACK_MESSAGES.priceRequired, { allowZero: true, maxCents: PACK_LIMITS.priceMaxCents, maxMessage: PACK_MESSAGES.priceMax });
  if ('error' in price) fields.price = price.error;
  const locations = checkLocationIds(body.locationIds, PACK_MESSAGES.locationsRequired);
  if ('error' in locations) fields.locationIds = locations.error;
  if (!wholeIn(body.termMonths, PACK_LIMITS.termMonthsMin, PACK_LIMITS.termMonthsMax)) fields.termMonths = PACK_MESSAGES.termMonthsRange;
  const mileage = body.termMileage ?? null;
  if (mileage !== null && !wholeIn(mileage, 1, PACK_LIMITS.termMileageMax)) fields.termMileage = PACK_MESSAGES.termMileageRange;
  if (Object.keys(fields).length > 0) return { ok: false, errors: Object.values(fields), fields };
  return {
    ok: true,
    value: {
      name: (name as { value: string }).value,
      description: (description as { value: string | null }).value,
      price: (price as { value: Money }).value,
      locationIds: (locations as { value: number[] }).value,
      termMonths: body.termMonths as number,
      termMileage: mileage as number | null,
    },
  };
}

/** Checks the coupon and quantity of an add-coupon request (quantity defaults to 1). */
export function checkPackItem(input: unknown): Checked<PackItem> {
  const body = isRecord(input) ? input : {};
  const fields: Record<string, string> = {};
  const couponId = typeof body.couponId === 'string' ? body.couponId.trim() : '';
  if (!couponId || couponId.length > 64) fields.couponId = PACK_MESSAGES.couponRequired;
  const quantity = body.quantity ?? 1;
  if (!wholeIn(quantity, PACK_LIMITS.quantityMin, PACK_LIMITS.quantityMax)) fields.quantity = PACK_MESSAGES.quantityRange;
  if (Object.keys(fields).length > 0) return { ok: false, errors: Object.values(fields), fields };
  return { ok: true, value: { couponId, quantity: quantity as number } };
}

export function changedPackTerms(before: PackTerms, after: PackTerms): Partial<PackTerms> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof PackTerms)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as Partial<PackTerms>;
}
