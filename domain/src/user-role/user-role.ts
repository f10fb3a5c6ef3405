/**
 * Aggregates of staff identity: an employee (stream `employee-{userId}`) and a role assignment
 * (stream `user-role-{userRoleId}`: a role at a location). Pure deciders.
 */
import { EMPLOYEE_ROLES, USER_ROLE_MESSAGES, type EmployeeRole } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';

export const employeeStreamId = (userId: string) => `employee-${userId}`;
export const userRoleStreamId = (userRoleId: string) => `user-role-${userRoleId}`;

export interface EmployeeProfile {
  first: string;
  last: string;
  username: string;
  email: string | null;
  mobilePhone: string | null;
  otherPhone: string | null;
  title: string | null;
  department: string | null;
  locationId: number;
}

export type EmployeeEvent = { type: 'EmployeeCreated'; data: { userId: string } & EmployeeProfile };
export type EmployeeCommand = { type: 'CreateEmployee'; data: { userId: string } & EmployeeProfile };
export type EmployeeState = { exists: boolean };

export const employeeDecider: Decider<EmployeeState, EmployeeCommand, EmployeeEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (state, event) => (event.type === 'EmployeeCreated' ? { exists: true } : state),
  decide: (command, state) => {
    if (state.exists) throw new DomainError('conflict', ['This user already exists.']);
    return [{ type: 'EmployeeCreated', data: command.data }];
  },
};

export type UserRoleEvent =
  | { type: 'UserRoleAssigned'; data: { userRoleId: string; userId: string; roleName: EmployeeRole; locationId: number } }
  | { type: 'UserRoleChanged'; data: { userRoleId: string; roleName: EmployeeRole; locationId: number } }
  | { type: 'UserRoleRemoved'; data: { userRoleId: string } };

export type UserRoleCommand =
  | { type: 'AssignUserRole'; data: { userRoleId: string; userId: string; roleName: string; locationId: number } }
  | { type: 'ChangeUserRole'; data: { userRoleId: string; roleName: string; locationId: number } }
  | { type: 'RemoveUserRole'; data: { userRoleId: string } };

export type UserRoleState = { status: 'none' | 'active' | 'removed'; roleName?: EmployeeRole; locationId?: number };

function validRole(roleName: string): EmployeeRole {
  if (!(EMPLOYEE_ROLES as readonly string[]).includes(roleName)) throw new DomainError('validation', [USER_ROLE_MESSAGES.roleInvalid]);
  return roleName as EmployeeRole;
}

function validLocation(locationId: number): number {
  if (!Number.isInteger(locationId) || locationId < 1) throw new DomainError('validation', [USER_ROLE_MESSAGES.locationRequired]);
  return locationId;
}

export const userRoleDecider: Decider<UserRoleState, UserRoleCommand, UserRoleEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    const e = event as UserRoleEvent;
    if (e.type === 'UserRoleAssigned' || e.type === 'UserRoleChanged') return { status: 'active', roleName: e.data.roleName, locationId: e.data.locationId };
    if (e.type === 'UserRoleRemoved') return { status: 'removed' };
    return state;
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AssignUserRole': {
        if (state.status !== 'none') throw new DomainError('conflict', [USER_ROLE_MESSAGES.duplicate]);
        const { userRoleId, userId } = command.data;
        return [{ type: 'UserRoleAssigned', data: { userRoleId, userId, roleName: validRole(command.data.roleName), locationId: validLocation(command.data.locationId) } }];
      }
      case 'ChangeUserRole': {
        if (state.status !== 'active') throw new DomainError('not_found', [USER_ROLE_MESSAGES.notFound]);
        const roleName = validRole(command.data.roleName);
        const locationId = validLocation(command.data.locationId);
        if (roleName === state.roleName && locationId === state.locationId) return [];
        return [{ type: 'UserRoleChanged', data: { userRoleId: command.data.userRoleId, roleName, locationId } }];
      }
      case 'RemoveUserRole': {
        if (state.status !== 'active') throw new DomainError('not_found', [USER_ROLE_MESSAGES.notFound]);
        return [{ type: 'UserRoleRemoved', data: { userRoleId: command.data.userRoleId } }];
      }
    }
  },
};
