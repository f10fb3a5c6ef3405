import { describe, expect, it } from 'vitest';
import { tokenPayload } from '../../testing/browser-globals';
import { actingLocationsOf } from './use-session';

describe('actingLocationsOf', () => {
  it('should give an employee the locations where they hold a role, an admin every location', () => {
    const employee = tokenPayload('employee');
    expect(actingLocationsOf({ payload: { ...employee, access: { ...employee.access, locationRoles: [{ locationId: 2, role: 'employee' }] } } })).toEqual([2]);
    const admin = tokenPayload('admin');
    expect(actingLocationsOf({ payload: { ...admin, access: { ...admin.access, locationRoles: [{ locationId: 1, role: 'admin' }] } } })).toBeNull();
  });

  it('should not narrow a customer (who holds no staff role and may visit any rooftop): the contact form offers every location', () => {
    const customer = tokenPayload('customer');
    expect(actingLocationsOf({ payload: { ...customer, access: { ...customer.access, locationRoles: [] } } })).toBeNull();
    expect(actingLocationsOf(null)).toBeNull();
  });
});
