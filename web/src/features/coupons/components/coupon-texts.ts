// Wording of the Coupons page that SPEC leaves open; the messages come from contracts (COUPON_MESSAGES).
import { COUPON_LIMITS, COUPON_MESSAGES, LABOR_TYPES, type LaborType } from '@dealer/contracts';

export const COUPON_TEXTS = {
  add: 'Add Coupon',
  addTitle: 'Add Coupon',
  editTitle: (name: string) => `Edit Coupon: ${name}`,
  searchLabel: 'Search coupons',
  searchPlaceholder: 'Name or op code',
  status: 'Status',
  loading: 'Loading coupons...',
  none: 'No coupons yet.',
  noMatches: 'No results.',
  name: 'Name',
  description: 'Description',
  descriptionHint: 'Optional. What the customer reads about the coupon.',
  opCodes: 'Op codes',
  opCodesHint: `Separated by commas or spaces, as on the repair order (at most ${COUPON_LIMITS.opCodesMax}).`,
  valueKind: 'Value',
  amount: 'Amount off ($)',
  percent: 'Percent off the line (%)',
  referencePrice: 'Reference price ($)',
  referencePriceHint: 'What the operation usually sells for: the basis of the coupon\'s value in a pack.',
  maximum: 'Maximum ($)',
  maximumHint: 'The most the coupon pays for the operation.',
  laborTypes: 'Labour types',
  validityKind: 'Valid for',
  months: 'Months after sale',
  date: 'Valid through',
  maxPerRo: 'Most per RO',
  maxPerRoHint: 'How many of this coupon one repair order can take.',
  maxAmountPerRo: 'Most off one RO ($)',
  maxAmountPerRoHint: 'Optional cap on what the coupon takes off one repair order.',
  locations: 'Honoured at',
  locationsLoading: 'Loading locations...',
  disableConfirm: (name: string) => `Are you sure you want to disable coupon ${name}? It can no longer be added to packs.`,
  enableConfirm: (name: string) => `Enable coupon ${name} again?`,
} as const;

export const VALUE_KIND_OPTIONS = [
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'percent', label: 'Percent of the line' },
  { value: 'operation', label: 'Whole operation' },
] as const;

export const VALIDITY_KIND_OPTIONS = [
  { value: 'monthsAfterSale', label: 'Months after sale' },
  { value: 'fixedDate', label: 'Until a date' },
] as const;

export const LABOR_TYPE_OPTIONS = (Object.keys(LABOR_TYPES) as LaborType[]).map((t) => ({ value: t, label: `${t} ${LABOR_TYPES[t].toLowerCase()}` }));

export { COUPON_MESSAGES };
