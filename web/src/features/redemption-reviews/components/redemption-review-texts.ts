// Words of the Redemptions on voided ROs section (managers and admins, on RO Search). Server messages come from
// contracts (REDEMPTION_REVIEW_MESSAGES); these are the labels a manager reads.
import { formatDateTime, formatMoney, type VoidedRoRedemptionView } from '@dealer/contracts';

export const REVIEW_TEXTS = {
  title: 'Redemptions on voided ROs',
  intro: 'Coupons redeemed on repair orders the DMS data now shows voided. Void the redemption to give the coupon back, or keep it with a note when the work stands.',
  location: 'Location of the ROs',
  chooseLocation: 'Choose a location to see its redemptions on voided ROs.',
  loading: 'Loading redemptions on voided ROs...',
  none: 'No redemptions on voided ROs at this location. Nothing to review.',
  count: (n: number) => (n === 1 ? '1 redemption to review' : `${n} redemptions to review`),
  coupon: 'Coupon',
  customer: 'Customer',
  ro: 'RO#',
  roVoided: (date: string) => `Voided in the DMS ${date}`,
  opCode: 'Op code',
  amount: 'Amount off',
  redeemed: 'Redeemed',
  void: 'Void',
  keep: 'Keep',
  paperCustomer: 'Paper coupon (no customer)',
  caption: 'Redemptions on ROs the DMS data shows voided, newest first',
  voidDescription: (what: string, ro: string) => `Void the redemption of ${what} on voided RO# ${ro}. The coupon becomes available again while it is valid.`,
  keepTitle: 'Keep Redemption',
  keepDescription: (what: string, ro: string) => `Keep the redemption of ${what} on RO# ${ro}, which the DMS data shows voided. Say why the redemption stands.`,
  noteLabel: 'Note',
  cancel: 'Cancel',
  keepSubmit: 'Keep',
  saving: 'Saving...',
} as const;

/** The coupon as a manager knows it: its name, and for paper the book and coupon number. */
export function couponLabel(r: VoidedRoRedemptionView): string {
  return r.kind === 'paper' ? `${r.couponName} (paper book ${r.bookNumber ?? '?'}, coupon #${r.paperCouponNumber ?? '?'})` : r.couponName;
}

export function customerLabel(r: VoidedRoRedemptionView): string {
  if (r.kind === 'paper') return REVIEW_TEXTS.paperCustomer;
  return r.customerName ?? '-';
}

export const locationOf = (r: VoidedRoRedemptionView) => r.locationName ?? `Location ${r.locationId}`;

/** The RO's void date as the DMS wrote it (a local time without zone): month/day/year. */
export function roVoidDateLabel(r: VoidedRoRedemptionView): string {
  const [date] = r.roVoidDate.split('T');
  const [y, m, d] = (date ?? '').split('-');
  return y && m && d ? `${m}/${d}/${y}` : r.roVoidDate;
}

export const amountLabel = (r: VoidedRoRedemptionView) => formatMoney(r.amount);

export const redeemedLabel = (r: VoidedRoRedemptionView) => `${formatDateTime(r.redeemedAt)}${r.redeemedByName ? ` by ${r.redeemedByName}` : ''}`;
