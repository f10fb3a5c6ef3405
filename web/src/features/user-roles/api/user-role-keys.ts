// Query-key factory of the user-roles feature; every change invalidates `all`, so the list reloads.
export const userRoleKeys = {
  all: ['user-roles'] as const,
  list: (locationId: number) => [...userRoleKeys.all, 'list', locationId] as const,
  users: () => [...userRoleKeys.all, 'users'] as const,
  /** Mutation key of create and update, for "is a user-role being saved?". */
  save: () => [...userRoleKeys.all, 'save'] as const,
};
