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
>;

export function toProfileBody(profile: CustomerProfile): CustomerProfileBody {
  const { firstName, lastName, emailAddress, phoneMobile, phoneOther, address, address2, city, state, zip, isTaxExempt } =
    profile;
  return { firstName, lastName, emailAddress, phoneMobile, phoneOther, address, address2, city, state, zip, isTaxExempt };
}

/** What a customer command answers: the id of the saved customer. */
export interface CustomerCommandResult {
  customerId: string;
}
