// Query keys of the pack-sales feature. A sale, finalisation, correction or void changes both of the customer's
// lists (purchase history and coupons), so every command invalidates `customer(customerId)`.
export const packSaleKeys = {
  all: ['pack-sales'] as const,
  customer: (customerId: string) => [...packSaleKeys.all, 'customer', customerId] as const,
  purchases: (customerId: string) => [...packSaleKeys.customer(customerId), 'purchases'] as const,
  coupons: (customerId: string) => [...packSaleKeys.customer(customerId), 'coupons'] as const,
  /** Mutation key of a sale being posted (the sell dialog cannot be closed meanwhile). */
  sell: () => [...packSaleKeys.all, 'sell'] as const,
  /** Active packs sold at a location (the sell dialog's choice). */
  sellablePacks: (locationId: number) => [...packSaleKeys.all, 'sellable-packs', locationId] as const,
};
