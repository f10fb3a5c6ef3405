// Words and small rules of buying a pack online (issue 13): which locations sell what, what a term and its expiry
// mean in plain words, and where "Buy" leads a customer or a visitor (sign in, then back to the chosen pack).
import { addMonths, formatMoney, type PackOfferView } from '@dealer/contracts';
import { paths } from '../../../config/paths';
import { authUrl } from '../../../lib/auth/auth-urls';
import { formatDay, placeWords, termWords } from '../../customer-area/components/customer-area-texts';

export const PURCHASE_TEXTS = {
  title: 'Buy Coupon Packs',
  intro: 'Prepaid service coupon packs our dealerships sell online. Pick a pack and the location you buy it from.',
  loading: 'Loading packs...',
  none: 'No packs are sold online right now. Please check back soon.',
  noneHere: 'This location sells no packs online right now. Choose another location.',
  locationFilter: 'Location',
  allLocations: 'All locations',
  price: 'Price',
  plusTax: 'plus sales tax',
  includes: 'Includes',
  goodFor: 'Good for',
  expiry: 'Expiry',
  soldAt: 'Buy from',
  buyAt: (location: string) => `Buy at ${location}`,
  signInNote: 'You sign in (or create an account) before paying, and come back to the pack you chose.',
} as const;

/** A selling location of the offers, for the location filter. */
export interface OfferLocation {
  locationId: number;
  name: string;
}

/** Every location that sells at least one of the offers, once, by name. */
export function offerLocations(offers: readonly PackOfferView[]): OfferLocation[] {
  const byId = new Map<number, OfferLocation>();
  for (const o of offers) {
    o.locationIds.forEach((id, i) => {
      if (!byId.has(id)) byId.set(id, { locationId: id, name: placeWords(o.locationNames[i] ?? null, id) });
    });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.locationId - b.locationId);
}

/** The offers a location sells (all of them when no location is chosen). */
export function offersAt(offers: readonly PackOfferView[], locationId: number | null): PackOfferView[] {
  return locationId === null ? [...offers] : offers.filter((o) => o.locationIds.includes(locationId));
}

/** The locations of one offer a customer can buy it from, narrowed to the chosen location. */
export function sellersOf(offer: PackOfferView, locationId: number | null): OfferLocation[] {
  return offer.locationIds
    .map((id, i) => ({ locationId: id, name: placeWords(offer.locationNames[i] ?? null, id) }))
    .filter((l) => locationId === null || l.locationId === locationId);
}

/** What expiry means for this pack, in plain words, with the date a pack bought on `today` would run to. */
export function expiryWords(termMonths: number, today: string): string {
  const until = formatDay(addMonths(today, termMonths));
  return `Your coupons can be used until the end of the day, in the selling store's local time, ${termMonths} month${termMonths === 1 ? '' : 's'} after the day you buy (bought today: through ${until}). A coupon with a shorter limit of its own says so on it. Unused coupons are not refunded once they expire.`;
}

/** The expiry rule said once above the list of packs (each card then gives only its own date). */
export const EXPIRY_RULES =
  "Coupons can be used until the end of the day, in the selling store's local time, for the pack's term after the day you buy. A coupon with a shorter limit of its own says so on it. Unused coupons are not refunded once they expire.";

/** One pack's expiry on the list of packs: the date its coupons last until when bought today. */
export function expiryDateWords(termMonths: number, today: string): string {
  return `Bought today: good through ${formatDay(addMonths(today, termMonths))}.`;
}

export { termWords };
export const priceWords = (offer: PackOfferView) => formatMoney(offer.price);

/** The customer's purchase page for a chosen pack and location. */
export function purchasePath(packId: string, locationId: number): string {
  const query = new URLSearchParams({ packId, locationId: String(locationId) });
  return `${paths.customer.purchase}?${query.toString()}`;
}

/** Where "Buy" leads: a signed-in customer to the purchase page, a visitor to sign in and then back to it. */
export function buyHref(packId: string, locationId: number, signedIn: boolean): string {
  const target = purchasePath(packId, locationId);
  return signedIn ? target : authUrl('login', { destination: target });
}

export const CHECKOUT_TEXTS = {
  chooseTitle: 'Buy Coupon Packs',
  chooseIntro: 'Check the pack and the location you buy it from. The price, the sales tax and the total are shown before you pay.',
  checkoutTitle: 'Checkout',
  checkoutIntro: 'Pay for your coupon pack.',
  confirmTitle: 'Thank you',
  pack: 'Pack',
  location: 'Location',
  locationHint: 'The location the pack is sold with: its sales tax applies, and its coupons expire in its local time.',
  price: 'Price',
  tax: 'Sales tax',
  taxAt: (rate: string) => `Sales tax (${rate})`,
  taxExempt: 'Sales tax (you are tax exempt)',
  total: 'Total',
  totalPaid: 'Total paid',
  continue: 'Continue to checkout',
  placing: 'Preparing your order...',
  backToPacks: 'Back to all packs',
  notFound: 'This pack is not sold online right now. Please choose another one.',
  notSoldHere: 'This pack is not sold at that location. Please choose one of the locations below.',
  cardNumber: 'Card number',
  testCards: 'Test cards',
  testCardSucceeds: 'succeeds',
  testCardDeclined: 'is declined',
  pay: (total: string) => `Pay ${total}`,
  paying: 'Paying...',
  noOrder: 'Your checkout has ended (the page was reloaded or opened on its own). Please choose your pack again.',
  stripeUnavailable: 'Card payment is not available right now. Please ask your dealership.',
  stripeLoading: 'Loading the secure card form...',
  stripeLoadFailed: 'The secure card form could not be loaded. Check your connection and reload the page.',
  stripeFailed: 'Your payment did not go through. Nothing was charged.',
  stripeCardForm: 'Card details',
  bought: 'You bought',
  boughtAt: 'From',
  receipt: 'A receipt is on its way by e-mail.',
  couponsReady: 'Your coupons are ready in My coupons.',
  toCoupons: 'Go to My coupons',
} as const;

/** The demo provider's published test cards (command-api payments/demo.ts), shown on its checkout. */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined (insufficient funds)' },
  { number: '4000 0000 0000 0069', outcome: 'is declined (expired card)' },
] as const;

/** The chosen pack and location read from /customer/purchase?packId=&locationId= (null when missing or malformed). */
export function chosenFrom(query: URLSearchParams): { packId: string | null; locationId: number | null } {
  const packId = query.get('packId')?.trim() || null;
  const raw = query.get('locationId')?.trim() ?? '';
  const locationId = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return { packId, locationId };
}
