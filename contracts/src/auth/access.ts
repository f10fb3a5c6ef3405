/**
 * Roles and the access list of SPEC 6: entries `Api,<resource>,<METHOD>` that drive
 * canGet/canAdd/canUpdate/canDelete in the client and are enforced by the server on every route.
 */
export type Role = 'admin' | 'manager' | 'controller' | 'employee' | 'customer';
export const EMPLOYEE_ROLES = ['admin', 'manager', 'controller', 'employee'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const accessEntry = (resource: string, method: HttpMethod) => `Api,${resource},${method}`;

const crud = (resource: string, methods: HttpMethod[]) => methods.map((m) => accessEntry(resource, m));

/** What every staff member may do in the service lane. */
const STAFF = [
  ...crud('customers', ['GET', 'POST', 'PUT']),
  ...crud('customer-search', ['GET']),
  ...crud('customer-validate', ['POST']),
  ...crud('customer-resend-registration', ['POST']),
  ...crud('customer-info-from-ro', ['GET']),
  ...crud('ro-data', ['GET']),
  // Issue 23: RO search by advisor, dates, status, VIN and customer name.
  ...crud('ro-search', ['GET']),
  ...crud('locations', ['GET']),
  ...crud('email-phone-verification', ['POST']),
  ...crud('redemption-verifications', ['GET', 'POST', 'PUT']),
  ...crud('redemption-verification-overrides', ['POST']),
  ...crud('app-events', ['POST']),
  // Issue 11: the catalogue is read by all staff; selling, and correcting a sale's location.
  ...crud('coupons', ['GET']),
  ...crud('packs', ['GET']),
  ...crud('pack-sales', ['POST']),
  ...crud('pack-sale-location-corrections', ['POST']),
  ...crud('customer-purchases', ['GET']),
  ...crud('customer-coupons', ['GET']),
  ...crud('customer-service-history', ['GET']),
  // Issue 12: redeeming coupons; voiding or moving a redemption (the decider lets staff act on
  // their own redemptions on the day they made them, managers on any).
  ...crud('coupon-redemptions', ['POST', 'PUT']),
  ...crud('coupon-redemption-voids', ['POST']),
  ...crud('opcodes', ['GET']),
  // Issue 12: paper coupon books (find, redeem a paper coupon, void it, convert the book).
  ...crud('paper-books', ['GET', 'POST']),
  ...crud('paper-book-redemptions', ['POST']),
  ...crud('paper-book-redemption-voids', ['POST']),
  ...crud('paper-book-conversions', ['POST']),
  // Issue 23: the training videos; each employee reports and reads their own progress.
  ...crud('training', ['GET', 'POST']),
  // Issue 24: the API's OpenAPI description and its reference page (everyone in demo mode).
  ...crud('api-reference', ['GET']),
  // Issue 23: form drafts (SPEC 4 form cache); each user reaches only their own (the store checks).
  ...crud('form-drafts', ['POST', 'PUT', 'PATCH', 'DELETE']),
  // Issue 24 part 3: the live updates stream and its tickets (the stream filters each message, ADR 0087).
  ...crud('event-stream', ['GET', 'POST']),
];

/** Managers (and admins) run the programme: the catalogue, and finalising and voiding sales. */
const PROGRAMME = [
  ...crud('coupons', ['POST', 'PUT']),
  ...crud('packs', ['POST', 'PUT', 'DELETE']),
  ...crud('pack-sale-finalisations', ['POST']),
  ...crud('pack-sale-voids', ['POST']),
  // Issue 12: redemptions on ROs the DMS data shows voided, reviewed by managers.
  ...crud('coupon-redemption-reviews', ['GET', 'POST']),
  // Issue 13: online orders (any one, and the list of paid, failed and refunded orders).
  ...crud('online-orders', ['GET']),
  ...crud('online-order-list', ['GET']),
  // Issue 23: completion of the training videos by employee, at the locations they manage.
  ...crud('training-completion', ['GET']),
];

const AUDIT = [...crud('customer-history', ['GET'])];

/** Issue 14: the reports (managers, controllers and admins; the route narrows staff to their locations). */
const REPORTS = [...crud('reports', ['GET'])];

export const ROLE_ACCESS: Record<Role, readonly string[]> = {
  employee: STAFF,
  controller: [...STAFF, ...AUDIT, ...REPORTS],
  manager: [...STAFF, ...AUDIT, ...REPORTS, ...PROGRAMME, ...crud('opcode-verification-rules', ['GET', 'POST', 'PUT', 'DELETE'])],
  admin: [
    ...STAFF,
    ...AUDIT,
    ...REPORTS,
    ...PROGRAMME,
    ...crud('opcode-verification-rules', ['GET', 'POST', 'PUT', 'DELETE']),
    ...crud('user-roles', ['GET', 'POST', 'PUT', 'DELETE']),
    ...crud('users', ['GET']),
    ...crud('dev-outbox', ['GET']),
    ...crud('customer-erasure', ['POST']),
    // Operations: parked projection events and failed message jobs, listed and retried.
    ...crud('parked-events', ['GET', 'POST']),
    ...crud('failed-jobs', ['GET', 'POST']),
    // The details of every part's health (public /healthz answers the status only).
    ...crud('system-health', ['GET']),
  ],
  // A customer's entries apply to their own records only (the server checks ownership).
  customer: [
    ...crud('customers', ['GET', 'PUT']),
    ...crud('email-phone-verification', ['POST']),
    ...crud('redemption-verifications', ['GET', 'PUT']),
    ...crud('app-events', ['POST']),
    ...crud('customer-contact-form', ['POST']),
    ...crud('locations', ['GET']),
    // Issue 13: their packs and coupons, and their service history (ROs matched to them).
    ...crud('customer-purchases', ['GET']),
    ...crud('customer-coupons', ['GET']),
    ...crud('customer-service-history', ['GET']),
    // Issue 13: buying a pack online (place and confirm their own orders).
    ...crud('online-orders', ['GET', 'POST']),
    // Issue 13: claiming a gift sent to their e-mail (the /login/{giftToken} link).
    ...crud('gift-claims', ['POST']),
    // Issue 13: the gifts they bought (to whom, claimed or waiting), on My coupons.
    ...crud('customer-gifts', ['GET']),
    // Issue 24 part 3: live updates of their own verifications, coupons and purchases.
    ...crud('event-stream', ['GET', 'POST']),
  ],
};

/** The union of the roles' entries, de-duplicated and sorted. */
export function accessListFor(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((r) => ROLE_ACCESS[r]))].sort();
}

/** SPEC 6: canGet / canAdd / canUpdate / canDelete for a resource; empty when missing. */
export function permissionsFor(access: readonly string[] | null | undefined, resource: string) {
  const has = (m: HttpMethod) => (access ?? []).includes(accessEntry(resource, m));
  return { canGet: has('GET'), canAdd: has('POST'), canUpdate: has('PUT') || has('PATCH'), canDelete: has('DELETE') };
}

/** A role a user holds at one location (a row of user roles). */
export interface LocationRole {
  locationId: number;
  role: EmployeeRole;
}

/**
 * The roles a user holds at one location (issue 20, ASVS 8.4.1): their roles there, and 'admin'
 * wherever they hold it anywhere (admins act at every location). The union of a user's roles never
 * travels to a location: a manager at one rooftop may be a service advisor at another.
 */
export function rolesAtLocation(held: readonly LocationRole[], locationId: number): EmployeeRole[] {
  const at = new Set<EmployeeRole>(held.filter((r) => r.locationId === locationId).map((r) => r.role));
  if (held.some((r) => r.role === 'admin')) at.add('admin');
  return [...at];
}

/**
 * The locations where a user acts (issue 20): where they hold any role, in number order; null for
 * an admin (every location) and when the roles per location are not known (a token from before).
 */
export function actingLocationIds(held: readonly LocationRole[] | undefined): number[] | null {
  if (held === undefined || held.some((r) => r.role === 'admin')) return null;
  return [...new Set(held.map((r) => r.locationId))].sort((a, b) => a - b);
}

/** Whether `roles` (held at one location) grant `resource` with `method` there. */
export const rolesGrant = (roles: readonly Role[], resource: string, method: HttpMethod) => accessListFor(roles).includes(accessEntry(resource, method));

/** Managers' rights at a location: the manager or admin role held there. */
export const isManagerRole = (roles: readonly Role[]) => roles.includes('manager') || roles.includes('admin');

/** Stable role ids (SPEC 3 user-role roleId). */
export const ROLE_IDS: Record<EmployeeRole, number> = { admin: 1, manager: 2, controller: 3, employee: 4 };

export const USER_ROLE_MESSAGES = {
  added: 'User role successfully added.',
  updated: 'User role successfully updated.',
  removed: 'User role successfully removed.',
  removeConfirm: 'Are you sure you want to remove user role?',
  notFound: 'User role not found.',
  userNotFound: 'User not found.',
  duplicate: 'This user already has this role at this location.',
  locationRequired: 'Location is required',
  roleInvalid: 'Role is invalid.',
} as const;
