import { describe, expect, it } from 'vitest';
import { userRoleDecider, type UserRoleCommand, type UserRoleEvent } from './user-role';
import { given as givenEvents } from '../testing/given';

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the userRoleDecider. */
const given = (events: UserRoleEvent[]) => givenEvents(userRoleDecider, events);
const assigned: UserRoleEvent = { type: 'UserRoleAssigned', data: { userRoleId: 'r1', userId: 'u1', roleName: 'manager', locationId: 2 } };

describe('user-role decider', () => {
  it('should assign a valid role at a location', () => {
    expect(given([]).when({ type: 'AssignUserRole', data: { userRoleId: 'r1', userId: 'u1', roleName: 'manager', locationId: 2 } })()).toEqual([assigned]);
  });
  it('should refuse an unknown role and a missing location with clear messages', () => {
    expect(given([]).when({ type: 'AssignUserRole', data: { userRoleId: 'r1', userId: 'u1', roleName: 'owner', locationId: 2 } })).toThrow('Role is invalid.');
    expect(given([]).when({ type: 'AssignUserRole', data: { userRoleId: 'r1', userId: 'u1', roleName: 'admin', locationId: 0 } })).toThrow('Location is required');
  });
  it('should change and remove an active role, and refuse to touch a removed one', () => {
    expect(given([assigned]).when({ type: 'ChangeUserRole', data: { userRoleId: 'r1', roleName: 'admin', locationId: 2 } })()).toEqual([
      { type: 'UserRoleChanged', data: { userRoleId: 'r1', roleName: 'admin', locationId: 2 } },
    ]);
    const removed: UserRoleEvent = { type: 'UserRoleRemoved', data: { userRoleId: 'r1' } };
    expect(given([assigned]).when({ type: 'RemoveUserRole', data: { userRoleId: 'r1' } })()).toEqual([removed]);
    expect(given([assigned, removed]).when({ type: 'ChangeUserRole', data: { userRoleId: 'r1', roleName: 'admin', locationId: 2 } })).toThrow('User role not found.');
  });
});
