// Query-key factory of the repair-orders feature.
import type { RoSearchQuery } from '@dealer/contracts';
import type { RoInput } from './repair-order';

export const repairOrderKeys = {
  all: ['repair-orders'] as const,
  detail: ({ roNumber, locationId }: RoInput) => [...repairOrderKeys.all, 'detail', locationId, roNumber.trim().toUpperCase()] as const,
  search: (query: RoSearchQuery) => [...repairOrderKeys.all, 'search', query] as const,
  accounting: ({ roNumber, locationId }: RoInput) => [...repairOrderKeys.all, 'accounting', locationId, roNumber.trim().toUpperCase()] as const,
};
