// Query-key factory of the redemption-verifications feature; mutations invalidate through it.
export const redemptionVerificationKeys = {
  all: ['redemption-verifications'] as const,
  details: () => [...redemptionVerificationKeys.all, 'detail'] as const,
  detail: (id: string) => [...redemptionVerificationKeys.details(), id] as const,
  lists: () => [...redemptionVerificationKeys.all, 'list'] as const,
  /** The customer id is part of the key, so a new customer starts a new listener (SPEC 4: reset on change). */
  customerLists: (customerId: string) => [...redemptionVerificationKeys.lists(), customerId] as const,
  list: (customerId: string, withStatuses: boolean) => [...redemptionVerificationKeys.customerLists(customerId), withStatuses ? 'statuses' : 'open'] as const,
  /** The op codes of an RO's jobs (what staff may pre-approve). */
  roOpCodes: (locationId: number, roNumber: string) => [...redemptionVerificationKeys.all, 'ro-op-codes', locationId, roNumber.trim().toUpperCase()] as const,
  /** Mutation keys. */
  send: () => [...redemptionVerificationKeys.all, 'send'] as const,
  override: () => [...redemptionVerificationKeys.all, 'override'] as const,
};
