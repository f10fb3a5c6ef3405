// The request body of create and update: exactly the profile fields the command API accepts.
import type { CustomerProfile } from '@dealer/contracts';

export type CustomerProfileBody = Pick<
  CustomerProfile,
  | 'firstName'
  | 'lastName'
  | 'emailAddress'
  | 'phoneMobile'
  | 'phoneOther'
  | 'address'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'isTaxExempt'
> &
  Partial<Pick<CustomerProfile, 'verifyRedemptions'>>;

/**
 * The body of a save. Switches the user may not set (SPEC 6: Verify Redemptions is for managers and admins)
 * are left out, so the server keeps their stored value.
 */
export function toProfileBody(profile: CustomerProfile, options: { verifyRedemptions?: boolean } = {}): CustomerProfileBody {
  const { firstName, lastName, emailAddress, phoneMobile, phoneOther, address, address2, city, state, zip, isTaxExempt } =
    profile;
  const body: CustomerProfileBody = { firstName, lastName, emailAddress, phoneMobile, phoneOther, address, address2, city, state, zip, isTaxExempt };
  if (options.verifyRedemptions) body.verifyRedemptions = profile.verifyRedemptions;
  return body;
}

/** What a customer command answers: the id of the saved customer. */
export interface CustomerCommandResult {
  customerId: string;
}
