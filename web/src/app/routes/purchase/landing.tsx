// /purchase (SPEC 2.1: the landing area for buying packs, open to anyone). Being built (issue 13).
import { UnavailableRoute } from '../unavailable';

export function PurchaseLandingRoute() {
  return <UnavailableRoute title="Buy Coupon Packs" />;
}
