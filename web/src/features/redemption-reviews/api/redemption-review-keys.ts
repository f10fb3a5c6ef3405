// Query-key factory of the redemption-reviews feature; a keep or void invalidates `all`, so the list reloads.
export const redemptionReviewKeys = {
  all: ['redemption-reviews'] as const,
  list: (locationId: number) => [...redemptionReviewKeys.all, 'list', locationId] as const,
};
