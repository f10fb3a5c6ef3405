// How a coupon's terms read on the page: value, validity, labour types, per-RO limits and locations.
import { formatMoney, formatPercent, LABOR_TYPES, type CouponView } from '@dealer/contracts';

export function valueText(value: CouponView['value']): string {
  switch (value.kind) {
    case 'fixed':
      return `${formatMoney(value.amount)} off`;
    case 'percent':
      return `${formatPercent(value.basisPoints)} off (reference ${formatMoney(value.referencePrice)})`;
    case 'operation':
      return `Whole operation up to ${formatMoney(value.maximum)} (reference ${formatMoney(value.referencePrice)})`;
  }
}

/** 'YYYY-MM-DD' as month/day/year (SPEC 5), without a time zone shifting the day. */
export function localDateText(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${m}/${d}/${y}` : date;
}

/** The value in two parts for a table cell: what it takes off, and the reference price underneath. */
export function valueParts(value: CouponView['value']): { main: string; note: string | null } {
  switch (value.kind) {
    case 'fixed':
      return { main: `${formatMoney(value.amount)} off`, note: null };
    case 'percent':
      return { main: `${formatPercent(value.basisPoints)} off`, note: `Reference ${formatMoney(value.referencePrice)}` };
    case 'operation':
      return { main: `Operation up to ${formatMoney(value.maximum)}`, note: `Reference ${formatMoney(value.referencePrice)}` };
  }
}

export function validityText(validity: CouponView['validity']): string {
  if (validity.kind === 'fixedDate') return `Through ${localDateText(validity.date)}`;
  return validity.months === 1 ? '1 month after sale' : `${validity.months} months after sale`;
}

export const laborTypesText = (types: CouponView['laborTypes']) => types.map((t) => `${t} ${LABOR_TYPES[t].toLowerCase()}`).join(', ');

export function perRoText(view: Pick<CouponView, 'maxPerRo' | 'maxAmountPerRo'>): string {
  const count = view.maxPerRo === 1 ? '1 per RO' : `${view.maxPerRo} per RO`;
  return view.maxAmountPerRo === null ? count : `${count}, at most ${formatMoney(view.maxAmountPerRo)}`;
}

export const locationsText = (view: Pick<CouponView, 'locationIds' | 'locationNames'>) =>
  view.locationIds.map((id, i) => view.locationNames[i] ?? `Location ${id}`).join(', ');

export const statusText = (status: CouponView['status']) => (status === 'active' ? 'Active' : 'Disabled');

/**
 * The status staff read for a coupon: one whose fixed end date ('Through 03/31/2026') has passed
 * is Ended, whatever its switch says; it can no longer be redeemed, so 'Active' would contradict
 * the date beside it.
 */
export function couponStatus(view: Pick<CouponView, 'status' | 'validity'>, today: string): { key: 'active' | 'disabled' | 'ended'; text: string } {
  if (view.status === 'active' && view.validity.kind === 'fixedDate' && view.validity.date < today) return { key: 'ended', text: 'Ended' };
  return { key: view.status, text: statusText(view.status) };
}
