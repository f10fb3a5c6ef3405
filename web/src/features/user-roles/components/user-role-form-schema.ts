// The user-role form: an employee, one of the employee roles, and a location (select values are strings).
import { EMPLOYEE_ROLES } from '@dealer/contracts';
import * as v from 'valibot';

export const USER_ROLE_MESSAGES = {
  userRequired: 'Employee is required.',
  roleRequired: 'Role is required.',
  locationRequired: 'Location is required',
} as const;

export const userRoleFormSchema = v.object({
  userId: v.pipe(v.string(), v.nonEmpty(USER_ROLE_MESSAGES.userRequired)),
  roleName: v.picklist(EMPLOYEE_ROLES, USER_ROLE_MESSAGES.roleRequired),
  locationId: v.pipe(
    v.string(),
    v.nonEmpty(USER_ROLE_MESSAGES.locationRequired),
    v.transform(Number),
    v.integer(USER_ROLE_MESSAGES.locationRequired),
    v.minValue(1, USER_ROLE_MESSAGES.locationRequired),
  ),
});

export type UserRoleFormInput = v.InferInput<typeof userRoleFormSchema>;
export type UserRoleFormOutput = v.InferOutput<typeof userRoleFormSchema>;
