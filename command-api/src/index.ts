export * from './app';
export { IDENTITY_MIGRATIONS } from './identity/schema';
export { hashPassword } from './identity/passwords';
export { employeeStreamId, userRoleStreamId, employeeDecider, userRoleDecider } from '@dealer/domain/user-role/user-role';
