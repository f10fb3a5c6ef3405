// Every route path of the SPA in one place (SPEC 2.2), with builders for links.
export const paths = {
  root: '/',
  notFound: '/not-found',
  forbidden: '/forbidden',
  employee: {
    root: '/employee',
    sales: '/employee/sales',
    roSearch: '/employee/ro-search',
    reports: '/employee/reports',
    help: '/employee/help',
    users: '/employee/users',
    devOutbox: '/employee/dev-outbox',
  },
  customer: {
    coupons: '/customer/coupons',
    contact: '/customer/contact',
  },
} as const;

/** The signed-in user's default page (SPEC 2.2); the identity work will pick it per role. */
export function defaultPagePath(): string {
  return paths.employee.sales;
}
