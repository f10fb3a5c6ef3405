// Wording of the Packs page that SPEC leaves open; SPEC 8's texts and the field messages come from contracts.
import { PACK_LIMITS, PACK_MESSAGES } from '@dealer/contracts';

export const PACK_TEXTS = {
  add: 'Add Pack',
  addTitle: 'Add Pack',
  editTitle: (name: string) => `Edit Pack: ${name}`,
  detailTitle: (name: string) => `Pack: ${name}`,
  searchLabel: 'Search packs',
  searchPlaceholder: 'Pack name',
  status: 'Status',
  loading: 'Loading packs...',
  none: 'No packs yet.',
  noMatches: 'No results.',
  name: 'Name',
  description: 'Description',
  descriptionHint: 'Optional. What the customer reads about the pack.',
  price: 'Price ($)',
  priceHint: 'Before tax. A free pack is allowed.',
  termMonths: 'Term (months)',
  termMonthsHint: `The plan ends this many months after the sale (${PACK_LIMITS.termMonthsMin}-${PACK_LIMITS.termMonthsMax}).`,
  termMileage: 'Mileage limit',
  termMileageHint: 'Optional. Or after this many miles from the sale, whichever comes first.',
  locations: 'Sold at',
  locationsLoading: 'Loading locations...',
  coupons: 'Coupons',
  manageCoupons: 'Coupons',
  noCoupons: 'This pack has no coupons yet.',
  addCoupon: 'Add Coupon',
  pickCouponTitle: 'Add Coupon to Pack',
  pickCouponLabel: 'Search active coupons by name or op code',
  pickCouponPlaceholder: 'Coupon name or op code',
  quantityTitle: (name: string) => `Quantity of ${name}`,
  quantity: 'Quantity',
  quantityHint: (existing: number | null) =>
    existing === null
      ? `How many of this coupon the pack holds (${PACK_LIMITS.quantityMin}-${PACK_LIMITS.quantityMax}).`
      : `The pack already holds ${existing}; this sets the new quantity.`,
  removeDetail: (coupon: string, pack: string) => `${coupon} will be taken out of ${pack}. Packs already sold keep it.`,
  disableConfirm: (name: string) => `Are you sure you want to disable coupon pack ${name}? It can no longer be sold; packs already sold are not changed.`,
  enableConfirm: (name: string) => `Enable coupon pack ${name} again?`,
  disabledNote: 'This pack is disabled: enable it to change its coupons.',
  worth: 'Worth one by one',
} as const;

export { PACK_MESSAGES };
