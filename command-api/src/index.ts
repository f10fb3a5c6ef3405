export * from './app';
export { IDENTITY_MIGRATIONS } from './identity/schema';
export { hashPassword } from './identity/passwords';
export { employeeStreamId, userRoleStreamId, employeeDecider, userRoleDecider } from './users/user-role';
