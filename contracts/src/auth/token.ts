/** The auth token payload of SPEC 3 as /auth-api answers it (dataSet). */
import type { LocationRole, Role } from './access';

export type AuthEvent = 'LOGIN' | 'REFRESH' | 'APP_REFRESH' | 'Logout';

export interface AuthUser {
  /** Employees: the user id. Customers: the customer id (also in customerId). */
  userId: string;
  customerId: string | null;
  first: string | null;
  last: string | null;
  email: string | null;
  username: string | null;
  isEmployee: boolean;
  location: string | null;
  locationId: number | null;
  title: string | null;
  department: string | null;
  lastFailedLoginDate: string | null;
  roles: Role[];
}

export interface AuthTokenPayload {
  /** The signed access token to send as `Authorization: Bearer`. */
  token: string;
  user: AuthUser;
  access: {
    list: string[];
    args: { isAdmin: boolean; isManager: boolean; isController: boolean };
    /** Issue 20: the roles the user holds at each location (staff act and read there only; admins everywhere). */
    locationRoles?: LocationRole[];
  };
  /** Lifetime of the access token in seconds from issue. */
  expiresSeconds: number;
  /** Seconds after issue from which the client renews (on window focus). */
  renewPeriodSeconds: number;
  evt: AuthEvent;
}

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password.',
  throttled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  loginSuccessful: 'Login Successful',
  registered: 'Successfully registered.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Please enter at least 10 characters.',
  passwordMax: 'Only 128 characters are allowed.',
  passwordCommon: 'This password is too common. Please choose another.',
  passwordMismatch: 'Passwords do not match.',
  giftTokenRequired: 'Gift token is required.',
  registrationLinkInvalid: 'This registration link is not valid or has expired.',
  /** The web client's forbidden page (a page the user may not open); never an API answer. */
  forbidden: 'You do not have access to this page.',
  /** An API refusal of a request (403 from the access layer or a handler, issue 20: also where the caller holds no role at that location): the words for a command, not a page. */
  notPermitted: 'You do not have permission to do this.',
} as const;

/** SPEC 6: 'Last unsuccessful login was: {date}.' only within about 31 days. */
export function lastFailedLoginMessage(lastFailed: string | null, now: Date, formatted: (d: Date) => string): string | null {
  if (!lastFailed) return null;
  const when = new Date(lastFailed);
  if (now.getTime() - when.getTime() > 2_678_400_000) return null;
  return `Last unsuccessful login was: ${formatted(when)}.`;
}

export const DEFAULT_PAGES = { admin: '/employee/users', employee: '/employee/sales', customer: '/customer/coupons' } as const;

/** SPEC 2.2: admins land on users, other staff on sales, customers on their coupons. */
export function defaultPageFor(user: Pick<AuthUser, 'isEmployee' | 'roles'> | null): string {
  if (!user) return '/';
  if (!user.isEmployee) return DEFAULT_PAGES.customer;
  return user.roles.includes('admin') ? DEFAULT_PAGES.admin : DEFAULT_PAGES.employee;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
