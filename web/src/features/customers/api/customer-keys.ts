// Query-key factory of the customers feature; mutations invalidate through it.
export const customerKeys = {
  all: ['customers'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (customerId: string) => [...customerKeys.details(), customerId] as const,
  searches: () => [...customerKeys.all, 'search'] as const,
  search: (searchTerm: string) => [...customerKeys.searches(), searchTerm] as const,
  /** Mutation keys: `saves()` matches both, for "is a customer being saved?". */
  saves: () => [...customerKeys.all, 'save'] as const,
  save: (kind: 'create' | 'update') => [...customerKeys.saves(), kind] as const,
};
