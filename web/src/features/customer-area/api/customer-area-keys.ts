// Query keys of the customer area's own reads: the current offers (per location filter) and the service history pages.
export const customerAreaKeys = {
  all: ['customer-area'] as const,
  offers: (locationId: number | null = null) => [...customerAreaKeys.all, 'offers', locationId] as const,
  serviceHistory: (customerId: string) => [...customerAreaKeys.all, 'service-history', customerId] as const,
  serviceHistoryPage: (customerId: string, limit: number, offset: number) => [...customerAreaKeys.serviceHistory(customerId), limit, offset] as const,
};
