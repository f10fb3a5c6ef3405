// How a pack's terms read on the page: term, locations, coupon count.
import type { PackView } from '@dealer/contracts';

export function termText(pack: Pick<PackView, 'termMonths' | 'termMileage'>): string {
  const months = pack.termMonths === 1 ? '1 month' : `${pack.termMonths} months`;
  return pack.termMileage === null ? months : `${months} or ${pack.termMileage.toLocaleString('en-US')} miles`;
}

export const locationsText = (pack: Pick<PackView, 'locationIds' | 'locationNames'>) =>
  pack.locationIds.map((id, i) => pack.locationNames[i] ?? `Location ${id}`).join(', ');

/** '3 coupons of 2 kinds': how many coupons a buyer gets, and how many different ones. */
export function couponCountText(items: PackView['items']): string {
  const count = items.reduce((sum, i) => sum + i.quantity, 0);
  if (count === 0) return 'None';
  const coupons = count === 1 ? '1 coupon' : `${count} coupons`;
  return items.length === count ? coupons : `${coupons} of ${items.length} ${items.length === 1 ? 'kind' : 'kinds'}`;
}

export const statusText = (status: PackView['status']) => (status === 'active' ? 'Active' : 'Disabled');
