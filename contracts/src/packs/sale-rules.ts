/**
 * Selling a pack: the request's rules and the sale's messages (SPEC 2.5's pending texts, SPEC 5
 * RO and void-reason messages), written once for the form and the server.
 */
import { RO_INPUT_MESSAGES } from '../repair-orders/ro-records';
import type { Checked } from '../coupons/definition';
import { checkText } from '../coupons/definition';
import { PACK_LIMITS, PACK_MESSAGES } from './definition';

export const PACK_SALE_LIMITS = {
  /** RO numbers as the DMS stores them: 1 to 20 letters, digits or dashes. */
  roNumberMax: 20,
  reasonMax: PACK_LIMITS.reasonMax,
  mileageMax: 2_000_000,
  /** Sales tax rate at most 30 %. */
  taxRateMaxBasisPoints: 3000,
} as const;

const RO_NUMBER = /^[A-Z0-9-]{1,20}$/;

export const PACK_SALE_MESSAGES = {
  ...RO_INPUT_MESSAGES,
  sold: 'Successfully sold coupon pack.',
  unknownError: 'Unknown error submitting coupon pack sale.',
  roNumberInvalid: 'RO numbers are 1 to 20 letters, digits or dashes.',
  customerRequired: 'Customer is required.',
  packRequired: 'Choose a coupon pack.',
  packNotFound: PACK_MESSAGES.notFound,
  packDisabled: 'This coupon pack is disabled and cannot be sold.',
  packEmpty: 'This coupon pack has no coupons to sell.',
  couponUnavailable: (name: string) => `The coupon ${name} is disabled or missing, so this pack cannot be sold until it is fixed.`,
  couponAlreadyExpired: (name: string, date: string) => `The coupon ${name} expired on ${date} and cannot be sold.`,
  locationNotSelling: 'This coupon pack is not sold at this location.',
  locationNotUsingCrm: 'This location does not use the CRM.',
  locationTimeZoneMissing: 'This location has no valid time zone; an administrator must set one.',
  priceOverrideManagersOnly: 'Only managers can change the price of a pack.',
  priceOverrideReasonRequired: 'A reason is required to change the price.',
  reasonMax: `Only ${PACK_SALE_LIMITS.reasonMax} characters are allowed.`,
  mileageInvalid: `Mileage must be a whole number from 0 to ${PACK_SALE_LIMITS.mileageMax.toLocaleString('en-US')}.`,
  taxRateInvalid: 'The tax rate must be a whole number of basis points from 0 to 3000.',
  alreadySold: 'This sale already exists.',
  notFound: 'Coupon pack sale not found.',
  voided: 'This sale is voided.',
  alreadyVoided: 'This sale is already voided.',
  finaliseManagersOnly: 'Only managers can finalise a pending sale.',
  voidManagersOnly: 'Only managers can void a sale.',
  voidReasonRequired: 'Void reason is required',
  voidCouponUsed: 'This sale cannot be voided because one of its coupons has been used.',
  correctionReasonRequired: 'A reason is required to correct the location.',
  finalised: 'Successfully finalised coupon pack sale.',
  locationCorrected: 'Successfully corrected the sold location.',
  voidedSuccess: 'Successfully voided coupon pack sale.',
  // SPEC 2.5: the pending book/pack texts.
  pendingWarning: 'The book this coupon is attached to is still pending, so capabilities are limited until the sale is final.',
  pendingLocationTooltip: 'Unable to edit location because pack is pending. If the sold location is not correct, please correct in purchase history.',
} as const;

/** An RO number: trimmed, upper-case, 1-20 letters, digits or dashes. */
export function checkRoNumber(raw: unknown): { value: string } | { error: string } {
  const t = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!t) return { error: PACK_SALE_MESSAGES.roNumberRequired };
  if (!RO_NUMBER.test(t)) return { error: PACK_SALE_MESSAGES.roNumberInvalid };
  return { value: t };
}

/** A required reason (void, price override, correction) of at most 500 characters. */
export function checkReason(raw: unknown, requiredMessage: string): { value: string } | { error: string } {
  const r = checkText(raw, PACK_SALE_LIMITS.reasonMax, PACK_SALE_MESSAGES.reasonMax, requiredMessage);
  return 'error' in r ? r : { value: r.value! };
}

export interface PackSaleRequest {
  customerId: string;
  packId: string;
  locationId: number;
  roNumber: string;
  /** Null: the pack's price. Whole cents otherwise (managers only, with a reason). */
  price: number | null;
  priceOverrideReason: string | null;
}

const id = (x: unknown) => (typeof x === 'string' && x.trim().length > 0 && x.trim().length <= 64 ? x.trim() : null);

/** POST /api/pack-sales body: the shape; the decider checks the rules that need state. */
export function checkPackSaleRequest(input: unknown): Checked<PackSaleRequest> {
  const body = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const customerId = id(body.customerId);
  if (!customerId) fields.customerId = PACK_SALE_MESSAGES.customerRequired;
  const packId = id(body.packId);
  if (!packId) fields.packId = PACK_SALE_MESSAGES.packRequired;
  const locationId = body.locationId;
  if (typeof locationId !== 'number' || !Number.isInteger(locationId) || locationId < 1 || locationId > 2_147_483_647) fields.locationId = PACK_SALE_MESSAGES.locationRequired;
  const ro = checkRoNumber(body.roNumber);
  if ('error' in ro) fields.roNumber = ro.error;
  const price = body.price ?? null;
  if (price !== null && !(typeof price === 'number' && Number.isInteger(price) && price >= 0 && price <= PACK_LIMITS.priceMaxCents)) fields.price = PACK_MESSAGES.priceMax;
  const reason = checkText(body.priceOverrideReason, PACK_SALE_LIMITS.reasonMax, PACK_SALE_MESSAGES.reasonMax);
  if ('error' in reason) fields.priceOverrideReason = reason.error;
  if (Object.keys(fields).length > 0) return { ok: false, errors: Object.values(fields), fields };
  return {
    ok: true,
    value: {
      customerId: customerId!,
      packId: packId!,
      locationId: locationId as number,
      roNumber: (ro as { value: string }).value,
      price: price as number | null,
      priceOverrideReason: (reason as { value: string | null }).value,
    },
  };
}
