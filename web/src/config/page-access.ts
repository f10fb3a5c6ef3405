// Route data of every guarded page (SPEC 2.1: controller and action), shared by the router and the navigation.
import type { PageAccess } from '../lib/auth/page-access';

const staff = (controller: string): PageAccess => ({ controller, action: 'GET', area: 'employee' });
const customer = (controller: string, action: PageAccess['action'] = 'GET'): PageAccess => ({ controller, action, area: 'customer' });

export const PAGE_ACCESS = {
  /** Service-lane pages every staff member uses. */
  sales: staff('customers'),
  roSearch: staff('ro-data'),
  paperConversion: staff('customers'),
  /** The catalogue (issue 11): every staff member reads it; its commands are for managers and admins. */
  packs: staff('packs'),
  coupons: staff('coupons'),
  help: staff('customers'),
  training: staff('customers'),
  /** Reports (issue 14): controllers, managers and admins. */
  reports: staff('reports'),
  /** The auditor's timeline of one customer: controllers, managers and admins. */
  customerHistory: staff('customer-history'),
  /** Op codes that need the customer's verification, per location: managers and admins. */
  verificationOpCodes: staff('opcode-verification-rules'),
  /** Admin area (SPEC 6). */
  users: staff('user-roles'),
  devOutbox: staff('dev-outbox'),
  /** Parked projection events and failed message jobs, with Retry (issue 10, items 9 and 16). */
  systemHealth: staff('parked-events'),
  /** The API's OpenAPI description (issue 24): every staff member. */
  apiReference: staff('api-reference'),
  customerPages: customer('customers'),
  customerContact: customer('customer-contact-form', 'POST'),
} satisfies Record<string, PageAccess>;
