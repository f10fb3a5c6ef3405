/**
 * What a sale gives the customer: one issued coupon per unit of each pack item, each with its
 * own id, its expiry (the earlier of the coupon's validity and the pack's term, at the end of
 * that local day in the sale location's zone) and its allocated value (the price spread over
 * the units by their stand-alone values, largest remainder, summing exactly to the price).
 */
import { allocateMoney, type Money } from '../money/index';
import { addMonths, earlierDate, endOfLocalDay, type LocalDate } from '../coupons/expiry';
import type { CouponValidity } from '../coupons/definition';
import type { IssuedCoupon, PackSnapshot } from './sale-events';

/** The last local day a coupon is good: its own validity, cut off at the end of the pack's term. */
export function couponExpiresOn(validity: CouponValidity, soldOn: LocalDate, termMonths: number): LocalDate {
  const termEnd = addMonths(soldOn, termMonths);
  const own = validity.kind === 'monthsAfterSale' ? addMonths(soldOn, validity.months) : validity.date;
  return earlierDate(own, termEnd);
}

/** Allocated value per unit, in pack order (item by item, unit by unit). */
export function allocatePackPrice(price: Money, pack: Pick<PackSnapshot, 'items'>): Money[] {
  const weights = pack.items.flatMap((item) => Array.from({ length: item.quantity }, () => item.standAloneValue as number));
  return allocateMoney(price, weights);
}

export function issueCoupons(input: { pack: PackSnapshot; price: Money; soldOn: LocalDate; timeZone: string; newId: () => string }): IssuedCoupon[] {
  const { pack, price, soldOn, timeZone, newId } = input;
  const values = allocatePackPrice(price, pack);
  const issued: IssuedCoupon[] = [];
  for (const item of pack.items) {
    const expiresOn = couponExpiresOn(item.coupon.validity, soldOn, pack.termMonths);
    const expiresAt = endOfLocalDay(expiresOn, timeZone).toISOString();
    for (let unit = 0; unit < item.quantity; unit++) {
      issued.push({ issuedCouponId: newId(), couponId: item.couponId, expiresOn, expiresAt, allocatedValue: values[issued.length]! });
    }
  }
  return issued;
}
