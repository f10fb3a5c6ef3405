// Query-key factory of the customers feature; mutations invalidate through it.
export const customerKeys = {
  all: ['customers'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (customerId: string) => [...customerKeys.details(), customerId] as const,
  searches: () => [...customerKeys.all, 'search'] as const,
  search: (searchTerm: string) => [...customerKeys.searches(), searchTerm] as const,
  roCustomers: (locationId: number, roNumber: string) => [...customerKeys.all, 'ro-customers', locationId, roNumber.trim().toUpperCase()] as const,
  /** Mutation keys: `saves()` matches every step of a save, for "is a customer being saved?". */
  saves: () => [...customerKeys.all, 'save'] as const,
  save: (kind: 'create' | 'update' | 'validate') => [...customerKeys.saves(), kind] as const,
  registration: () => [...customerKeys.all, 'registration'] as const,
};
