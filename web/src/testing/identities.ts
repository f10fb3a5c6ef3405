// The signed-in people of the route-level tests, as the auth API's token payload says who they are.
import type { AuthTokenPayload, Role } from '@dealer/contracts';
import { tokenPayload } from './browser-globals';

/** A payload as POST /auth-api/refresh answers it for a user with these roles (evt REFRESH: a tab picking up its session). */
export function identity(role: Role, overrides: Partial<AuthTokenPayload['user']> = {}): AuthTokenPayload {
  const payload = tokenPayload(role, 'REFRESH');
  return { ...payload, user: { ...payload.user, ...overrides } };
}

export const employee = () => identity('employee', { first: 'Sam', last: 'Advisor' });
export const manager = () => identity('manager', { first: 'Morgan', last: 'Manager' });
export const customer = (customerId = 'cust-1') => identity('customer', { userId: customerId, customerId, first: 'Dana', last: 'Driver', email: 'dana@example.com' });
