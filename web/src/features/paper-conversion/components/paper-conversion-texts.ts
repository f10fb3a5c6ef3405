// Words of the paper conversion wizard. Rules and server messages come from contracts (PAPER_BOOK_MESSAGES);
// these are the labels and notes a service advisor reads.
import { formatLocalDate, type PaperCouponStatus } from '@dealer/contracts';

export const PAPER_TEXTS = {
  title: 'Paper Conversion',
  description: 'Redeem a coupon from a printed coupon book, or convert the book into the customer’s digital pack.',
  steps: 'Paper conversion steps',
  stepOf: (n: number, total: number, title: string) => `Step ${n} of ${total}: ${title}`,
  // book-number
  bookNumberTitle: 'Which book does the customer have?',
  bookNumber: 'Book number',
  bookNumberHint: 'As printed on the book’s cover or on each coupon, e.g. PB-10001.',
  findBook: 'Find book',
  finding: 'Looking up the book...',
  bookFound: (n: string) => `Book ${n} is in the system.`,
  continue: 'Continue',
  notFoundHelp: 'Not Found In System: what to do',
  findBySaleRo: 'Find by sale RO',
  findBySaleRoTitle: 'Find the book by its sale RO',
  findBySaleRoIntro: 'Choose the store that sold the book, the RO it was sold on and the pack printed on the book.',
  saleRo: 'Sale RO #',
  pack: 'Pack',
  packPlaceholder: 'Select a pack...',
  packsLoading: 'Loading packs...',
  bookRoNotFoundHelp: 'Book RO Not Found: what to do',
  // action
  summaryTitle: 'Book',
  pack_: 'Pack',
  soldAt: 'Sold at',
  soldOn: 'Sold on',
  saleRoLabel: 'Sale RO#',
  status: 'Status',
  openStatus: 'Open',
  convertedStatus: 'Converted',
  convertedTo: (name: string, count: number, at: string) => `Converted for ${name} on ${at}: ${count} coupon${count === 1 ? '' : 's'} moved to the digital pack.`,
  couponsTitle: 'Coupons in the book',
  number: 'No.',
  coupon: 'Coupon',
  expires: 'Expiry',
  chooseAction: 'What does the customer want?',
  redeemAction: 'Redeem a paper coupon',
  redeemActionNote: 'The customer hands over a coupon from the book for today’s RO.',
  convertAction: 'Convert the book to a digital pack',
  convertActionNote: 'The unused coupons that have not expired move to the customer’s digital coupons; the paper book can no longer be used.',
  noAvailable: 'No coupon of this book can be used: each is redeemed or expired.',
  changeBook: 'Another book',
  // paper-redeem
  redeemTitle: 'Which coupon does the customer hand over?',
  redeemIntro: 'Only coupons that are still available are listed. The RO is checked like a digital coupon’s; paper coupons need no verification by the customer.',
  redeemButton: (n: number) => `Enter RO # for coupon ${n}`,
  chooseCoupon: 'Choose a coupon first.',
  enterRo: 'Enter RO #',
  redeeming: 'Redeeming...',
  redeemHelp: 'Paper Redeem help',
  opCodes: (codes: readonly string[]) => `Op code${codes.length === 1 ? '' : 's'} ${codes.join(', ')}`,
  backToAction: 'Back to the book',
  // coupon list
  void: 'Void',
  voidLabel: (n: number, name: string) => `Void the redemption of coupon ${n}, ${name}`,
  voidDescription: (n: number, name: string, ro: string) => `Void the redemption of coupon ${n} (${name}) on RO# ${ro}. The coupon becomes available again if it has not expired.`,
  redeemedOn: (ro: string, location: string, amount: string) => `RO# ${ro} at ${location}, ${amount} off`,
  redeemedWhen: (at: string, by: string | null) => (by ? `${at} by ${by}` : at),
  opCode: (op: string) => `Op code ${op}`,
  redeemedLabel: 'Redemption',
  // customer-info
  customerTitle: 'Whose book is it?',
  customerIntro: 'Find the customer by phone, e-mail or RO number, or create them. The converted coupons become theirs.',
  searchCustomer: 'Search customers',
  createCustomer: 'Create New Customer',
  chosen: 'Customer',
  customerName: 'Name',
  noCustomer: 'No customer chosen yet.',
  customerLoading: 'Loading customer...',
  email: 'Email',
  mobile: 'Mobile Phone',
  noEmailNote: 'This customer has no e-mail address: the book can still be converted, but they cannot register online yet.',
  noEmailHelp: 'Customer Without Email: what to do',
  next: 'Next',
  back: 'Back',
  // book-conversion
  confirmTitle: 'Confirm the conversion',
  convertedTitle: 'The book is converted',
  toConvert: (n: number) => `${n} coupon${n === 1 ? '' : 's'} will move to the customer’s digital pack:`,
  notMoved: 'Coupons already redeemed or expired are not moved; the paper book can no longer be used afterwards.',
  convert: 'Convert book',
  converting: 'Converting...',
  chooseCustomerFirst: 'Choose the customer first.',
  toCustomerInfo: 'Choose the customer',
  registrationSent: (email: string | null) => `A registration e-mail was sent to ${email ?? 'the customer'} so they can see their coupons online.`,
  registrationRegistered: 'The customer already has an online account: the coupons are there now.',
  registrationNoEmail: 'The customer has no e-mail address, so no registration message was sent: they cannot see their coupons online yet, and use them at the service counter as before.',
  /** Issue 24: where the converted coupons' desk codes are (no receipt is e-mailed for a conversion, decision 0091). */
  codesWhere: (online: boolean) =>
    `Each coupon now has a code to show at the service desk: see them under Coupons on the Sales page${online ? ', and the customer sees them on My Coupons' : ''}.`,
  goToSales: 'Go to Sales',
  anotherBook: 'Convert or redeem another book',
} as const;

export const PAPER_COUPON_STATUS_LABELS: Record<PaperCouponStatus, string> = {
  available: 'Available',
  redeemed: 'Redeemed',
  expired: 'Expired',
  converted: 'Converted',
  void: 'Void',
};

export const PAPER_COUPON_STATUS_TONES: Record<PaperCouponStatus, string> = {
  available: 'success',
  redeemed: 'info',
  expired: 'muted',
  converted: 'info',
  void: 'danger',
};

/** 'Expires 12/31/2027', or 'Expired 12/31/2027' once past. */
export const paperExpiryLabel = (coupon: { expiresOn: string; status: PaperCouponStatus }) =>
  `${coupon.status === 'expired' ? 'Expired' : 'Expires'} ${formatLocalDate(coupon.expiresOn)}`;

export const locationLabel = (name: string | null, id: number) => name ?? `Location ${id}`;
