// Words of the pack-sales screens, and the small formatters they share. Server messages come from contracts
// (PACK_SALE_MESSAGES); these are the labels a service advisor reads.
import {
  formatMoney,
  formatPercent,
  type CouponValue,
  type CustomerCouponView,
  type LocalDate,
  type PackSaleView,
} from '@dealer/contracts';

export const PACK_SALE_TEXTS = {
  packsTitle: 'Coupon packs',
  packsIntro: (name: string) => `Packs ${name} bought, with their coupons. Sell a new pack on the customer's RO.`,
  sellPack: 'Sell pack',
  sellTitle: 'Sell Coupon Pack',
  sellingTo: 'Customer',
  pack: 'Pack',
  packPlaceholder: 'Select a pack...',
  packsLoading: 'Loading packs...',
  noPacksHere: 'This location sells no coupon packs yet. Choose another location.',
  includes: 'Includes',
  term: (months: number, miles: number | null) =>
    `Good for ${months} month${months === 1 ? '' : 's'}${miles ? ` or ${miles.toLocaleString('en-US')} miles, whichever comes first` : ''}.`,
  listPrice: 'Pack price',
  price: 'Price',
  changePrice: 'Change the price',
  newPrice: 'New price',
  newPriceHint: 'In dollars and cents, like 149.00.',
  priceReason: 'Reason for the price change',
  tax: 'Tax',
  taxExempt: 'Tax exempt',
  taxAtRate: (basisPoints: number) => `Tax (${formatPercent(basisPoints)})`,
  taxUnknown: 'Worked out at sale',
  total: 'Total',
  continueToRo: 'Enter sale RO #',
  selling: 'Selling...',
  historyTitle: 'Purchase history',
  historyEmpty: 'This customer has not bought a coupon pack yet.',
  historyLoading: 'Loading purchase history...',
  soldOn: 'Sold on',
  saleRo: 'Sale RO#',
  location: 'Location',
  soldBy: 'Sold by',
  couponsOfSale: (n: number) => `${n} coupon${n === 1 ? '' : 's'}: see Coupons.`,
  priceChanged: (list: string, reason: string) => `Changed from ${list}: ${reason}`,
  coupons: 'Coupons',
  correctLocation: 'Correct location',
  correctTitle: 'Correct Sold Location',
  correctReason: 'Reason for the correction',
  correctIntro: (pack: string, ro: string) => `${pack}, sold on RO# ${ro}. Choose where it was really sold.`,
  finalise: 'Finalise',
  finaliseConfirm: (pack: string, ro: string) => `Make the sale of ${pack} on RO# ${ro} final now, without waiting for the RO to close?`,
  voidSale: 'Void',
  voidDescription: (pack: string, ro: string, total: string) => `Void ${pack} sold on RO# ${ro}. The customer is refunded ${total} and its coupons can no longer be used.`,
  voidedBy: (by: string, reason: string) => `Voided by ${by}: ${reason}`,
  correctedNote: (from: string, to: string, by: string, reason: string) => `Location corrected from ${from} to ${to} by ${by}: ${reason}`,
  finalisedByManager: (at: string) => `Finalised by a manager on ${at}.`,
  finalisedByRo: (at: string) => `Final since the sale RO closed (${at}).`,
  couponsTitle: 'Coupons',
  couponsIntro: (name: string) => `Every coupon ${name} owns, and where it can be used.`,
  /** Issue 24: the coupon Search Customer found by its desk code. */
  codeMatch: (code: string, coupon: string) => `Code ${code}: ${coupon}.`,
  codeMatchReady: 'Ready to redeem.',
  /** Issue 24: a coupon's desk code, and the pack sale's, as the customer shows them at the desk. */
  code: 'Code',
  packCode: 'Pack code',
  couponsEmpty: 'No coupons yet. Coupons appear here when the customer buys a pack.',
  couponsLoading: 'Loading coupons...',
  coupon: 'Coupon',
  offer: 'Offer',
  expires: 'Expiry',
  honouredAt: 'Good at',
  status: 'Status',
  fromPack: (pack: string) => `From ${pack}`,
  share: 'Share of price',
  shareOfPrice: (value: string) => `${value} of the pack price`,
  pendingNote: 'Pending until the sale RO closes.',
} as const;

export const SALE_STATUS_LABELS: Record<PackSaleView['status'], string> = { pending: 'Pending', final: 'Final', voided: 'Voided' };
export const COUPON_STATUS_LABELS: Record<CustomerCouponView['status'], string> = {
  available: 'Available',
  redeemed: 'Redeemed',
  voided: 'Voided',
  expired: 'Expired',
};

/** 'YYYY-MM-DD' as month/day/year (SPEC 5); a local date is shown as is, never moved through a time zone. */
export function formatLocalDate(date: LocalDate): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : date;
}

/** 'Expires 12/31/2027', or 'Expired 12/31/2027' once past. */
export function expiryLabel(coupon: Pick<CustomerCouponView, 'expiresOn' | 'status'>): string {
  return `${coupon.status === 'expired' ? 'Expired' : 'Expires'} ${formatLocalDate(coupon.expiresOn)}`;
}

/** What the coupon takes off, in the words of the service lane. */
export function describeOffer(value: CouponValue): string {
  switch (value.kind) {
    case 'fixed':
      return `${formatMoney(value.amount)} off`;
    case 'percent':
      return `${formatPercent(value.basisPoints)} off`;
    case 'operation':
      return `Covers the service, up to ${formatMoney(value.maximum)}`;
  }
}

/** Location names joined for display ('-' when none is known). */
export function locationList(names: readonly (string | null)[], ids: readonly number[]): string {
  const shown = names.map((n, i) => n ?? `Location ${ids[i] ?? ''}`.trim());
  return shown.length > 0 ? shown.join(', ') : '-';
}

export const locationLabel = (name: string | null, id: number) => name ?? `Location ${id}`;

/**
 * Who sold a pack, in words a person understands (issue 23: 'Sold by -' on sales without a staff seller):
 * the seller's name, or how the sale came about (bought online by the customer, a gift bought online,
 * demo data), from the actor the sale recorded.
 */
export function sellerWords(sale: { soldBy: string; soldByName: string | null; customerId: string }): string {
  if (sale.soldByName) return sale.soldByName;
  const [kind = '', ...rest] = sale.soldBy.split(':');
  const id = rest.join(':');
  if (kind === 'customer' || kind === 'customer-link') return id === sale.customerId ? 'Sold online (bought by the customer)' : 'Sold online (a gift)';
  if (kind === 'system') return id === 'demo-seed' ? 'Demo data (no seller)' : 'Sold online';
  return 'A staff member no longer listed';
}
