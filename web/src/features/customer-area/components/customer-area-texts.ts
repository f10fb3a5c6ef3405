// Words of the customer's own pages (My coupons, Current offers, Service history), in the customer's language:
// what a coupon is worth, where and until when it is good, what happened on each visit. No service-lane terms.
import {
  formatDateTime,
  formatMoney,
  formatPercent,
  type CouponValue,
  type CustomerCouponView,
  type LaborType,
  type LocalDate,
  type PackSaleView,
} from '@dealer/contracts';

export const CUSTOMER_AREA_TEXTS = {
  couponsTitle: 'My Coupons',
  couponsIntro: 'Your coupon packs and what is left on them. Show a coupon at the service desk when you visit.',
  myPacks: 'My coupon packs',
  packsLoading: 'Loading your coupons...',
  noPacks: 'You have no coupon packs yet. See the current offers below.',
  boughtAt: (date: string, location: string) => `Bought ${date} at ${location}`,
  paid: 'Paid',
  goodFor: 'Good for',
  left: (available: number, total: number) => `${available} of ${total} coupon${total === 1 ? '' : 's'} left`,
  paperBook: (book: string) => `Converted from paper coupon book #${book}`,
  packPending: (location: string) =>
    `Being finalised: until the visit you bought it on is closed, its coupons can be used at ${location} only; then wherever each coupon says.`,
  packVoided: 'This pack was cancelled and refunded; its coupons can no longer be used.',
  coupon: 'Coupon',
  value: 'Value',
  goodAt: 'Good at',
  expires: 'Good until',
  status: 'Status',
  couponsOf: (pack: string) => `Coupons in ${pack}`,
  /** Issue 24: the coupon's desk code and the view to show it at the service desk. */
  code: 'Code',
  showAtDesk: 'Show at the desk',
  showAtDeskLabel: (coupon: string) => `Show at the desk: ${coupon}`,
  deskTitle: 'Show at the desk',
  deskQrLabel: (code: string) => `QR code for ${code}`,
  deskHelp: 'Hold this up to the scanner at the service desk, or read the code aloud.',
  deskClose: 'Done',
  usedOn: (date: string, location: string) => `Used ${date} at ${location}`,
  awaitingApproval: (location: string) => `Waiting for your approval for a visit at ${location}. Check your e-mail or texts.`,
  offersTitle: 'Current offers',
  offersIntro: 'Coupon packs our dealerships sell today. Buy one online, or ask at the service desk.',
  buyOnline: 'Buy a pack online',
  offersLoading: 'Loading offers...',
  noOffers: 'There are no offers right now. Please check back soon.',
  includes: 'Includes',
  soldAt: 'Sold at',
  price: 'Price',
  worth: (value: string) => `${value} if bought one by one`,
  serviceTitle: 'Service History',
  serviceIntro: 'Your visits to our service departments, newest first.',
  serviceLoading: 'Loading your service history...',
  noVisits:
    'No visits to show yet. Visits appear here when the e-mail address or mobile phone on the repair order is one you have verified in My profile.',
  visitsLabel: 'Visits',
  pagesLabel: 'Service history pages',
  repairOrder: 'Repair order',
  vehicle: 'Vehicle (VIN)',
  mileage: 'Mileage',
  advisor: 'Service advisor',
  inProgress: 'In progress',
  completed: 'Completed',
  work: 'Work done',
  amount: 'Amount',
  total: 'Total',
  customerPay: (amount: string) => `${amount} was yours to pay; the rest was covered by warranty or by the dealership.`,
  jobsOf: (ro: string) => `Work done on repair order ${ro}`,
} as const;

export const COUPON_STATUS_WORDS: Record<CustomerCouponView['status'], { label: string; tone: string }> = {
  available: { label: 'Available', tone: 'success' },
  redeemed: { label: 'Used', tone: 'info' },
  expired: { label: 'Expired', tone: 'muted' },
  voided: { label: 'Cancelled', tone: 'danger' },
};

export const SALE_STATUS_WORDS: Record<PackSaleView['status'], { label: string; tone: string }> = {
  pending: { label: 'Being finalised', tone: 'warning' },
  final: { label: 'Active', tone: 'success' },
  voided: { label: 'Cancelled', tone: 'danger' },
};

/** Who pays a job, for the jobs that are not the customer's to pay. */
export const PAID_BY: Partial<Record<LaborType, string>> = { W: 'Warranty', I: 'Covered by the dealership' };

/** 'YYYY-MM-DD' (or the date part of a DMS wall-clock time) as month/day/year, never moved through a time zone. */
export function formatDay(date: LocalDate | string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : date;
}

/** What a coupon takes off, in plain words. */
export function couponValueWords(value: CouponValue): string {
  switch (value.kind) {
    case 'fixed':
      return `${formatMoney(value.amount)} off the service`;
    case 'percent':
      return `${formatPercent(value.basisPoints)} off the service`;
    case 'operation':
      return `The service is covered, up to ${formatMoney(value.maximum)}`;
  }
}

/** A pack's term: 'Good for 36 months or 36,000 miles, whichever comes first'. */
export function termWords(months: number, miles: number | null): string {
  return `${months} month${months === 1 ? '' : 's'}${miles ? ` or ${miles.toLocaleString('en-US')} miles, whichever comes first` : ''}`;
}

/** Location names for display, each unknown one by its number ('-' for none). */
export function placesWords(names: readonly (string | null)[], ids: readonly number[]): string {
  const shown = ids.map((id, i) => placeWords(names[i] ?? null, id));
  return shown.length > 0 ? shown.join(', ') : '-';
}

/** One location's name for display, an unknown one by its number. */
export function placeWords(name: string | null, id: number): string {
  return name ?? `Location ${id}`;
}

/** The line under a coupon that says what became of it: used where and when, or waiting for the customer. */
export function couponUseWords(coupon: CustomerCouponView): string | null {
  const r = coupon.redemption;
  if (!r) return null;
  const where = placeWords(r.locationName, r.locationId);
  if (r.state === 'awaiting-verification') return CUSTOMER_AREA_TEXTS.awaitingApproval(where);
  return CUSTOMER_AREA_TEXTS.usedOn(r.redeemedAt ? formatDateTime(r.redeemedAt) : formatDay(coupon.redeemedAt ?? ''), where);
}

/** The paper book a sale was converted from, when the server sends it (older servers do not). */
export function paperBookOf(sale: PackSaleView): string | null {
  const book = (sale as PackSaleView & { paperBookNumber?: string | null }).paperBookNumber;
  return typeof book === 'string' && book.trim() ? book : null;
}

/** Available coupons first, then used, expired and cancelled; by expiry within each. */
const ORDER: Record<CustomerCouponView['status'], number> = { available: 0, redeemed: 1, expired: 2, voided: 3 };
export function sortCoupons(coupons: readonly CustomerCouponView[]): CustomerCouponView[] {
  return [...coupons].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.expiresOn.localeCompare(b.expiresOn) || a.name.localeCompare(b.name));
}

/** Identical coupons of a pack (same coupon, status and expiry, none used) shown once with their count. */
export interface CouponGroup {
  key: string;
  coupon: CustomerCouponView;
  count: number;
}

export function groupCoupons(coupons: readonly CustomerCouponView[]): CouponGroup[] {
  const groups: CouponGroup[] = [];
  const byKey = new Map<string, CouponGroup>();
  for (const c of sortCoupons(coupons)) {
    // A used or held coupon has its own story (where and when): never merged.
    const key = c.redemption ? c.issuedCouponId : `${c.couponId}|${c.status}|${c.expiresOn}`;
    const group = byKey.get(key);
    if (group) group.count += 1;
    else {
      const created = { key, coupon: c, count: 1 };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** '4 × Oil and filter change', or the name alone for one. */
export const groupName = (g: CouponGroup) => (g.count > 1 ? `${g.count} \u00d7 ${g.coupon.name}` : g.coupon.name);
