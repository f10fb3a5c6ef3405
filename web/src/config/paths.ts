// Every route path of the SPA in one place (SPEC 2.1, 2.2), with builders for links.
export const paths = {
  root: '/',
  notFound: '/not-found',
  forbidden: '/forbidden',
  loading: '/loading',
  logout: '/logout',
  privacy: '/privacy',
  termsOfService: '/terms-of-service',
  purchase: '/purchase',
  verify: '/verify',
  apiReference: '/api-reference',
  contact: '/contact',
  unsubscribe: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  auth: {
    login: '/auth/login',
    logout: '/auth/logout',
    refresh: '/auth/refresh',
    receiving: '/auth/receiving',
    selfRegister: '/auth/register',
    register: (securityToken: string) => `/auth/register/${encodeURIComponent(securityToken)}`,
    gift: (email: string, giftToken: string) => `/auth/gift/${encodeURIComponent(email)}/${encodeURIComponent(giftToken)}`,
    loginWithGift: (giftToken: string) => `/auth/login?giftToken=${encodeURIComponent(giftToken)}`,
  },
  employee: {
    root: '/employee',
    sales: '/employee/sales',
    roSearch: '/employee/ro-search',
    paperConversion: '/employee/paper-conversion',
    packs: '/employee/packs',
    coupons: '/employee/coupons',
    reports: '/employee/reports',
    help: '/employee/help',
    training: '/employee/training',
    users: '/employee/users',
    verificationOpCodes: '/employee/verification-op-codes',
    devOutbox: '/employee/dev-outbox',
    systemHealth: '/employee/system-health',
    apiReference: '/employee/api-reference',
    customerHistory: (customerId: string) => `/employee/customers/${encodeURIComponent(customerId)}/history`,
  },
  training: {
    root: '/training',
    coupons: '/training/coupons',
    paper: '/training/paper',
  },
  customer: {
    root: '/customer',
    coupons: '/customer/coupons',
    service: '/customer/service',
    contact: '/customer/contact',
    purchase: '/customer/purchase',
    profile: '/customer/profile',
  },
} as const;

/** SPEC 2.2 children of the employee areas, as [path segment, page title]. */
export const PAPER_CONVERSION_STEPS = [
  ['book-number', 'Book Number'],
  ['action', 'Action'],
  ['paper-redeem', 'Paper Redeem'],
  ['customer-info', 'Customer Info'],
  ['book-conversion', 'Book Conversion'],
] as const;

export const REPORT_PAGES = [
  ['coupon-sales', 'Coupon Sales'],
  ['coupon-sales-v2', 'Coupon Sales V2'],
  ['coupon-redemptions', 'Coupon Redemptions'],
  ['coupon-redemptions-v2', 'Coupon Redemptions V2'],
  ['payouts', 'Payouts'],
  ['expired', 'Expired'],
  ['invoice-summary', 'Invoice Summary'],
  ['invoice-summary-v2', 'Invoice Summary V2'],
  ['expiry-reminders', 'Expiry Reminders'],
] as const;

export const HELP_PAGES = [
  ['opcode-list', 'Opcode List'],
  ['opcodes', 'Opcodes'],
  ['coupon-ro-not-found', 'Coupon RO Not Found'],
  ['book-ro-not-found', 'Book RO Not Found'],
  ['not-found-in-system', 'Not Found In System'],
  ['customer-no-email', 'Customer Without Email'],
  ['paper-conversions', 'Paper Conversions'],
  ['paper-redeem', 'Paper Redeem'],
] as const;

export const CUSTOMER_PURCHASE_STEPS = [
  ['checkout', 'Checkout'],
  ['confirm', 'Confirm'],
] as const;
