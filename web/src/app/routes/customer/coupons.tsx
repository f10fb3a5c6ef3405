// /customer/coupons (SPEC 2.1). Being built (issue 13).
import { UnavailableRoute } from '../unavailable';

export function CustomerCouponsRoute() {
  return <UnavailableRoute title="My Coupons" />;
}
