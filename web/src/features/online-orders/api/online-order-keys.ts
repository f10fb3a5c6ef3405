// Query keys of online orders (issue 13), shared by the customer's pages (an order, the gifts they sent) and the
// managers' list: the live updates stream (issue 24 part 3) refetches them when an order or a gift changes.
export const onlineOrderKeys = {
  all: ['online-orders'] as const,
  details: () => [...onlineOrderKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...onlineOrderKeys.details(), orderId] as const,
  giftsSent: (customerId: string) => [...onlineOrderKeys.all, 'gifts-sent', customerId] as const,
  lists: () => [...onlineOrderKeys.all, 'list'] as const,
};
